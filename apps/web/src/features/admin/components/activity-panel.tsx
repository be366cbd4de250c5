import type { AuditEntityType } from '@sunin/contract';
import { PagedFeed } from '../../../components/activity/paged-feed';
import { ADMIN_LOAD_ERRORS } from '../admin-messages';
import { useAdminAudit } from '../api/list-audit';
import { describeAuditEntry } from '../../../components/activity/activity-sentence';
import { formatDateTime } from './format';

/**
 * Activity (issue 15 item 4): who changed what on this user or project, newest first, in plain
 * words ("Avery Admin moved the project from … to …, Nov 23, 2026, 9:14 AM"), ten at a time.
 */
export function ActivityPanel({ entityType, entityId }: { entityType: AuditEntityType; entityId: number }) {
  const audit = useAdminAudit(entityType, entityId);
  return (
    <section aria-labelledby={`activity-${entityType}-${entityId}`} className="space-y-3">
      <h2 id={`activity-${entityType}-${entityId}`} className="text-lg font-semibold text-ink-900">
        Activity
      </h2>
      <PagedFeed
        feed={audit}
        loadingLabel="Loading activity…"
        failedMessage={ADMIN_LOAD_ERRORS.activity}
        emptyTitle="No activity yet"
        renderList={(entries) => (
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
        )}
      />
    </section>
  );
}
