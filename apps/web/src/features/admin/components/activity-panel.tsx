import type { AuditEntityType } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ADMIN_LOAD_ERRORS } from '../admin-messages';
import { useAdminAudit } from '../api/list-audit';
import { describeAuditEntry } from './activity-sentence';
import { formatDateTime } from './format';

/**
 * Activity (issue 15 item 4): who changed what on this user or project, newest first, in plain
 * words ("Avery Admin moved the project from … to …, Nov 23, 2026, 9:14 AM"), ten at a time.
 */
export function ActivityPanel({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const audit = useAdminAudit(entityType, entityId);
  const entries = audit.data?.pages.flatMap((page) => page.rows) ?? [];
  const total = audit.data?.pages.at(-1)?.total ?? 0;

  return (
    <section aria-labelledby={`activity-${entityType}-${entityId}`} className="space-y-3">
      <h2 id={`activity-${entityType}-${entityId}`} className="text-lg font-semibold text-ink-900">
        Activity
      </h2>
      {audit.isPending ? (
        <div className="flex justify-center p-6 text-brand-700">
          <Spinner className="size-6" label="Loading activity…" />
        </div>
      ) : audit.isError && entries.length === 0 ? (
        <LoadError message={ADMIN_LOAD_ERRORS.activity} onRetry={() => audit.refetch()} retrying={audit.isFetching} />
      ) : entries.length === 0 ? (
        <EmptyState title="No activity yet" />
      ) : (
        <>
          <ol className="divide-y divide-ink-200 rounded-xl border border-ink-200 bg-white">
            {entries.map((entry) => (
              <li key={entry.id} className="px-4 py-3 text-sm break-words text-ink-800">
                {describeAuditEntry(entry)},{' '}
                <time dateTime={entry.created_at} className="whitespace-nowrap text-ink-600">
                  {formatDateTime(entry.created_at)}
                </time>
              </li>
            ))}
          </ol>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-ink-600" aria-live="polite">{`Showing ${entries.length} of ${total}`}</p>
            {audit.isFetchNextPageError ? (
              <LoadError message={ADMIN_LOAD_ERRORS.activity} onRetry={() => audit.fetchNextPage()} retrying={audit.isFetchingNextPage} />
            ) : (
              audit.hasNextPage && (
                <Button variant="secondary" onClick={() => void audit.fetchNextPage()} pending={audit.isFetchingNextPage}>
                  Show more
                </Button>
              )
            )}
          </div>
        </>
      )}
    </section>
  );
}
