/** The range a page asks for: what its URL says, or nothing (the server's default, the last 12 months). */
export interface AnalyticsRangeQuery {
  from?: string;
  to?: string;
}

export function rangeSearch(range: AnalyticsRangeQuery): string {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  const text = params.toString();
  return text ? `?${text}` : '';
}
