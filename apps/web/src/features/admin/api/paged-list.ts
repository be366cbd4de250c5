import { apiRequestWithResponse, type RequestOptions } from '../../../lib/api-client';

export interface PagedList<T> {
  rows: T[];
  /** Every matching record (X-Total-Count), not just this page. */
  total: number;
}

/** A GET of a paged admin list: the rows and the X-Total-Count header (DESIGN.md paging). */
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
