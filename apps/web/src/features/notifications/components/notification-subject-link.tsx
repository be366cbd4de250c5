import { Link } from 'react-router';
import { notificationSubjectPath, type Notification } from '@sunin/contract';
import { isAdmin } from '../../../lib/access';
import { readSession } from '../../../lib/session';
import { useMarkNotificationRead } from '../api/mark-notification-read';

export interface NotificationSubject {
  to: string;
  label: string;
}

/**
 * Where a notification leads, as the emails link it (the contract's notificationSubjectPath):
 * its proposal, its project (a member's or the admin page), or /earnings; null for none.
 */
export function notificationSubject(notification: Pick<Notification, 'kind' | 'project_id' | 'proposal_ticket_id'>, admin: boolean): NotificationSubject | null {
  const subject = notificationSubjectPath(notification, admin);
  return subject && { to: subject.path, label: subject.label };
}

interface NotificationSubjectLinkProps {
  notification: Notification;
  userId: number | undefined;
  className?: string;
  /** Called as the link is followed (the modal closes itself). */
  onFollow?: () => void;
}

/** The link to a notification's subject; following it counts as reading the notification. */
export function NotificationSubjectLink({ notification, userId, className = '', onFollow }: NotificationSubjectLinkProps) {
  const markRead = useMarkNotificationRead(userId ?? 0);
  const subject = notificationSubject(notification, isAdmin(readSession()));
  if (!subject) return null;
  const follow = () => {
    if (!notification.read && userId !== undefined) {
      markRead.mutate(notification.id, { onError: (error) => console.warn('Could not mark the notification as read.', error) });
    }
    onFollow?.();
  };
  return (
    <Link to={subject.to} onClick={follow} className={className}>
      {subject.label}
      <span className="sr-only">: {notification.title}</span>
    </Link>
  );
}
