import { useSyncExternalStore } from 'react';
import { ADMIN_TOAST_DURATION_MS, PUBLIC_TOAST_DURATION_MS, TOAST_DURATION_MS } from '@sunin/contract';

/**
 * Which part of the app the member is in decides how long toasts stay (issue 14): the member
 * area 4 s, 2 s for success (member-app.md 9); the admin area and the public pages 5 s, 3 s for
 * success (public-site-and-admin.md 9). Routes name their area in `handle.toastArea`
 * (router.tsx); the toaster, which lives outside the router, reads it from this small store.
 */
export type ToastArea = 'public' | 'member' | 'admin';

export const TOAST_DURATIONS: Record<ToastArea, { blank: number; error: number; success: number }> = {
  public: PUBLIC_TOAST_DURATION_MS,
  member: TOAST_DURATION_MS,
  admin: ADMIN_TOAST_DURATION_MS,
};

/** The route `handle` that names an area: `{ toastArea: 'member' }`. */
export interface ToastAreaHandle {
  toastArea: ToastArea;
}

export function isToastAreaHandle(handle: unknown): handle is ToastAreaHandle {
  return typeof handle === 'object' && handle !== null && Object.hasOwn(handle, 'toastArea') && (handle as ToastAreaHandle).toastArea in TOAST_DURATIONS;
}

let currentArea: ToastArea = 'public';
const listeners = new Set<() => void>();

export function setToastArea(area: ToastArea): void {
  if (area === currentArea) return;
  currentArea = area;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The area the current page belongs to (public until a route says otherwise, as when prerendered). */
export function useToastArea(): ToastArea {
  return useSyncExternalStore(
    subscribe,
    () => currentArea,
    () => 'public',
  );
}
