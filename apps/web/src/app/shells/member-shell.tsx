import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { NavLink, Outlet } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { Logo } from '../../components/ui/logo';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useLiveNotifications } from '../../features/notifications/hooks/use-live-notifications';
import { NewProjectModal } from '../../features/projects/components/new-project-modal';
import { useCurrentUser } from '../../lib/current-user';
import { UserMenu } from './user-menu';

function HomeIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9" />
    </svg>
  );
}

function ProjectsIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Z" />
    </svg>
  );
}

const NAV_ITEMS = [
  { to: '/home', label: 'Home', icon: HomeIcon },
  { to: '/projects', label: 'Projects', icon: ProjectsIcon },
] as const;

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="mt-6 flex flex-col gap-1">
      {NAV_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
              isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-ink-100'
            }`
          }
        >
          <item.icon />
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * The member area's layout (member-app.md 2 "Member shell"): sidebar with Home and Projects, top
 * bar with the New Project button, the notifications bell and the user menu. Below md the
 * sidebar is a drawer. The shell keeps the notifications live (one ActionCable subscription).
 */
export function MemberShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const userId = useCurrentUser().data?.id;
  useLiveNotifications(userId);
  const [newProjectOpen, setNewProjectOpen] = useState(false);

  return (
    <div className="min-h-dvh md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="hidden border-r border-ink-200 bg-white px-4 py-5 md:block">
        <div className="sticky top-5">
          <Logo to="/home" />
          <Navigation />
        </div>
      </aside>

      <Dialog open={drawerOpen} onClose={setDrawerOpen} className="relative z-40 md:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-ink-900/40 transition-opacity data-closed:opacity-0" />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className="relative flex w-72 max-w-[85vw] flex-col bg-white px-4 py-5 shadow-xl transition-transform data-closed:-translate-x-full"
          >
            <div className="flex items-center justify-between">
              <DialogTitle as="div">
                <Logo to="/home" />
              </DialogTitle>
              <button
                type="button"
                onClick={() => setDrawerOpen(false)}
                className="rounded-lg p-2 text-ink-600 hover:bg-ink-100"
                aria-label="Close navigation"
              >
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            <Navigation onNavigate={() => setDrawerOpen(false)} />
          </DialogPanel>
        </div>
      </Dialog>

      <div className="flex min-h-dvh min-w-0 flex-col">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-ink-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setDrawerOpen(true)}
            className="rounded-lg p-2 text-ink-700 hover:bg-ink-100 md:hidden"
            aria-label="Open navigation"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <div className="md:hidden">
            <Logo to="/home" />
          </div>
          <div className="ml-auto flex items-center gap-1 sm:gap-3">
            {/* Icon only on phones (its name stays "New Project"), so the top bar fits 360 px. */}
            <button type="button" onClick={() => setNewProjectOpen(true)} className={buttonClasses('primary', 'px-2.5 sm:px-4')}>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5">
                <path fill="currentColor" d="M10 4a.75.75 0 0 1 .75.75v4.5h4.5a.75.75 0 0 1 0 1.5h-4.5v4.5a.75.75 0 0 1-1.5 0v-4.5h-4.5a.75.75 0 0 1 0-1.5h4.5v-4.5A.75.75 0 0 1 10 4Z" />
              </svg>
              <span className="sr-only sm:not-sr-only">New Project</span>
            </button>
            <NotificationBell userId={userId} />
            <UserMenu />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
        <NewProjectModal open={newProjectOpen} onClose={() => setNewProjectOpen(false)} />
      </div>
    </div>
  );
}
