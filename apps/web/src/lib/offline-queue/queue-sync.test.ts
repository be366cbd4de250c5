import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-client';
import { deleteDB, openDB } from 'idb';
import { addItem, deleteItem, getItemBytes, listItems, openQueueDb, putItem, QUEUE_DB_NAME, setItemState, type NewQueueItem, type QueueDb, type QueueItem } from './queue-db';
import { runQueue, type RunDeps } from './queue-sync';

/**
 * The site visit queue (issue 41 item 2) on fake-indexeddb: order, each item once, a refused
 * item marked with the server's message while the rest go on, a lost network stopping the run,
 * one user's items never sent as another's, and runs of two tabs serialised by the lock.
 */
let db: QueueDb;
beforeEach(async () => {
  db = await openQueueDb();
});
afterEach(async () => {
  for (const item of await db.getAll('items')) await deleteItem(db, item.id);
  db.close();
});

const note = (projectId: number, body: string): NewQueueItem => ({ type: 'note', projectId, body });

/** A lock manager like the browser's: callbacks under one name run one after another. */
function fakeLocks(): RunDeps['locks'] & { held: string[] } {
  const chains = new Map<string, Promise<unknown>>();
  const held: string[] = [];
  return {
    held,
    request: ((name: string, callback: () => Promise<unknown>) => {
      const run = (chains.get(name) ?? Promise.resolve()).then(async () => {
        held.push(name);
        try {
          return await callback();
        } finally {
          held.splice(held.indexOf(name), 1);
        }
      });
      chains.set(name, run.catch(() => undefined));
      return run;
    }) as RunDeps['locks']['request'],
  };
}

function deps(send: (item: QueueItem) => Promise<void>, overrides: Partial<RunDeps> = {}): RunDeps {
  return { db, send, isOnline: () => true, currentUserId: () => 'u1', locks: fakeLocks(), ...overrides };
}

