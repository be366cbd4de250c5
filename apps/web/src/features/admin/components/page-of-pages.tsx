import { Button } from '../../../components/ui/button';

/** 'Page X of Y' with Previous and Next (the proposal list, public-site-and-admin.md 2.10). */
export function PageOfPages({ page, pageCount, onPageChange, label }: { page: number; pageCount: number; onPageChange: (page: number) => void; label: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-700" aria-live="polite">{`Page ${page} of ${pageCount}`}</p>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** Rows of page `page` (1-based) of `rows`, for lists the server returns whole. */
export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  return rows.slice((page - 1) * pageSize, page * pageSize);
}

export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
