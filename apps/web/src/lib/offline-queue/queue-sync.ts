import { ApiError } from '../api-client';
import { deleteItem, listItems, setItemState, type QueueDb, type QueueItem } from './queue-db';

/** How a run ended: nothing left to send, or why it stopped and waits. */
export type RunOutcome = 'done' | 'offline' | 'signed_out' | 'server_unavailable';

export interface RunDeps {
  db: QueueDb;
  send(item: QueueItem): Promise<void>;
  /** After each item the server took, while it is still queued: refresh what shows it. */
  onSent?(item: QueueItem): void | Promise<void>;
  /** After each change of an item's state. */
  onChange?(): void;
  isOnline(): boolean;
  /**
   * Who is signed in now (the session cookie). Requests go out with whatever token is current, so
   * a run checks before each send that it is still the user whose items it sends: another user
   * signing in in another tab stops it.
   */
  currentUserId(): string | undefined;
  /** The Web Locks API (navigator.locks); tests pass their own. */
  locks: Pick<LockManager, 'request'>;
}

/** The lock that makes one tab at a time send a user's queue. */
export const queueLockName = (userId: string) => `sunin-site-visit-queue:${userId}`;

/** A refusal the item itself caused (bad values, a project since deleted): mark it, go on. */
const isItemRefusal = (error: ApiError) => error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429;

/**
 * Sends the user's waiting items in the order they were made, one at a time, each once
 * (issue 41 item 2). The lock serialises runs across tabs: a run reads the queue afresh for
 * every item and removes it once the server has taken it, so an item is never sent by two runs.
 * - no network (fetch failed, or the browser says offline): the item waits, the run stops;
 * - 401, or another user (or nobody) signed in now: the item waits, the run stops until the
 *   user signs in again;
 * - another 4xx: the item is marked failed with the server's message, the run goes on;
 * - 5xx, 408, 429: the item waits, the run stops (try again later).
 * An item left "uploading" by a run that died (a closed tab) is sent again: its
 * Idempotency-Key makes that safe.
 */
export async function runQueue(userId: string, deps: RunDeps): Promise<RunOutcome> {
  return deps.locks.request(queueLockName(userId), async (): Promise<RunOutcome> => {
    for (;;) {
      const next = (await listItems(deps.db, userId)).find((item) => item.state !== 'failed');
      if (!next) return 'done';
      if (!deps.isOnline()) return 'offline';
      // Replaced (newer utility values) or removed since it was read: read the queue again.
      if (deps.currentUserId() !== userId) return 'signed_out';
      if (!(await setItemState(deps.db, next.id, 'uploading'))) continue;
      deps.onChange?.();
      if (deps.currentUserId() !== userId) {
        await setItemState(deps.db, next.id, 'waiting');
        deps.onChange?.();
        return 'signed_out';
      }
      try {
        await deps.send(next);
      } catch (error) {
        if (error instanceof ApiError && error.status !== 0 && isItemRefusal(error)) {
          await setItemState(deps.db, next.id, 'failed', { message: error.message, fields: error.fields });
          deps.onChange?.();
          continue;
        }
        await setItemState(deps.db, next.id, 'waiting');
        deps.onChange?.();
        if (!(error instanceof ApiError) || error.status === 0) return 'offline';
        return error.status === 401 ? 'signed_out' : 'server_unavailable';
      }
      // What shows the item is refreshed before the item leaves the queue: a page listing both
      // (the Notes tab) never shows it in neither. A refresh that fails leaves the item sent.
      try {
        await deps.onSent?.(next);
      } catch (error) {
        console.error('A refresh after a sent item failed.', error);
      }
      await deleteItem(deps.db, next.id);
      deps.onChange?.();
    }
  });
}
