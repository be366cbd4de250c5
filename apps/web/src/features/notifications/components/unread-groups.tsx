import { NOTIFICATION_KINDS, type Notification, type NotificationKind } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useUnreadSummary } from '../api/unread-summary';
import { NOTIFICATION_KIND_LABELS, NOTIFICATION_TEXTS } from '../messages';
import { NotificationRow } from './notification-row';

interface UnreadGroupsProps {
  userId: number;
  /** The newest notifications (the first page of the store): the unread ones among them are listed in their group. */
  newest: Notification[];
  onOpen: (notification: Notification) => void;
}

/**
 * The unread notifications grouped by type (issue 37 item 3): a section per kind with its label
 * and its count (GET /api/notifications/unread_summary), listing the newest unread of that kind;
 * older ones are in the full list below. Nothing unread, nothing shown.
 */
export function UnreadGroups({ userId, newest, onOpen }: UnreadGroupsProps) {
  const summary = useUnreadSummary(userId);
  if (summary.isPending) return <Spinner className="size-5 text-brand-700" label={NOTIFICATION_TEXTS.groupsLoading} />;
  if (summary.isError) return <LoadError message={NOTIFICATION_TEXTS.groupsFailed} onRetry={() => summary.refetch()} retrying={summary.isFetching} />;
  const kinds = NOTIFICATION_KINDS.filter((kind) => (summary.data.by_kind[kind] ?? 0) > 0);
  if (kinds.length === 0) return null;
  return (
    <section aria-labelledby="unread-by-type" className="space-y-3">
      <h2 id="unread-by-type" className="text-lg font-semibold text-ink-900">
        {NOTIFICATION_TEXTS.groupsHeading}
      </h2>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {kinds.map((kind) => (
          <UnreadGroup key={kind} kind={kind} count={summary.data.by_kind[kind] ?? 0} rows={newest.filter((row) => row.kind === kind && !row.read)} userId={userId} onOpen={onOpen} />
        ))}
      </div>
    </section>
  );
}

function UnreadGroup({ kind, count, rows, userId, onOpen }: { kind: NotificationKind; count: number; rows: Notification[]; userId: number; onOpen: (notification: Notification) => void }) {
  const headingId = `unread-${kind}`;
  const older = count - rows.length;
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-ink-200 bg-white p-3 shadow-sm">
      <h3 id={headingId} className="flex items-center justify-between gap-2 px-2 text-sm font-semibold text-ink-900">
        <span>{NOTIFICATION_KIND_LABELS[kind]}</span>
        <Badge tone="green">{NOTIFICATION_TEXTS.unreadCount(count)}</Badge>
      </h3>
      {rows.length > 0 && (
        <ul className="mt-1 divide-y divide-ink-100" aria-label={NOTIFICATION_KIND_LABELS[kind]}>
          {rows.map((notification) => (
            <li key={notification.id}>
              <NotificationRow notification={notification} userId={userId} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      {older > 0 && <p className="mt-1 px-2 text-sm text-ink-600">{NOTIFICATION_TEXTS.olderInList(older)}</p>}
    </section>
  );
}
