import { Link } from 'react-router';
import type { Notification } from '@sunin/contract';
import { isAdmin } from '../../../lib/access';
import { readSession } from '../../../lib/session';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATION_TEXTS } from '../messages';

export interface NotificationSubject {
  to: string;
  label: string;
}

/**
 * Where a notification leads (issue 14 item 8): its proposal (the project's Proposal tab) or its
 * project; a member to /projects/:id, an administrator to the admin project page. null when it
 * has no subject (the welcome note) or the subject was deleted.
 */
export function notificationSubject(notification: Pick<Notification, 'project_id' | 'proposal_ticket_id'>, admin: boolean): NotificationSubject | null {
  if (notification.project_id === null) return null;
  const project = admin ? `/admin/projects/${notification.project_id}` : `/projects/${notification.project_id}`;
  return notification.proposal_ticket_id === null
    ? { to: project, label: NOTIFICATION_TEXTS.openProject }
    : { to: `${project}?tab=proposal`, label: NOTIFICATION_TEXTS.openProposal };
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
