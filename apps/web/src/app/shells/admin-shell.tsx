import { Outlet } from 'react-router';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications';
import { useCurrentUser } from '../../lib/current-user';
import { AppFrame, type FrameNavItem } from './app-frame';
import { UserMenu } from './user-menu';

// public-site-and-admin.md 2.10: the admin shell's sidebar.
const NAV_ITEMS: readonly FrameNavItem[] = [
  { to: '/admin/proposal-management', label: 'Proposal Management', alsoExactly: ['/admin'], icon: 'M9 12h6m-6 4h6M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z' },
  { to: '/admin/all-projects', label: 'All Projects', also: ['/admin/projects'], icon: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Z' },
  { to: '/admin/board', label: 'Pipeline Board', icon: 'M4 5h4v14H4V5Zm6 0h4v9h-4V5Zm6 0h4v6h-4V5Z' },
  { to: '/admin/all-users', label: 'Members', icon: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m17 0v-1a4 4 0 0 0-3-3.87M13 4.13a4 4 0 0 1 0 7.75M9.5 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z' },
  // Issue 37 item 1: who is owed money now, company-wide.
  // Issue 39: the leads queue (its settings page, linked from it, counts as it).
  { to: '/admin/leads', label: 'Leads', also: ['/admin/referral-settings'], icon: 'M4 4h16v12H5.17L4 17.17V4Zm4 5h8m-8 3h5' },
  { to: '/admin/payables', label: 'Payables', icon: 'M3 7h18v10H3V7Zm9 2.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5ZM6 10v4m12-4v4' },
  // Issue 40: the member area's Webhooks page, where an administrator adds company-wide endpoints.
  { to: '/webhooks', label: 'Webhooks', icon: 'M12 8a3 3 0 1 0-2.6-4.5M9.4 3.5 6 10m6-2 4 7M6 10a3 3 0 1 0 2.6 4.5M16 15a3 3 0 1 0 2.6 1.5M8.6 14.5H15' },
];

// The admin user menu: Sales Portal, Profile and Log out (public-site-and-admin.md 2.10).
const ADMIN_MENU_LINKS = [
  { to: '/home', label: 'Sales Portal' },
  { to: '/profile', label: 'Profile' },
];

/**
 * The layout of every /admin route (public-site-and-admin.md 2.10), behind the admin guard:
 * sidebar with Proposal Management, All Projects and Members, and the user menu. Below md the
 * sidebar is a drawer, as in the member shell. The notifications bell and the live connection
 * are the member shell's (issue 15 item 1): a new proposal request shows in the bell and in the
 * open lists without a reload.
 */
export function AdminShell() {
  const userId = useCurrentUser().data?.id;
  useLiveNotifications(userId);
  return (
    <AppFrame
      home="/admin"
      navLabel="Admin"
      navItems={NAV_ITEMS}
      subtitle="Admin Portal"
      className="bg-ink-50"
      actions={
        <>
          <NotificationBell userId={userId} to="/admin/notifications" />
          <UserMenu links={ADMIN_MENU_LINKS} avatarClassName="bg-ink-800" />
        </>
      }
    >
      <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </AppFrame>
  );
}
