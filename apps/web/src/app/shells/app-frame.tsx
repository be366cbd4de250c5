import { useState, type ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { OfflineBanner } from '../../components/ui/offline-banner';

export interface FrameNavItem {
  to: string;
  label: string;
  /** An SVG path (24 x 24, stroked) drawn before the label. */
  icon: string;
  /**
   * Other paths under which this item is the current page (issue 37 item 5: a project's admin
   * page is under All Projects though its path is not): each path and what is below it.
   */
  also?: readonly string[];
  /** Paths that are this item's page exactly (the admin area's index is the queue). */
  alsoExactly?: readonly string[];
}

/** Whether `pathname` is `path` or below it. */
const isAtOrBelow = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** Whether the item is the page shown: its own path or one of its others, or below them. */
export const isCurrentItem = (item: FrameNavItem, pathname: string) =>
  [item.to, ...(item.also ?? [])].some((path) => isAtOrBelow(pathname, path)) || (item.alsoExactly ?? []).includes(pathname.replace(/\/$/, ''));

function Navigation({ label, items, onNavigate }: { label: string; items: readonly FrameNavItem[]; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="mt-6 flex flex-col gap-1">
      {items.map((item) => {
        const current = isCurrentItem(item, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            aria-current={current ? 'page' : undefined}
            className={`flex items-center gap-3 rounded-lg border-l-4 px-3 py-2 text-sm font-medium ${current ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800' : 'border-transparent text-ink-700 hover:bg-ink-100'}`}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path strokeLinecap="round" strokeLinejoin="round" d={item.icon} />
            </svg>
            {item.label}
          </Link>
        );
      })}
    </nav>
  );
}

export interface AppFrameProps {
  /** Where the logo leads (/home or /admin). */
  home: string;
  navLabel: string;
  navItems: readonly FrameNavItem[];
  /** A line under the logo in the sidebar (the admin area says 'Admin Portal'). */
  subtitle?: string;
  /** The right-hand side of the top bar. */
  actions: ReactNode;
  className?: string;
  children: ReactNode;
}

/**
 * The signed-in layout of the member and admin areas: a sidebar that becomes a drawer below md
 * width, and a sticky top bar with the area's actions.
 */
export function AppFrame({ home, navLabel, navItems, subtitle, actions, className = '', children }: AppFrameProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <div className={`min-h-dvh md:grid md:grid-cols-[15rem_minmax(0,1fr)] ${className}`}>
      <aside className="hidden border-r border-ink-200 bg-white px-4 py-5 md:block">
        <div className="sticky top-5">
          <Logo to={home} />
          {subtitle && <p className="mt-2 px-1 text-xs font-semibold tracking-wide text-ink-500 uppercase">{subtitle}</p>}
          <Navigation label={navLabel} items={navItems} />
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
                <Logo to={home} />
              </DialogTitle>
              <button type="button" onClick={() => setDrawerOpen(false)} className="rounded-lg p-2 text-ink-600 hover:bg-ink-100" aria-label="Close navigation">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2">
                  <path strokeLinecap="round" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </button>
            </div>
            <Navigation label={navLabel} items={navItems} onNavigate={() => setDrawerOpen(false)} />
          </DialogPanel>
        </div>
      </Dialog>

      <div className="flex min-h-dvh min-w-0 flex-col">
        {/* The top bar and, without a connection, the offline banner under it stay in view (issue 41). */}
        <div className="sticky top-0 z-20">
          <header className="flex h-16 items-center gap-3 border-b border-ink-200 bg-white/95 px-4 backdrop-blur sm:px-6">
            <button type="button" onClick={() => setDrawerOpen(true)} className="rounded-lg p-2 text-ink-700 hover:bg-ink-100 md:hidden" aria-label="Open navigation">
              <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
                <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
              </svg>
            </button>
            <div className="md:hidden">
              <Logo to={home} />
            </div>
            <div className="ml-auto flex items-center gap-1 sm:gap-3">{actions}</div>
          </header>
          <OfflineBanner />
        </div>
        {children}
      </div>
    </div>
  );
}
