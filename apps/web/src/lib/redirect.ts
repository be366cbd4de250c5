/**
 * Guards remember where a rejected visitor came from in the location state `from`
 * (path + search + hash); login sends them back there. Only same-app paths are accepted.
 */
export interface FromState {
  from?: string;
}

export function locationToPath(location: { pathname: string; search?: string; hash?: string }): string {
  return `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
}

export function redirectTarget(state: unknown, fallback = '/home'): string {
  const from = (state as FromState | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/login')) {
    return from;
  }
  return fallback;
}

/** Where a full access administrator lands after signing in (issue 37 item 5): the proposal queue. */
export const ADMIN_LANDING = '/admin/proposal-management';

/**
 * Where a fresh sign-in goes: the page a guard turned the visitor away from, if any, else the
 * administrator's queue or a member's /home.
 */
export function landingAfterLogin(state: unknown, admin: boolean): string {
  return redirectTarget(state, admin ? ADMIN_LANDING : '/home');
}
