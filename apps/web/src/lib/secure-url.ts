/**
 * member-app.md 7: "Download links rewrite http to https". An absolute http: address would be
 * blocked as mixed content on a page served over https, so it is upgraded there; same-origin
 * paths (what our API returns) and pages on plain http are left alone.
 */
export function secureUrl(url: string, pageProtocol: string = window.location.protocol): string {
  return pageProtocol === 'https:' && /^http:\/\//i.test(url) ? `https://${url.slice('http://'.length)}` : url;
}

/** The address that downloads a stored photo or file under its original name (`?download=1`). */
export function downloadUrl(url: string, pageProtocol?: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return secureUrl(`${url}${separator}download=1`, pageProtocol);
}
