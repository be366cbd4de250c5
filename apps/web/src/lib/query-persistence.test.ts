import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { createStore, entries, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryPersistence, PERSISTED_QUERIES_VERSION, persistedQueriesKey, shouldPersistQuery } from './query-persistence';

let stores = 0;
const newStore = () => createStore(`query-persistence-test-${++stores}`, 'queries');
const clients: QueryClient[] = [];
function newClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  return client;
}
afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

const project = { id: 7, company_name: 'Acme Bakery' };

/** The query keys of what was saved under `key`. */
async function savedKeys(store: ReturnType<typeof createStore>, key: string) {
  const saved = await get<string>(key, store);
  return saved ? (JSON.parse(saved) as { clientState: { queries: Array<{ queryKey: unknown[] }> } }).clientState.queries.map((query) => query.queryKey) : [];
}

describe('shouldPersistQuery', () => {
  const query = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success') => ({ queryKey, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0];
  it('keeps the member’s loaded project queries and profile', () => {
    for (const key of [['projects', 'list', { page: 1 }], ['projects', 'detail', 7], ['projects', 'detail', 7, 'activity'], ['projects', 7, 'contacts'], ['projects', 7, 'links'], ['projects', 7, 'images'], ['projects', 7, 'files'], ['user', 'profile']]) {
      expect(shouldPersistQuery(query(key)), JSON.stringify(key)).toBe(true);
    }
  });
  it('leaves out share links, other data and what has not loaded', () => {
    for (const key of [['projects', 7, 'shares'], ['user', 'storage'], ['notifications', 'list'], ['admin', 'projects', 7], ['earnings']]) {
      expect(shouldPersistQuery(query(key)), JSON.stringify(key)).toBe(false);
    }
    expect(shouldPersistQuery(query(['projects', 'detail', 7], 'error'))).toBe(false);
    expect(shouldPersistQuery(query(['projects', 'detail', 7], 'pending'))).toBe(false);
  });
});

describe('createQueryPersistence', () => {
  it('saves the project queries under the user’s id and restores them in a new session of the app', async () => {
    const store = newStore();
    const online = newClient();
    await createQueryPersistence(online, store, 0).start('41');
    online.setQueryData(['projects', 'detail', 7], project);
    online.setQueryData(['projects', 7, 'shares'], [{ token: 'secret' }]);
    online.setQueryData(['user', 'storage'], { used: 1 });
    await expect.poll(() => savedKeys(store, persistedQueriesKey('41'))).toEqual([['projects', 'detail', 7]]);

    const offline = newClient();
    await createQueryPersistence(offline, store, 0).start('41');
    expect(offline.getQueryData(['projects', 'detail', 7])).toEqual(project);
    expect(offline.getQueryData(['projects', 7, 'shares'])).toBeUndefined();
  });

  it('gives another user nothing of the first one’s, and deletes it', async () => {
    const store = newStore();
    const first = newClient();
    await createQueryPersistence(first, store, 0).start('41');
    first.setQueryData(['projects', 'detail', 7], project);
    await expect.poll(() => savedKeys(store, persistedQueriesKey('41'))).toHaveLength(1);

    const second = newClient();
    await createQueryPersistence(second, store, 0).start('42');
    expect(second.getQueryData(['projects', 'detail', 7])).toBeUndefined();
    expect((await entries(store)).map(([key]) => key)).toEqual([]);
  });

  it('deletes everything at sign-out, and a save that was still pending does not bring it back', async () => {
    const store = newStore();
    const client = newClient();
    const throttle = 50;
    const persistence = createQueryPersistence(client, store, throttle);
    await persistence.start('41');
    client.setQueryData(['projects', 'detail', 7], project);
    await expect.poll(() => savedKeys(store, persistedQueriesKey('41'))).toHaveLength(1);
    // A change whose throttled save is due after the sign-out. (The throttle runs on TanStack's
    // own timer, which fake timers do not reach: the test lets it come due for real.)
    client.setQueryData(['projects', 'detail', 8], { id: 8 });
    await persistence.clear();
    client.setQueryData(['projects', 'detail', 9], { id: 9 });
    await new Promise((resolve) => setTimeout(resolve, throttle * 4));
    // IndexedDB runs a store's transactions in the order they were made: once this one is
    // done, any save the throttle started has finished too.
    await set('sentinel', 1, store);
    expect(await entries(store)).toEqual([['sentinel', 1]]);

    const next = newClient();
    await createQueryPersistence(next, store, 0).start('41');
    expect(next.getQueryData(['projects', 'detail', 7])).toBeUndefined();
  });

  it('starts without a session by deleting what an ended one left', async () => {
    const store = newStore();
    await set(persistedQueriesKey('41'), JSON.stringify({ timestamp: Date.now(), buster: PERSISTED_QUERIES_VERSION, clientState: { mutations: [], queries: [] } }), store);
    await createQueryPersistence(newClient(), store, 0).start(undefined);
    expect(await entries(store)).toEqual([]);
  });

  it('restores nothing older than a week', async () => {
    const store = newStore();
    const saved = (timestamp: number) => JSON.stringify({
      timestamp,
      buster: PERSISTED_QUERIES_VERSION,
      clientState: { mutations: [], queries: [{ queryKey: ['projects', 'detail', 7], queryHash: '["projects","detail",7]', state: { data: project, dataUpdatedAt: timestamp, dataUpdateCount: 1, error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' } }] },
    });
    const day = 24 * 60 * 60 * 1000;
    await set(persistedQueriesKey('41'), saved(Date.now() - 8 * day), store);
    const stale = newClient();
    await createQueryPersistence(stale, store, 0).start('41');
    expect(stale.getQueryData(['projects', 'detail', 7])).toBeUndefined();

    await set(persistedQueriesKey('41'), saved(Date.now() - 6 * day), store);
    const recent = newClient();
    await createQueryPersistence(recent, store, 0).start('41');
    expect(recent.getQueryData(['projects', 'detail', 7])).toEqual(project);
  });
});