describe('runQueue', () => {
  it('sends the items in the order they were made, each once, and empties the queue', async () => {
    for (const body of ['first', 'second', 'third']) await addItem(db, 'u1', note(7, body));
    const sent: string[] = [];
    const refreshed: string[] = [];
    const outcome = await runQueue('u1', deps(async (item) => void sent.push((item as { body: string }).body), { onSent: (item) => void refreshed.push(item.id) }));
    expect(outcome).toBe('done');
    expect(sent).toEqual(['first', 'second', 'third']);
    expect(refreshed).toHaveLength(3);
    expect(await listItems(db, 'u1')).toEqual([]);
    // A second run finds nothing to send.
    expect(await runQueue('u1', deps(async () => void sent.push('again')))).toBe('done');
    expect(sent).toHaveLength(3);
  });

  it('refreshes what shows an item while it is still queued, so it is never shown nowhere, and a failed refresh still empties the queue', async () => {
    await addItem(db, 'u1', note(7, 'first'));
    const second = await addItem(db, 'u1', note(7, 'second'));
    const queuedDuringRefresh: boolean[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const outcome = await runQueue(
      'u1',
      deps(async () => undefined, {
        onSent: async (item) => {
          queuedDuringRefresh.push((await listItems(db, 'u1')).some((queued) => queued.id === item.id));
          if (item.id === second.id) throw new Error('the refetch failed');
        },
      }),
    );
    expect(outcome).toBe('done');
    expect(queuedDuringRefresh).toEqual([true, true]);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
    expect(await listItems(db, 'u1')).toEqual([]);
  });

  it("marks an item the server refuses as failed with the server's message and fields, and sends the next", async () => {
    await addItem(db, 'u1', note(7, 'ok'));
    const bad = await addItem(db, 'u1', note(7, 'refused'));
    await addItem(db, 'u1', note(7, 'after'));
    const sent: string[] = [];
    const outcome = await runQueue(
      'u1',
      deps(async (item) => {
        if (item.id === bad.id) throw new ApiError(422, 'validation_failed', 'Latitude must be a number from -90 to 90.', { latitude: 'Latitude must be a number from -90 to 90.' });
        sent.push((item as { body: string }).body);
      }),
    );
    expect(outcome).toBe('done');
    expect(sent).toEqual(['ok', 'after']);
    const [left] = await listItems(db, 'u1');
    expect(left).toMatchObject({ id: bad.id, state: 'failed', error: { message: 'Latitude must be a number from -90 to 90.', fields: { latitude: 'Latitude must be a number from -90 to 90.' } } });
    // A failed item stays out of later runs until it is retried.
    expect(await runQueue('u1', deps(async () => void sent.push('again')))).toBe('done');
    expect(sent).toEqual(['ok', 'after']);
  });

  it('stops at a network failure, leaving that item and the rest waiting in order', async () => {
    await addItem(db, 'u1', note(7, 'sent'));
    await addItem(db, 'u1', note(7, 'lost'));
    await addItem(db, 'u1', note(7, 'later'));
    const sent: string[] = [];
    const outcome = await runQueue(
      'u1',
      deps(async (item) => {
        if ((item as { body: string }).body === 'lost') throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
        sent.push((item as { body: string }).body);
      }),
    );
    expect(outcome).toBe('offline');
    expect(sent).toEqual(['sent']);
    expect((await listItems(db, 'u1')).map((item) => [(item as { body: string }).body, item.state])).toEqual([
      ['lost', 'waiting'],
      ['later', 'waiting'],
    ]);
    // Back online, the run picks up where it stopped.
    expect(await runQueue('u1', deps(async (item) => void sent.push((item as { body: string }).body)))).toBe('done');
    expect(sent).toEqual(['sent', 'lost', 'later']);
  });

  it('sends nothing while the browser is offline', async () => {
    await addItem(db, 'u1', note(7, 'waiting'));
    expect(await runQueue('u1', deps(async () => expect.unreachable(), { isOnline: () => false }))).toBe('offline');
    expect(await listItems(db, 'u1')).toMatchObject([{ state: 'waiting' }]);
  });

  it('stops on 401 and waits for the user to sign in again; a 5xx stops too, without failing the item', async () => {
    await addItem(db, 'u1', note(7, 'a'));
    expect(await runQueue('u1', deps(async () => Promise.reject(new ApiError(401, 'unauthorized', 'You need to sign in or sign up before continuing.'))))).toBe('signed_out');
    expect(await listItems(db, 'u1')).toMatchObject([{ state: 'waiting' }]);
    expect(await runQueue('u1', deps(async () => Promise.reject(new ApiError(503, 'service_unavailable', 'Try again later.'))))).toBe('server_unavailable');
    expect(await listItems(db, 'u1')).toMatchObject([{ state: 'waiting' }]);
  });

  it("never sends one user's items for another", async () => {
    await addItem(db, 'u1', note(7, "u1's note"));
    await addItem(db, 'u2', note(8, "u2's note"));
    const sent: string[] = [];
    await runQueue('u2', deps(async (item) => void sent.push(`${item.userId}:${(item as { body: string }).body}`), { currentUserId: () => 'u2' }));
    expect(sent).toEqual(["u2:u2's note"]);
    expect(await listItems(db, 'u1')).toMatchObject([{ body: "u1's note", state: 'waiting' }]);
  });

  it('runs of two tabs at once take turns under the lock: each item is sent once', async () => {
    for (const body of ['a', 'b', 'c', 'd']) await addItem(db, 'u1', note(7, body));
    const locks = fakeLocks();
    const sent: string[] = [];
    let inFlight = 0;
    const send = async (item: QueueItem) => {
      inFlight++;
      expect(inFlight).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 0));
      sent.push((item as { body: string }).body);
      inFlight--;
    };
    const outcomes = await Promise.all([runQueue('u1', deps(send, { locks })), runQueue('u1', deps(send, { locks }))]);
    expect(outcomes).toEqual(['done', 'done']);
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
  });

  it('sends again an item a closed tab left "uploading" (its Idempotency-Key makes that safe)', async () => {
    const item = await addItem(db, 'u1', note(7, 'interrupted'));
    await putItem(db, { ...item, state: 'uploading' });
    const sent: string[] = [];
    await runQueue('u1', deps(async (queued) => void sent.push(queued.id)));
    expect(sent).toEqual([item.id]);
  });

  it("keeps only a project's newest utility values: an older waiting or failed one is replaced, one being sent stays before it", async () => {
    const utility = (projectId: number, company: string): NewQueueItem => ({ type: 'utility', projectId, project: { utility_company: company } });
    const sending = await addItem(db, 'u1', utility(7, 'in flight'));
    await setItemState(db, sending.id, 'uploading');
    await addItem(db, 'u1', utility(7, 'older'));
    const refused = await addItem(db, 'u1', utility(7, 'refused'));
    await setItemState(db, refused.id, 'failed', { message: 'No.', fields: {} });
    await addItem(db, 'u1', utility(8, 'other project'));
    await addItem(db, 'u2', utility(7, "another user's"));
    await addItem(db, 'u1', note(7, 'a note'));
    await addItem(db, 'u1', utility(7, 'newest'));
    const companies = (await listItems(db, 'u1')).map((item) => (item.type === 'utility' ? `${item.projectId}:${item.project.utility_company}` : item.type));
    expect(companies).toEqual(['7:in flight', '8:other project', 'note', '7:newest']);
    expect(await listItems(db, 'u2')).toHaveLength(1);
  });

  it('does not bring back an item replaced while a run was sending another', async () => {
    const first = await addItem(db, 'u1', note(7, 'first'));
    const stale = await addItem(db, 'u1', { type: 'utility', projectId: 7, project: { utility_company: 'old' } });
    const sent: string[] = [];
    await runQueue(
      'u1',
      deps(async (item) => {
        sent.push(item.type === 'utility' ? String(item.project.utility_company) : item.id);
        // While the note is on its way the partner saves newer utility values.
        if (item.id === first.id) await addItem(db, 'u1', { type: 'utility', projectId: 7, project: { utility_company: 'new' } });
      }),
    );
    expect(sent).toEqual([first.id, 'new']);
    expect(await listItems(db, 'u1')).toEqual([]);
    expect(stale.id).not.toBe(first.id);
  });

  it('stops with signed_out when another user signs in (another tab) during a run, leaving the rest waiting', async () => {
    await addItem(db, 'u1', note(7, 'before'));
    await addItem(db, 'u1', note(7, 'after the switch'));
    let session: string | undefined = 'u1';
    const sent: string[] = [];
    const outcome = await runQueue(
      'u1',
      deps(
        async (item) => {
          sent.push((item as { body: string }).body);
          // u1 signs out and u2 signs in while this request is out.
          session = 'u2';
        },
        { currentUserId: () => session },
      ),
    );
    expect(outcome).toBe('signed_out');
    expect(sent).toEqual(['before']);
    expect(await listItems(db, 'u1')).toMatchObject([{ body: 'after the switch', state: 'waiting' }]);
    // Signed out altogether: nothing is sent either.
    session = undefined;
    expect(await runQueue('u1', deps(async () => expect.unreachable(), { currentUserId: () => session }))).toBe('signed_out');
    session = 'u1';
    expect(await runQueue('u1', deps(async (item) => void sent.push((item as { body: string }).body), { currentUserId: () => session }))).toBe('done');
    expect(sent).toEqual(['before', 'after the switch']);
  });

});

