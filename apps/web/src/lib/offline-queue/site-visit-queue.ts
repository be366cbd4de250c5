import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { isOnline } from '../network-status';
import { getSessionUserId } from '../session';
import { addItem, deleteItem, getItem, getItemBytes, listItems, openQueueDb, putItem, type NewQueueItem, type QueueDb, type QueueItem } from './queue-db';
import { isQuotaExceeded, QueueStorageFullError, QueueUnavailableError } from './queue-errors';
import { sendQueueItem } from './queue-send';
import { runQueue, type RunDeps, type RunOutcome } from './queue-sync';

/**
 * The site visit queue as the screens use it (issue 41 item 2): add an item, watch the items of
 * a project, retry or remove one, and send them all. The snapshot is of the signed-in user's
 * items only; other tabs hear of every change through a BroadcastChannel.
 */
let dbPromise: Promise<QueueDb> | undefined;
const queueDb = () => (dbPromise ??= openQueueDb());

let snapshot: QueueItem[] = [];
const listeners = new Set<() => void>();
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel('sunin-site-visit-queue');
if (channel) {
  channel.onmessage = () => void refreshQueue();
  // Node's BroadcastChannel (tests) would otherwise keep the process alive.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
}

/** A browser without IndexedDB (or with it turned off) has no queue: `enqueue` then sends directly while online, and nothing shows waiting. */
const hasIndexedDb = () => typeof indexedDB !== 'undefined';

export async function refreshQueue(): Promise<void> {
  const userId = getSessionUserId();
  try {
    snapshot = userId && hasIndexedDb() ? await listItems(await queueDb(), userId) : [];
  } catch (error) {
    console.error('The site visit queue could not be read.', error);
    snapshot = [];
  }
  for (const listener of listeners) listener();
}

