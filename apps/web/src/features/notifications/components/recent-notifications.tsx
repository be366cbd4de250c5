import { useState } from 'react';
import { Link } from 'react-router';
import { HOME_LIST_HEIGHT_PX, HOME_RECENT_LIMIT, type Notification } from '@sunin/contract';
import { EmptyState } from '../../../components/ui/empty-state';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useNotificationsPage } from '../api/list-notifications';
import { NOTIFICATION_TEXTS } from '../messages';
import { newestFirst } from '../notifications-store';
import { NotificationModal } from './notification-modal';
import { NotificationRow } from './notification-row';

/**
 * /home's 'Recent Notifications' (member-app.md 2): up to 10, live and fetched merged (the store
 * holds both), newest first, in a 250 px scroll area. Failures are silently ignored (member-app.md 8).
 */
export function RecentNotifications({ userId }: { userId: number | undefined }) {
  const store = useNotificationsPage(userId);
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = store.isError ? [] : newestFirst(store.data?.notifications ?? [], HOME_RECENT_LIMIT);
  const open = openId === null ? null : (store.data?.notifications.find((notification) => notification.id === openId) ?? null);

  return (
    <section aria-labelledby="recent-notifications-title" className="flex min-w-0 flex-col rounded-2xl border border-ink-200 bg-white p-5 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-notifications-title" className="text-lg font-semibold text-ink-900">
          Recent Notifications
        </h2>
        <Link to="/notifications" className={`${textLinkClasses} text-sm`}>
          View all notifications
        </Link>
      </div>
      <div className="relative mt-4 overflow-y-auto" style={{ height: HOME_LIST_HEIGHT_PX }}>
        {store.isPending && userId !== undefined ? (
          <p className="flex items-center gap-2 text-sm text-ink-600">
            <Spinner /> Loading…
          </p>
        ) : rows.length === 0 ? (
          <EmptyState title={NOTIFICATION_TEXTS.empty} className="flex h-full flex-col items-center justify-center" />
        ) : (
          <ul className="divide-y divide-ink-100" aria-label="Recent notifications">
            {rows.map((notification: Notification) => (
              <li key={notification.id}>
                <NotificationRow notification={notification} userId={userId} onOpen={(selected) => setOpenId(selected.id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {userId !== undefined && <NotificationModal userId={userId} notification={open} onClose={() => setOpenId(null)} silent />}
    </section>
  );
}
