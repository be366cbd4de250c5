import { useState } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { NavLink, Outlet } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { UserMenu } from './user-menu';

function Icon({ d }: { d: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

// public-site-and-admin.md 2.10: the admin shell's sidebar.
const NAV_ITEMS = [
  { to: '/admin/proposal-management', label: 'Proposal Management', icon: 'M9 12h6m-6 4h6M7 3h7l5 5v11a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Z' },
  { to: '/admin/all-projects', label: 'All Projects', icon: 'M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Z' },
  { to: '/admin/all-users', label: 'Members', icon: 'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1m17 0v-1a4 4 0 0 0-3-3.87M13 4.13a4 4 0 0 1 0 7.75M9.5 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z' },
] as const;

function Navigation({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin" className="mt-6 flex flex-col gap-1">
      {NAV_ITEMS.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          onClick={onNavigate}
          className={({ isActive }) =>
            `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-ink-700 hover:bg-ink-100'}`
          }
        >
          <Icon d={item.icon} />
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

// The admin user menu: Sales Portal, Profile and Log out (public-site-and-admin.md 2.10).
const ADMIN_MENU_LINKS = [
  { to: '/home', label: 'Sales Portal' },
  { to: '/profile', label: 'Profile' },
];

/**
 * The layout of every /admin route (public-site-and-admin.md 2.10), behind the admin guard:
 * sidebar with Proposal Management, All Projects and Members, and the user menu. Below md the
 * sidebar is a drawer, as in the member shell.
 */
export function AdminShell() {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className="min-h-dvh bg-ink-50 md:grid md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="hidden border-r border-ink-200 bg-white px-4 py-5 md:block">
        <div className="sticky top-5">
          <Logo to="/admin" />
          <p className="mt-2 px-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">Admin Portal</p>
          <Navigation />
        </div>
      </aside>

      <Dialog open={drawerOpen} onClose={setDrawerOpen} className="relative z-40 md:hidden">
        <DialogBackdrop transition className="fixed inset-0 bg-ink-900/40 transition-opacity data-closed:opacity-0" />
        <div className="fixed inset-0 flex">
          <DialogPanel transition className="relative flex w-72 max-w-[85vw] flex-col bg-white px-4 py-5 shadow-xl transition-transform data-closed:-translate-x-full">
            <div className="flex items-center justify-between">
              <DialogTitle as="div">
                <Logo to="/admin" />
              </DialogTitle>
              <button type="button" onClick={() => setDrawerOpen(false)} className="rounded-lg p-2 text-ink-600 hover:bg-ink-100" aria-label="Close navigation">
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
          <button type="button" onClick={() => setDrawerOpen(true)} className="rounded-lg p-2 text-ink-700 hover:bg-ink-100 md:hidden" aria-label="Open navigation">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
              <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
          <div className="md:hidden">
            <Logo to="/admin" />
          </div>
          <div className="ml-auto">
            <UserMenu links={ADMIN_MENU_LINKS} avatarClassName="bg-ink-800" />
          </div>
        </header>
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
