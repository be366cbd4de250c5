import { useEffect, useRef } from 'react';
import toast, { useToasterStore, type Toast } from 'react-hot-toast';
import { useLocation, useMatches } from 'react-router';
import { isToastAreaHandle, setToastArea } from './toast-area';

/**
 * Error toasts that are meant to follow the member to the page they are sent to (a failure that
 * is itself the reason for the navigation). Every other error toast belongs to its page.
 */
const followingIds = new Set<string>();

/** Marks an error toast to stay when the page changes right after it: `followToNextPage(toast.error(...))`. */
export function followToNextPage(toastId: string): string {
  followingIds.add(toastId);
  return toastId;
}

const isStaleError = (item: Toast, before: number) => item.type === 'error' && item.visible && item.createdAt < before;

/**
 * When error toasts go away besides their timeout (issue 14):
 * - the page changed: an error of the page left behind no longer applies (unless it was marked
 *   with followToNextPage);
 * - a success toast appeared: the member's next attempt worked, so the earlier failures are stale.
 * Also tells the toaster which area the page belongs to (the deepest route's handle.toastArea).
 * Rendered once, inside the router.
 */
export function ToastLifecycle() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const { toasts } = useToasterStore();
  const latestToasts = useRef(toasts);
  // Runs before the effects below, so they see the toasts of this render.
  useEffect(() => {
    latestToasts.current = toasts;
  }, [toasts]);

  const area = [...matches].reverse().find((match) => isToastAreaHandle(match.handle))?.handle;
  useEffect(() => {
    setToastArea(isToastAreaHandle(area) ? area.toastArea : 'public');
  }, [area]);

  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    for (const item of latestToasts.current) {
      if (item.type !== 'error' || !item.visible) continue;
      if (followingIds.delete(item.id)) continue;
      toast.dismiss(item.id);
    }
  }, [pathname]);

  const newestSuccess = toasts.reduce((newest, item) => (item.type === 'success' && item.createdAt > newest ? item.createdAt : newest), 0);
  useEffect(() => {
    if (newestSuccess === 0) return;
    for (const item of latestToasts.current) {
      if (isStaleError(item, newestSuccess)) toast.dismiss(item.id);
    }
  }, [newestSuccess]);

  return null;
}

/**
 * A load failure's toast for as long as the failure lasts: shown (once, under `id`) while
 * `failed`, dismissed as soon as a refetch succeeds.
 */
export function useFailureToast(failed: boolean, message: string, id: string): void {
  useEffect(() => {
    if (failed) toast.error(message, { id });
    else toast.dismiss(id);
  }, [failed, message, id]);
}
