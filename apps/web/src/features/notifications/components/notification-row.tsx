import type { Notification } from '@sunin/contract';
import { textLinkClasses } from '../../../components/ui/text-link';
import { formatDateTime } from '../../../lib/format-date-time';
import { NotificationSubjectLink } from './notification-subject-link';

interface NotificationRowProps {
  notification: Notification;
  /** Whose list it is (marks the notification read when its subject is followed). */
  userId: number | undefined;
  onOpen: (notification: Notification) => void;
}

/**
 * One notification in a list: a button that opens it (unread ones are bold with a dot) and, when
 * it has a subject, a link straight to it.
 */
export function NotificationRow({ notification, userId, onOpen }: NotificationRowProps) {
  return (
    <div className="flex items-start gap-1">
      <button type="button" onClick={() => onOpen(notification)} className="flex min-w-0 flex-1 items-start gap-3 rounded-lg px-2 py-2.5 text-left hover:bg-ink-50">
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
      <NotificationSubjectLink notification={notification} userId={userId} className={`${textLinkClasses} shrink-0 self-center rounded-md px-2 py-2 text-sm whitespace-nowrap`} />
    </div>
  );
}
