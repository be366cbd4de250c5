import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Link } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useLogout } from '../../features/auth/api/logout';
import { isAdmin } from '../../lib/access';
import { disconnectCable } from '../../lib/cable';
import { fullName, useCurrentUser } from '../../lib/current-user';
import { initials } from '../../lib/initials';
import { useQueuedItems } from '../../lib/offline-queue/site-visit-queue';
import { UPLOAD_QUEUE_PANEL_ID } from '../../components/upload-queue-panel';
import { readSession } from '../../lib/session';

const itemClasses = 'block w-full px-4 py-2 text-left text-sm text-ink-700 data-focus:bg-ink-100 data-focus:text-ink-900';

export interface UserMenuLink {
  to: string;
  label: string;
}

/** member-app.md 2 "Member shell": Admin Portal (full access admins only), then Profile. */
function memberLinks(): UserMenuLink[] {
  return [...(isAdmin(readSession()) ? [{ to: '/admin', label: 'Admin Portal' }] : []), { to: '/profile', label: 'Profile' }];
}

/**
 * The top bar's user menu of both shells: the full name, the shell's links, and Log out. The
 * member shell's links are the default; the admin shell passes Sales Portal and Profile
 * (public-site-and-admin.md 2.10).
 */
export function UserMenu({ links, avatarClassName = 'bg-brand-700' }: { links?: UserMenuLink[]; avatarClassName?: string }) {
  const profile = useCurrentUser();
  const logout = useLogout();
  const name = profile.data ? fullName(profile.data) : 'Account';
  const items = links ?? memberLinks();
  const waiting = useQueuedItems().length;

  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label={name}
        className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-ink-800 hover:bg-ink-100 data-open:bg-ink-100"
      >
        <span aria-hidden="true" className={`flex size-8 items-center justify-center rounded-full text-xs font-bold text-white ${avatarClassName}`}>
          {profile.isPending ? <Spinner className="size-4" /> : initials(name) || '?'}
        </span>
        <span aria-hidden="true" className="hidden max-w-48 truncate sm:block">
          {name}
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 text-ink-500">
          <path fill="currentColor" d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06Z" />
        </svg>
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-30 mt-2 w-56 rounded-xl border border-ink-200 bg-white py-1 shadow-lg focus:outline-none"
      >
        <div className="border-b border-ink-100 px-4 py-2 text-sm">
          <p className="font-semibold text-ink-900">{name}</p>
          {profile.data && <p className="truncate text-ink-500">{profile.data.email}</p>}
        </div>
        {items.map((link) => (
          <MenuItem key={link.to}>
            <Link to={link.to} className={itemClasses}>
              {link.label}
            </Link>
          </MenuItem>
        ))}
        <MenuItem>
          <button type="button" className={itemClasses} onClick={() => {
              // The live socket closes with the session (DESIGN.md realtime).
              disconnectCable();
              logout.mutate();
            }} disabled={logout.isPending}>
            Log out
          </button>
        </MenuItem>
        {waiting > 0 && (
          // Issue 41: the site visit queue outlives a sign-out, for this user only.
          <>
            <p role="status" className="border-t border-ink-100 px-4 py-2 text-xs text-ink-600">
              {waiting === 1 ? '1 site visit item waits' : `${waiting} site visit items wait`} to upload from this device. If you log out, they stay here and upload when you sign in again.
            </p>
            <MenuItem>
              <Link to={`/profile#${UPLOAD_QUEUE_PANEL_ID}`} className={itemClasses}>
                See what waits to upload
              </Link>
            </MenuItem>
          </>
        )}
      </MenuItems>
    </Menu>
  );
}
