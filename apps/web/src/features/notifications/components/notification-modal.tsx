import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { Notification } from '@sunin/contract';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { formatDateTime } from '../../../lib/format-date-time';
import { useDeleteNotification } from '../api/delete-notification';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATION_TEXTS } from '../messages';
import { NotificationSubjectLink } from './notification-subject-link';

interface NotificationModalProps {
  userId: number;
  /** The notification shown (its latest cached version); null when closed. */
  notification: Notification | null;
  onClose: () => void;
  /** Home ignores failures of notification actions (member-app.md 8); /notifications says so. */
  silent?: boolean;
}

/**
 * A notification opened (member-app.md 2 Home and Notifications): title, message, created and
 * viewed dates, Archive (delete, once read, after a confirmation) and Close. Opening an unread
 * one marks it read (PATCH read:true), which also sets its viewed date.
 */
export function NotificationModal({ userId, notification, onClose, silent = false }: NotificationModalProps) {
  const markRead = useMarkNotificationRead(userId);
  const deleteNotification = useDeleteNotification(userId);
  const [confirming, setConfirming] = useState(false);
  const markedIds = useRef(new Set<number>());

  const id = notification?.id;
  const unread = notification ? !notification.read : false;
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (id === undefined || !unread || markedIds.current.has(id)) return;
    markedIds.current.add(id);
    markAsRead(id, { onError: (error) => console.warn('Could not mark the notification as read.', error) });
  }, [id, unread, markAsRead]);

  const archive = async () => {
    if (!notification) return;
    try {
      await deleteNotification.mutateAsync(notification.id);
      setConfirming(false);
      onClose();
    } catch (error) {
      setConfirming(false);
      if (silent) console.warn('Could not delete the notification.', error);
      else toast.error(NOTIFICATION_TEXTS.deleteFailed);
    }
  };

  return (
    <>
      <Modal open={notification !== null && !confirming} onClose={onClose} title={notification?.title ?? 'Notification'}>
        {notification && (
          <div className="space-y-4">
            <p className="text-sm whitespace-pre-line break-words text-ink-800">{notification.message}</p>
            <dl className="grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
              <dt className="font-medium text-ink-600">Created</dt>
              <dd className="text-ink-900">{formatDateTime(notification.created_at)}</dd>
              <dt className="font-medium text-ink-600">Viewed</dt>
              <dd className="text-ink-900">{notification.viewed_on ? formatDateTime(notification.viewed_on) : 'Not yet viewed'}</dd>
            </dl>
            <ModalActions>
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
              <Button variant="danger" onClick={() => setConfirming(true)} disabled={!notification.read}>
                Archive
              </Button>
              <NotificationSubjectLink notification={notification} userId={userId} className={buttonClasses('primary')} onFollow={onClose} />
            </ModalActions>
          </div>
        )}
      </Modal>
      <ConfirmDialog
        open={notification !== null && confirming}
        title="Archive notification?"
        confirmLabel="Archive"
        pending={deleteNotification.isPending}
        onConfirm={() => void archive()}
        onCancel={() => setConfirming(false)}
      >
        <p>{notification?.title} will be deleted.</p>
      </ConfirmDialog>
    </>
  );
}
