import { useCallback, useSyncExternalStore } from 'react';

/** Tailwind's md breakpoint (48rem): below it, wide tables turn into cards (issue 14 item 17). */
export const MD_UP = '(min-width: 48rem)';
/** Tailwind's sm breakpoint (40rem): the earnings ledger's tables and cards switch here. */
export const SM_UP = '(min-width: 40rem)';

/**
 * Whether a CSS media query matches now, kept current as the window changes. On the server
 * (prerendering) nothing matches. Used where the markup itself differs by width (a table or
 * cards), so that only one of the two is in the page and in the accessibility tree.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
