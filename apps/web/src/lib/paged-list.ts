import { apiRequestWithResponse, type RequestOptions } from './api-client';

export interface PagedList<T> {
  rows: T[];
  /** Every matching record (X-Total-Count), not just this page. */
  total: number;
}

/** A GET of a paged list: the rows and the X-Total-Count header (DESIGN.md paging). */
export async function getPagedList<T>(path: string, query: RequestOptions['query'], signal?: AbortSignal): Promise<PagedList<T>> {
  const { data, headers } = await apiRequestWithResponse<T[]>(path, { query, signal });
  const rows = Array.isArray(data) ? data : [];
  const header = headers.get('X-Total-Count');
  const total = header !== null && Number.isFinite(Number(header)) ? Number(header) : rows.length;
  return { rows, total };
}

/** A list response, or an empty list when the body is not one (a malformed reply must not crash a table). */
export async function getList<T>(path: string, query: RequestOptions['query'], signal?: AbortSignal): Promise<T[]> {
  const { data } = await apiRequestWithResponse<T[]>(path, { query, signal });
  if (Array.isArray(data)) return data;
  console.error(`${path} answered without a list.`, data);
  return [];
}

/** useInfiniteQuery's next page of a paged list: another while fewer rows are loaded than the total. */
export function nextPageParam<T>(last: PagedList<T>, pages: Array<PagedList<T>>, lastPage: number): number | undefined {
  return pages.reduce((sum, page) => sum + page.rows.length, 0) < last.total && last.rows.length > 0 ? lastPage + 1 : undefined;
}
