import { useSyncExternalStore } from 'react';

/**
 * Whether the browser believes it is online (issue 41): `navigator.onLine`, followed through its
 * `online` and `offline` events. "Online" only means a network is there, not that the server
 * answers: code that sends something still treats a failed fetch as offline.
 */
function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine !== false);

/** The browser's online state, re-rendering on each change. Server rendering takes it as online. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
