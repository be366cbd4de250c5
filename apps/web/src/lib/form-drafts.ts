import { useSyncExternalStore } from 'react';

/**
 * Unsaved form drafts (issue 14 item 2): what a member typed in a form and has neither saved nor
 * discarded, kept in sessionStorage so it outlives the form (a project tab switched away from,
 * a reload) but not the browser tab. Keys name the record and the form, e.g.
 * `project.7.site-info`; logout discards them all. Storage failures (private windows, quota)
 * only mean nothing is kept.
 */
const PREFIX = 'sunin.draft.';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function readDraft(key: string): Record<string, unknown> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, value: Record<string, unknown>): void {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Keeping the draft is a convenience; the form still holds what was typed.
  }
  notify();
}

export function discardDraft(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing was kept.
  }
  notify();
}

/** Logout: no draft outlives the session that typed it. */
export function discardAllDrafts(): void {
  const store = storage();
  if (!store) return;
  try {
    const keys = Array.from({ length: store.length }, (_, index) => store.key(index)).filter((key): key is string => !!key?.startsWith(PREFIX));
    for (const key of keys) store.removeItem(key);
  } catch {
    // Nothing was kept.
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Which of `keys` hold a draft, re-rendering as drafts are saved and discarded. */
export function useDraftKeys(keys: readonly string[]): string[] {
  const joined = useSyncExternalStore(
    subscribe,
    () => keys.filter((key) => storage()?.getItem(PREFIX + key) != null).join('\n'),
    () => '',
  );
  return joined ? joined.split('\n') : [];
}