function changed(): void {
  void refreshQueue();
  channel?.postMessage('changed');
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Within one tab when the browser has no Web Locks API (Safari before 15.4): runs one after another. */
let localChain: Promise<unknown> = Promise.resolve();
const localLocks: RunDeps['locks'] = {
  request: ((_name: string, callback: () => Promise<unknown>) => {
    const run = localChain.then(callback, callback);
    localChain = run.catch(() => undefined);
    return run;
  }) as RunDeps['locks']['request'],
};

let onSent: (item: QueueItem) => void | Promise<void> = () => undefined;
/** What the app refreshes after the server took an item (the member shell installs it). */
export function setQueueSentHandler(handler: (item: QueueItem) => void | Promise<void>): void {
  onSent = handler;
}

/** Sends the signed-in user's waiting items; does nothing while offline or signed out. */
export async function syncQueue(): Promise<RunOutcome | undefined> {
  const userId = getSessionUserId();
  if (!userId || !isOnline() || !hasIndexedDb()) return undefined;
  const locks = typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : localLocks;
  const db = await queueDb();
  const send = async (item: QueueItem) => sendQueueItem(item, item.type === 'photo' || item.type === 'file' ? await getItemBytes(db, item.id) : undefined);
  return runQueue(userId, { db, send, onSent: (item) => onSent(item), onChange: changed, isOnline, currentUserId: getSessionUserId, locks });
}

let persistenceAsked = false;
/**
 * Asks the browser once per page to keep the queue's storage when space runs short (best effort:
 * it may say no, or ask the person; the queue works either way).
 */
function askForPersistentStorage(): void {
  if (persistenceAsked || typeof navigator === 'undefined' || typeof navigator.storage?.persist !== 'function') return;
  persistenceAsked = true;
  void navigator.storage.persist().catch(() => undefined);
}

/**
 * Without IndexedDB nothing can wait: while online the item is sent at once (with its
 * Idempotency-Key, like a queued one), otherwise it is refused with a message.
 */
async function sendWithoutQueue(userId: string, item: NewQueueItem): Promise<QueueItem> {
  if (!isOnline()) throw new QueueUnavailableError();
  const { bytes, ...description } = item as NewQueueItem & { bytes?: ArrayBuffer };
  const direct = { ...description, ...(bytes ? { size: bytes.byteLength } : {}), id: crypto.randomUUID(), userId, seq: 0, createdAt: new Date().toISOString(), state: 'uploading' } as QueueItem;
  await sendQueueItem(direct, bytes);
  await onSent(direct);
  return direct;
}

/**
 * Queues a write for the signed-in user and, when online, starts sending at once. Throws
 * QueueStorageFullError when the device has no room, QueueUnavailableError when the browser keeps
 * nothing and is offline, and the server's ApiError when such a browser sent it directly.
 */
export async function enqueue(item: NewQueueItem): Promise<QueueItem> {
  const userId = getSessionUserId();
  if (!userId) throw new Error('Sign in to add to this project.');
  if (!hasIndexedDb()) return sendWithoutQueue(userId, item);
  let db: QueueDb;
  try {
    db = await queueDb();
  } catch (error) {
    // IndexedDB there but refusing to open (some private modes): as if there were none.
    console.error('The site visit queue could not be opened.', error);
    dbPromise = undefined;
    return sendWithoutQueue(userId, item);
  }
  let stored: QueueItem;
  try {
    stored = await addItem(db, userId, item);
  } catch (error) {
    if (isQuotaExceeded(error) || (error instanceof Error && isQuotaExceeded((error as { cause?: unknown }).cause))) throw new QueueStorageFullError();
    throw error;
  }
  askForPersistentStorage();
  changed();
  void syncQueue();
  return stored;
}

/** What a failed item may be sent again with: a note's edited text, a photo without its capture fields. */
export interface RetryChanges {
  body?: string;
  taken_at?: null;
  latitude?: null;
  longitude?: null;
}

/** Puts a failed item back in line, with what the member changed (a note's text), and sends. */
export async function retryQueueItem(id: string, changes: RetryChanges = {}): Promise<void> {
  const db = await queueDb();
  const item = await getItem(db, id);
  if (!item || item.userId !== getSessionUserId()) return;
  await putItem(db, { ...item, ...changes, state: 'waiting', error: undefined } as QueueItem);
  changed();
  void syncQueue();
}

/** The bytes of one of the signed-in user's photos or files, to show it while it waits. */
export async function loadQueuedBytes(id: string): Promise<ArrayBuffer | undefined> {
  if (!hasIndexedDb()) return undefined;
  const db = await queueDb();
  const item = await getItem(db, id);
  return item && item.userId === getSessionUserId() ? getItemBytes(db, id) : undefined;
}

export async function removeQueueItem(id: string): Promise<void> {
  const db = await queueDb();
  const item = await getItem(db, id);
  if (!item || item.userId !== getSessionUserId()) return;
  await deleteItem(db, id);
  changed();
}

/** The signed-in user's queued items, of one project when given, oldest first. */
export function useQueuedItems(projectId?: number): QueueItem[] {
  const items = useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
  return useMemo(() => (projectId === undefined ? items : items.filter((item) => item.projectId === projectId)), [items, projectId]);
}

/** How often a waiting queue is tried again while online (a server that was busy). */
const RETRY_INTERVAL_MS = 30_000;

/**
 * Runs the queue for the signed-in user: when the app starts, when the browser comes back
 * online, and now and then while items wait. Mounted once, in the member shell.
 */
export function useSiteVisitQueueSync(onItemSent: (item: QueueItem) => void | Promise<void>): void {
  useEffect(() => {
    setQueueSentHandler(onItemSent);
    const sync = () => void syncQueue().catch((error: unknown) => console.error('The site visit queue could not be sent.', error));
    void refreshQueue().then(sync);
    window.addEventListener('online', sync);
    const timer = window.setInterval(() => {
      if (snapshot.some((item) => item.state === 'waiting')) sync();
    }, RETRY_INTERVAL_MS);
    return () => {
      window.removeEventListener('online', sync);
      window.clearInterval(timer);
      setQueueSentHandler(() => undefined);
    };
  }, [onItemSent]);
}