describe('the bytes of photos and files', () => {
  const photo = (projectId: number, bytes: Uint8Array): NewQueueItem => ({ type: 'photo', projectId, bytes: bytes.slice().buffer, contentType: 'image/jpeg', name: 'a.jpg', taken_at: null, latitude: null, longitude: null });

  it('are kept apart from the item: listing and state changes never carry them; sending reads them; removing deletes them', async () => {
    const item = await addItem(db, 'u1', photo(7, new Uint8Array([1, 2, 3, 4])));
    const [listed] = await listItems(db, 'u1');
    expect(listed).toMatchObject({ id: item.id, size: 4, name: 'a.jpg' });
    expect(listed).not.toHaveProperty('bytes');
    expect(await db.get('items', item.id)).not.toHaveProperty('bytes');
    await setItemState(db, item.id, 'failed', { message: 'No.', fields: {} });
    expect(await db.get('items', item.id)).not.toHaveProperty('bytes');
    expect(new Uint8Array((await getItemBytes(db, item.id))!)).toEqual(new Uint8Array([1, 2, 3, 4]));
    await deleteItem(db, item.id);
    expect(await getItemBytes(db, item.id)).toBeUndefined();
    expect(await db.count('bytes')).toBe(0);
  });

  it('of a version 1 queue (inside the items) move to their own store when the database is upgraded', async () => {
    db.close();
    await deleteDB(QUEUE_DB_NAME);
    const old = await openDB(QUEUE_DB_NAME, 1, {
      upgrade(database) {
        const items = database.createObjectStore('items', { keyPath: 'id' });
        items.createIndex('by-user', ['userId', 'seq']);
        items.createIndex('by-seq', 'seq');
      },
    });
    const base = { userId: 'u1', projectId: 7, createdAt: '2026-12-06T10:00:00.000Z', state: 'waiting' };
    await old.add('items', { ...base, id: 'p1', seq: 1, type: 'photo', bytes: new Uint8Array([9, 8, 7]).buffer, contentType: 'image/jpeg', name: 'old.jpg', taken_at: null, latitude: null, longitude: null });
    await old.add('items', { ...base, id: 'n1', seq: 2, type: 'note', body: 'kept' });
    old.close();
    db = await openQueueDb();
    const items = await listItems(db, 'u1');
    expect(items).toMatchObject([{ id: 'p1', size: 3, name: 'old.jpg' }, { id: 'n1', body: 'kept' }]);
    expect(items[0]).not.toHaveProperty('bytes');
    expect(new Uint8Array((await getItemBytes(db, 'p1'))!)).toEqual(new Uint8Array([9, 8, 7]));
  });
});
