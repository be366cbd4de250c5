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

/**
 * A photo's or file's description. Its bytes (an ArrayBuffer, which every browser stores) are
 * kept apart in the `bytes` store under the item's id: listing the queue, and each change of an
 * item's state, never reads or rewrites them; they are read only to send or to preview.
 */
export interface QueuedFile {
  contentType: string;
  name: string;
  /** The bytes' length. */
  size: number;
}

export type PhotoItem = QueueItemBase & QueuedFile & { type: 'photo'; taken_at: string | null; latitude: number | null; longitude: number | null };
export type FileItem = QueueItemBase & QueuedFile & { type: 'file' };
export type NoteItem = QueueItemBase & { type: 'note'; body: string };
export type UtilityItem = QueueItemBase & { type: 'utility'; project: ProjectUpdateInput };
export type QueueItem = PhotoItem | FileItem | NoteItem | UtilityItem;
type Managed = 'id' | 'userId' | 'seq' | 'createdAt' | 'state' | 'error';
type NewItemOf<T> = T extends PhotoItem | FileItem ? Omit<T, Managed | 'size'> & { bytes: ArrayBuffer } : Omit<T, Managed>;
/** What a screen hands over (a photo or file with its bytes); the queue adds the rest. */
export type NewQueueItem = NewItemOf<QueueItem>;

interface QueueSchema extends DBSchema {
  items: { key: string; value: QueueItem; indexes: { 'by-user': [string, number]; 'by-seq': number } };
  bytes: { key: string; value: ArrayBuffer };
}

export const QUEUE_DB_NAME = 'sunin-site-visit';
export const QUEUE_DB_VERSION = 2;
export type QueueDb = IDBPDatabase<QueueSchema>;

export function openQueueDb(): Promise<QueueDb> {
  return openDB<QueueSchema>(QUEUE_DB_NAME, QUEUE_DB_VERSION, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        const items = db.createObjectStore('items', { keyPath: 'id' });
        items.createIndex('by-user', ['userId', 'seq']);
        items.createIndex('by-seq', 'seq');
      }
      if (oldVersion < 2) {
        db.createObjectStore('bytes');
        // Version 1 kept the bytes inside the item: move them to their own store.
        const items = tx.objectStore('items');
        for (let cursor = await items.openCursor(); cursor; cursor = await cursor.continue()) {
          const { bytes, ...item } = cursor.value as QueueItem & { bytes?: ArrayBuffer };
          if (!bytes) continue;
          await tx.objectStore('bytes').put(bytes, item.id);
          await cursor.update({ ...item, size: bytes.byteLength } as QueueItem);
        }
      }
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
  const tx = db.transaction(['items', 'bytes'], 'readwrite');
  const store = tx.objectStore('items');
  if (item.type === 'utility') {
    for (let cursor = await store.index('by-user').openCursor(userRange(userId)); cursor; cursor = await cursor.continue()) {
      const older = cursor.value;
      if (older.type === 'utility' && older.projectId === item.projectId && older.state !== 'uploading') await cursor.delete();
    }
  }
  const last = await store.index('by-seq').openCursor(null, 'prev');
  const { bytes, ...description } = item as NewQueueItem & { bytes?: ArrayBuffer };
  const stored = {
    ...description,
    ...(bytes ? { size: bytes.byteLength } : {}),
    id,
    userId,
    seq: (last?.value.seq ?? 0) + 1,
    createdAt: new Date().toISOString(),
    state: 'waiting',
  } as QueueItem;
  await store.add(stored);
  if (bytes) await tx.objectStore('bytes').put(bytes, id);
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

/** A photo's or file's bytes: to send it or show it. */
export function getItemBytes(db: QueueDb, id: string): Promise<ArrayBuffer | undefined> {
  return db.get('bytes', id);
}

export async function deleteItem(db: QueueDb, id: string): Promise<void> {
  const tx = db.transaction(['items', 'bytes'], 'readwrite');
  await Promise.all([tx.objectStore('items').delete(id), tx.objectStore('bytes').delete(id), tx.done]);
}
