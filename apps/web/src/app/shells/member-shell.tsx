import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { deferredDialog } from '../../components/ui/deferred-dialog';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications';
import { ADMIN_ROLE, PARTNER_ACCOUNT_TYPES, REFERRALS_PATH } from '@sunin/contract';
import { hasAccountType } from '../../lib/access';
import { useCurrentUser } from '../../lib/current-user';
import { readSession } from '../../lib/session';
import { useSiteVisitQueueSync } from '../../lib/offline-queue/site-visit-queue';
import { needsSubscription } from '../guards/subscription-guard';
import { AppFrame, type FrameNavItem } from './app-frame';
import { UserMenu } from './user-menu';

// The New Project wizard (react-hook-form, the contract's project schemas) loads the first time
// it opens, not with every member page (issue 19: /projects' first load); it then stays
// mounted, so closing it with Escape keeps what was typed.
const NewProjectModal = deferredDialog(async () => (await import('../../features/projects/components/new-project-modal')).NewProjectModal);

// member-app.md 2 "Member shell": the sidebar has Home and Projects. Training (/sunin-school,
// public-site-and-admin.md 2.4, breadcrumb "Home > Training") follows them: a member route the
// spec names but links from nowhere, so without it the videos could not be reached (issue 14).
// Earnings and Analytics (issue 17) come after the spec's two: what the pricing page sells partners.
const NAV_ITEMS: ReadonlyArray<FrameNavItem & { partnersOnly?: true }> = [
  { to: '/home', label: 'Home', icon: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9' },
  { to: '/projects', label: 'Projects', icon: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Z' },
  // Issue 39: the partner's referral link and leads (partners only: an administrator has no link).
  { to: REFERRALS_PATH, label: 'Referrals', partnersOnly: true, icon: 'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1' },
  { to: '/earnings', label: 'Earnings', icon: 'M12 3v18M16.5 7.5c0-1.7-2-3-4.5-3s-4.5 1.3-4.5 3 2 3 4.5 3 4.5 1.3 4.5 3-2 3-4.5 3-4.5-1.3-4.5-3' },
  { to: '/analytics', label: 'Analytics', icon: 'M4 20V10M10 20V4M16 20v-8M22 20H2' },
  { to: '/sunin-school', label: 'Training', icon: 'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6Zm6 3v6l5-3-5-3Z' },
];

/**
 * The member area's layout (member-app.md 2 "Member shell"): sidebar with Home, Projects, Referrals (partners), Earnings, Analytics and Training, top
 * bar with the New Project button, the notifications bell and the user menu. Below md the
 * sidebar is a drawer. The shell keeps the notifications live (one ActionCable subscription).
 */
export function MemberShell() {
  const currentUser = useCurrentUser().data;
  const userId = currentUser?.id;
  // A sales partner who has not paid only reaches /checkout, /billing...: creating a project
  // would answer 402, so the button is not offered to them.
  const canCreateProjects = !currentUser || !needsSubscription(currentUser);
  useLiveNotifications(userId);
  // The site visit queue (issue 41): sent on start, when back online, and after each addition;
  // each item the server takes refreshes the project's queries (all under ['projects']) and the storage used.
  const queryClient = useQueryClient();
  const refreshAfterUpload = useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: ['projects'] }), queryClient.invalidateQueries({ queryKey: ['user', 'storage'] })]).then(() => undefined),
    [queryClient],
  );
  useSiteVisitQueueSync(refreshAfterUpload);
  const [newProjectOpen, setNewProjectOpen] = useState(false);
  // The account_type cookie answers at once (no flicker while the profile loads).
  const session = readSession();
  // Referrals are for partner accounts; a full access administrator's are refused by the server.
  const isPartner = hasAccountType(session, PARTNER_ACCOUNT_TYPES) && session.companyRole !== ADMIN_ROLE;
  const navItems = isPartner ? NAV_ITEMS : NAV_ITEMS.filter((item) => !item.partnersOnly);

  return (
    <AppFrame
      home="/home"
      navLabel="Main"
      navItems={navItems}
      actions={
        <>
          {/* Icon only on phones (its name stays "New Project"), so the top bar fits 360 px. */}
          {canCreateProjects && (
            <button type="button" onClick={() => setNewProjectOpen(true)} className={buttonClasses('primary', 'px-2.5 sm:px-4')}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                <path fill="currentColor" d="M10 4a.75.75 0 0 1 .75.75v4.5h4.5a.75.75 0 0 1 0 1.5h-4.5v4.5a.75.75 0 0 1-1.5 0v-4.5h-4.5a.75.75 0 0 1 0-1.5h4.5v-4.5A.75.75 0 0 1 10 4Z" />
              </svg>
              <span className="sr-only sm:not-sr-only">New Project</span>
            </button>
          )}
          <NotificationBell userId={userId} />
          <UserMenu />
        </>
      }
    >
      <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
      {canCreateProjects && <NewProjectModal open={newProjectOpen} onClose={() => setNewProjectOpen(false)} />}
    </AppFrame>
  );
}
