import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { NOTIFICATIONS_PAGE_SIZE, type Notification } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/document-title';
import { useNotificationsPage } from '../api/list-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { NotificationModal } from '../components/notification-modal';
import { NotificationRow } from '../components/notification-row';
import { UnreadGroups } from '../components/unread-groups';
import { NOTIFICATION_TEXTS } from '../messages';

function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * /notifications (member-app.md 2): 25 a page (the page kept in ?page=), newest first, each
 * opening the notification modal; once read it can be deleted there. Above the list (issue 37
 * item 3): "Mark all as read", and the unread ones grouped by type.
 */
export function NotificationsPage() {
  useDocumentTitle('Notifications');
  const profile = useCurrentUser();
  const userId = profile.data?.id;
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  // /notifications in the member area, /admin/notifications in the admin area.
  const { pathname } = useLocation();
  const list = useNotificationsPage(userId, page);
  // The store (page 1): the badge's unread count, and the newest items the groups list.
  const store = useNotificationsPage(userId, 1);
  const unread = store.data?.unread ?? 0;
  const markAllRead = useMarkAllRead(userId ?? 0);
  const [openId, setOpenId] = useState<number | null>(null);
  const rows = list.data?.notifications ?? [];
  const newest = store.data?.notifications ?? [];
  const open = openId === null ? null : (rows.find((notification) => notification.id === openId) ?? newest.find((notification) => notification.id === openId) ?? null);

  const goToPage = (next: number) => setSearchParams(next === 1 ? {} : { page: String(next) });

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <Breadcrumb items={[{ label: 'Home', to: pathname.startsWith('/admin') ? '/admin' : '/home' }, { label: 'Notifications' }]} />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-ink-900">Notifications</h1>
          <Button
            variant="secondary"
            disabled={userId === undefined || unread === 0}
            onClick={() => markAllRead.mutate(undefined, { onError: () => toast.error(NOTIFICATION_TEXTS.markAllReadFailed) })}
          >
            {NOTIFICATION_TEXTS.markAllRead}
          </Button>
        </div>
      </div>
      {userId !== undefined && <UnreadGroups userId={userId} newest={newest} onOpen={(selected) => setOpenId(selected.id)} />}
      <section aria-label="Your notifications" className="rounded-2xl border border-ink-200 bg-white shadow-sm">
        <h2 className="px-5 pt-4 text-lg font-semibold text-ink-900">{NOTIFICATION_TEXTS.allNotifications}</h2>
        {profile.isPending || list.isPending ? (
          <PageSpinner label="Loading notifications…" />
        ) : profile.isError || list.isError ? (
          <div className="p-5">
            <Alert tone="error">
              <p>{NOTIFICATION_TEXTS.loadFailed}</p>
              <Button variant="secondary" className="mt-3" onClick={() => void (profile.isError ? profile.refetch() : list.refetch())}>
                Retry
              </Button>
            </Alert>
          </div>
        ) : rows.length === 0 ? (
          <div className="p-5">
            {page === 1 ? (
              <EmptyState title={NOTIFICATION_TEXTS.empty} />
            ) : (
              <EmptyState title="Nothing on this page">
                <Link to={pathname} className={textLinkClasses}>
                  Go to the first page
                </Link>
              </EmptyState>
            )}
          </div>
        ) : (
          <>
            <ul className={`divide-y divide-ink-100 p-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`} aria-label="Notifications">
              {rows.map((notification: Notification) => (
                <li key={notification.id}>
                  <NotificationRow notification={notification} userId={userId} onOpen={(selected) => setOpenId(selected.id)} />
                </li>
              ))}
            </ul>
            <div className="border-t border-ink-200 px-4 py-3">
              <Pagination label="Notifications pages" page={page} pageSize={NOTIFICATIONS_PAGE_SIZE} total={list.data.total} onPageChange={goToPage} />
            </div>
          </>
        )}
      </section>
      {userId !== undefined && <NotificationModal userId={userId} notification={open} onClose={() => setOpenId(null)} />}
    </div>
  );
}
