import type { Notification } from '@sunin/contract';
import { formatDateTime } from '../../../lib/format-date-time';

/** One notification in a list: a button that opens it; unread ones are bold with a dot. */
export function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  return (
    <button type="button" onClick={() => onOpen(notification)} className="flex w-full items-start gap-3 rounded-lg px-2 py-2.5 text-left hover:bg-ink-50">
      <span
        aria-hidden="true"
        className={`mt-1.5 size-2 shrink-0 rounded-full ${notification.read ? 'bg-transparent' : 'bg-brand-600'}`}
      />
      <span className="min-w-0 flex-1">
        <span className={`block truncate ${notification.read ? 'text-ink-800' : 'font-semibold text-ink-900'}`}>
          {notification.title}
          {!notification.read && <span className="sr-only"> (unread)</span>}
        </span>
        <span className="block truncate text-sm text-ink-600">{notification.message}</span>
        <span className="block text-xs text-ink-500">{formatDateTime(notification.created_at)}</span>
      </span>
    </button>
  );
}
