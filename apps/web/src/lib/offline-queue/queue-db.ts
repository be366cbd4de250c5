import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ProjectUpdateInput } from '@sunin/contract';

/**
 * The device's queue of writes made at a site visit (issue 41 items 2 and 4), in IndexedDB so
 * that they outlive a closed tab, a reload and a phone that drops the page. Each item belongs to
 * the user who made it and is only ever read and sent for that user. docs/decisions/054.
 */

export type QueueItemState = 'waiting' | 'uploading' | 'failed';

interface QueueItemBase {
  /** A UUID made on the device: the item's key here and its Idempotency-Key on the server. */
  id: string;
  /** The signed-in user who made it (the `id` cookie). */
  userId: string;
  projectId: number;
  /** The order items were made in, across tabs. */
  seq: number;
  createdAt: string;
  state: QueueItemState;
  /** The server's refusal of a failed item: its message and field messages. */
  error?: { message: string; fields: Record<string, string> };
}

/** Bytes rather than a Blob: every browser stores an ArrayBuffer in IndexedDB. */
export interface QueuedBytes {
  bytes: ArrayBuffer;
  contentType: string;
  name: string;
}

export type PhotoItem = QueueItemBase & QueuedBytes & { type: 'photo'; taken_at: string | null; latitude: number | null; longitude: number | null };
export type FileItem = QueueItemBase & QueuedBytes & { type: 'file' };
export type NoteItem = QueueItemBase & { type: 'note'; body: string };
export type UtilityItem = QueueItemBase & { type: 'utility'; project: ProjectUpdateInput };
export type QueueItem = PhotoItem | FileItem | NoteItem | UtilityItem;
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What a screen hands over; the queue adds the rest. */
export type NewQueueItem = DistributiveOmit<QueueItem, 'id' | 'userId' | 'seq' | 'createdAt' | 'state' | 'error'>;

interface QueueSchema extends DBSchema {
  items: { key: string; value: QueueItem; indexes: { 'by-user': [string, number]; 'by-seq': number } };
}

export const QUEUE_DB_NAME = 'sunin-site-visit';
export type QueueDb = IDBPDatabase<QueueSchema>;

export function openQueueDb(): Promise<QueueDb> {
  return openDB<QueueSchema>(QUEUE_DB_NAME, 1, {
    upgrade(db) {
      const items = db.createObjectStore('items', { keyPath: 'id' });
      items.createIndex('by-user', ['userId', 'seq']);
      items.createIndex('by-seq', 'seq');
    },
  });
}

const userRange = (userId: string) => IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);

/**
 * Adds an item after every other (its seq is one more than the highest, in the same transaction).
 * A project's utility values replace the ones of that project still waiting or failed: a save
 * sets every utility field, so only the newest can matter, and an older one sent later would
 * undo it. One already being sent stays; it goes before the new one.
 */
export async function addItem(db: QueueDb, userId: string, item: NewQueueItem, id: string = crypto.randomUUID()): Promise<QueueItem> {
  const tx = db.transaction('items', 'readwrite');
  if (item.type === 'utility') {
    for (let cursor = await tx.store.index('by-user').openCursor(userRange(userId)); cursor; cursor = await cursor.continue()) {
      const older = cursor.value;
      if (older.type === 'utility' && older.projectId === item.projectId && older.state !== 'uploading') await cursor.delete();
    }
  }
  const last = await tx.store.index('by-seq').openCursor(null, 'prev');
  const stored = { ...item, id, userId, seq: (last?.value.seq ?? 0) + 1, createdAt: new Date().toISOString(), state: 'waiting' } as QueueItem;
  await tx.store.add(stored);
  await tx.done;
  return stored;
}

/** The user's items, oldest first. */
export function listItems(db: QueueDb, userId: string): Promise<QueueItem[]> {
  return db.getAllFromIndex('items', 'by-user', userRange(userId));
}

export async function getItem(db: QueueDb, id: string): Promise<QueueItem | undefined> {
  return db.get('items', id);
}

export async function putItem(db: QueueDb, item: QueueItem): Promise<void> {
  await db.put('items', item);
}

/**
 * Changes an item's state (and error) if it is still there: an item replaced or removed while a
 * run was sending it is not brought back. Answers whether it was there.
 */
export async function setItemState(db: QueueDb, id: string, state: QueueItemState, error?: QueueItemBase['error']): Promise<boolean> {
  const tx = db.transaction('items', 'readwrite');
  const item = await tx.store.get(id);
  if (item) await tx.store.put({ ...item, state, error });
  await tx.done;
  return Boolean(item);
}

export async function deleteItem(db: QueueDb, id: string): Promise<void> {
  await db.delete('items', id);
}
