import type { ReactNode } from 'react';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { monthLabel } from '../lib/format';
import { RangeControl } from './range-control';

interface PageFrameProps {
  title: string;
  description: ReactNode;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  range: { from: string; to: string; months: string[] } | undefined;
  loadFailed: string;
  children: ReactNode;
}

/** The heading, the range control and the loading and error states shared by both pages. */
export function PageFrame({ title, description, query, range, loadFailed, children }: PageFrameProps) {
  useDocumentTitle(title);
  // A range the server refuses (typed into the URL) says why; anything else is a load failure.
  const message = query.error instanceof ApiError && query.error.status === 422 ? query.error.message : loadFailed;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="space-y-3">
        <div>
          <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
          <p className="mt-1 text-sm text-ink-600">{description}</p>
        </div>
        <RangeControl resolved={range} />
        {range && (
          <p className="text-sm text-ink-600" aria-live="polite">
            {range.months.length === 1 ? monthLabel(range.months[0] ?? '') : `${monthLabel(range.months[0] ?? '')} to ${monthLabel(range.months[range.months.length - 1] ?? '')}`} ({range.from} to {range.to}, UTC)
          </p>
        )}
      </div>
      {query.isPending ? (
        <PageSpinner label="Loading the figures…" />
      ) : query.isError ? (
        <LoadError message={message} onRetry={() => query.refetch()} retrying={query.isFetching} />
      ) : (
        children
      )}
    </div>
  );
}
