import { useSyncExternalStore } from 'react';

/**
 * The picture of the bill being typed from, per project, for as long as the page is open. It
 * lives outside the Utility Info form because the form is re-seeded (remounted) whenever the
 * project changes on the server, as it does the moment the queued scan itself is uploaded.
 */
const images = new Map<number, string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setScanImage(projectId: number, url: string | null): void {
  const previous = images.get(projectId);
  if (previous && previous !== url) URL.revokeObjectURL(previous);
  if (url) images.set(projectId, url);
  else images.delete(projectId);
  for (const listener of listeners) listener();
}

export function useScanImage(projectId: number): string | null {
  return useSyncExternalStore(
    subscribe,
    () => images.get(projectId) ?? null,
    () => null,
  );
}
