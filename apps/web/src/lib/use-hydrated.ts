import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and in that HTML itself), true from then on and
 * in every render that is not a hydration. For what must not exist, or must not work, before
 * the app has taken over the page.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
