import { Button } from './button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Projects pages". */
  label: string;
}

/** "Showing X to Y of N results" with Previous and Next (member-app.md 2, Projects list). */
export function Pagination({ page, pageSize, total, onPageChange, label }: PaginationProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const hasPrevious = page > 1;
  const hasNext = page * pageSize < total;
  return (
    <nav aria-label={label} className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-ink-700" aria-live="polite">
        {`Showing ${from} to ${to} of ${total} results`}
      </p>
      <div className="flex gap-3">
        <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => onPageChange(page - 1)} disabled={!hasPrevious}>
          Previous
        </Button>
        <Button variant="secondary" className="flex-1 sm:flex-none" onClick={() => onPageChange(page + 1)} disabled={!hasNext}>
          Next
        </Button>
      </div>
    </nav>
  );
}
