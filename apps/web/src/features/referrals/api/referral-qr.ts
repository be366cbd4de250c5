import type { REFERRAL_QR_FORMATS } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export type ReferralQrFormat = (typeof REFERRAL_QR_FORMATS)[number];

/**
 * GET /api/user/referral/qr.png|qr.svg: the QR code of the link as a Blob. The API authenticates
 * with the bearer header, which the app's fetch sends (an <img src> would carry only the
 * cookie), so the page shows the image from an object URL.
 */
export function fetchReferralQr(format: ReferralQrFormat, signal?: AbortSignal): Promise<Blob> {
  return apiRequest<Blob>(`/user/referral/qr.${format}`, { signal, responseType: 'blob' });
}

/** Saves the QR code as a file: fetched with the token, then handed to the browser's download. */
export async function downloadReferralQr(format: ReferralQrFormat, code: string): Promise<void> {
  const url = URL.createObjectURL(await fetchReferralQr(format));
  const link = document.createElement('a');
  link.href = url;
  link.download = `sunin-referral-${code}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
