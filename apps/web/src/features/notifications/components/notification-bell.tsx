import { Link } from 'react-router';
import { useNotificationsPage } from '../api/list-notifications';

/**
 * The top bar's bell (member-app.md 2 "Member shell"; the admin shell too, issue 15): a link to
 * the notifications page with the unread count in its name and in a badge (hidden at 0).
 */
export function NotificationBell({ userId, to = '/notifications' }: { userId: number | undefined; to?: string }) {
  const store = useNotificationsPage(userId);
  const unread = store.data?.unread ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link to={to} aria-label={label} className="relative rounded-full p-1.5 text-ink-700 hover:bg-ink-100 sm:p-2">
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path strokeLinecap="round" strokeLinejoin="round" d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 0 0-4-5.7V5a2 2 0 1 0-4 0v.3A6 6 0 0 0 6 11v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-xs font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
