import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** The URL keys every list shares; anything else in the query is a filter. */
const PAGE = 'page';
const SEARCH = 'q';
const SORT = 'sort';

export type FilterValue = string | readonly string[] | undefined;

export interface ListSearchParams {
  /** 1-based; a missing or malformed page is 1. */
  page: number;
  /** The search text ('' for none). */
  q: string;
  /** The `sort` parameter as the server takes it (`field` or `-field`), or undefined for the list's default. */
  sort: string | undefined;
  /** One filter's value ('' when absent). */
  value: (key: string) => string;
  /** A repeatable filter's values. */
  values: (key: string) => string[];
  /** Whether a search or any of `filterKeys` is in force (for the "no matches" empty state). */
  narrowed: boolean;
  /** The search, filters and sort as query parameters, without the page (the CSV export's query). */
  exportQuery: string;
  setPage: (page: number) => void;
  /** Typing: replaces the history entry instead of pushing one per keystroke. */
  setSearch: (q: string) => void;
  setFilter: (key: string, value: FilterValue) => void;
  setSort: (sort: string | undefined) => void;
  /** Removes the search and every filter (a "Clear all"). */
  clearAll: () => void;
}

/**
 * The whole state of a paged list (page, search, filters, sort) in the URL search params, so
 * Back, reload and a shared link restore it (issue 15 item 2). Choosing a filter, sort or page
 * pushes a history entry; typing a search replaces the current one. A new search or filter
 * starts again at page 1. `filterKeys` are the filter parameters this list understands.
 */
export function useListSearchParams(filterKeys: readonly string[]): ListSearchParams {
  const [params, setParams] = useSearchParams();

  const update = useCallback(
    (change: (next: URLSearchParams) => void, { replace = false, resetPage = true }: { replace?: boolean; resetPage?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          change(next);
          if (resetPage) next.delete(PAGE);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  return useMemo(() => {
    const pageNumber = Number(params.get(PAGE));
    const page = Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1;
    const q = params.get(SEARCH) ?? '';
    const exported = new URLSearchParams();
    for (const [key, value] of params) if (key === SEARCH || key === SORT || filterKeys.includes(key)) exported.append(key, value);
    return {
      page,
      q,
      sort: params.get(SORT) || undefined,
      value: (key) => params.get(key) ?? '',
      values: (key) => params.getAll(key),
      narrowed: q.trim() !== '' || filterKeys.some((key) => params.has(key)),
      exportQuery: exported.toString(),
      setPage: (next) => update((draft) => (next > 1 ? draft.set(PAGE, String(next)) : draft.delete(PAGE)), { resetPage: false }),
      setSearch: (text) => update((draft) => (text.trim() ? draft.set(SEARCH, text.trim()) : draft.delete(SEARCH)), { replace: true }),
      setFilter: (key, value) =>
        update((draft) => {
          draft.delete(key);
          for (const item of typeof value === 'string' ? [value] : (value ?? [])) if (item) draft.append(key, item);
        }),
      setSort: (sort) => update((draft) => (sort ? draft.set(SORT, sort) : draft.delete(SORT))),
      clearAll: () =>
        update((draft) => {
          draft.delete(SEARCH);
          for (const key of filterKeys) draft.delete(key);
        }),
    };
    // filterKeys: a module constant at every call site.
  }, [params, update, filterKeys]);
}
