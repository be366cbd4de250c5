import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../session';
import { buildUser } from '../test-fixtures';
import { jsonResponse, stubFetch } from '../test-utils';
import { deleteItem, listItems, openQueueDb } from './queue-db';
import { QueueUnavailableError } from './queue-errors';
import { enqueue } from './site-visit-queue';

/** Keeping items on the device (issue 41): persistent storage asked once, and a browser without IndexedDB. */
const user = buildUser({ id: 88 });

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  const db = await openQueueDb();
  for (const item of await listItems(db, String(user.id))) await deleteItem(db, item.id);
  db.close();
});

describe('enqueue', () => {
  it('asks the browser once for persistent storage, when the first item is kept', async () => {
    saveSession('jwt', user);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const persist = vi.fn(async () => true);
    Object.defineProperty(navigator, 'storage', { value: { persist }, configurable: true });
    await enqueue({ type: 'note', projectId: 5, body: 'one' });
    await enqueue({ type: 'note', projectId: 5, body: 'two' });
    expect(persist).toHaveBeenCalledTimes(1);
    Reflect.deleteProperty(navigator, 'storage');
  });

  it('without IndexedDB sends at once while online, with an Idempotency-Key, and refuses with a message while offline', async () => {
    saveSession('jwt', user);
    vi.stubGlobal('indexedDB', undefined);
    const calls = stubFetch(() => jsonResponse({ id: 1, project_id: 5, body: 'direct', author_id: 88, author_name: 'A', created_at: '2026-12-06T10:00:00.000Z' }, { status: 201 }));
    const sent = await enqueue({ type: 'note', projectId: 5, body: 'direct' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', body: { note: { body: 'direct' } } });
    expect(calls[0]!.url.pathname).toBe('/api/projects/5/notes');
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe(sent.id);

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await expect(enqueue({ type: 'note', projectId: 5, body: 'offline' })).rejects.toBeInstanceOf(QueueUnavailableError);
    expect(calls).toHaveLength(1);
  });
});
