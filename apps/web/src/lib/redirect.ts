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
