import 'fake-indexeddb/auto';
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { createStore, entries, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryPersistence, PERSISTED_QUERIES_MAX_AGE_MS, PERSISTED_QUERIES_VERSION, persistedQueriesKey, shouldPersistQuery, type PersistenceStorage } from './query-persistence';

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
  onlineManager.setOnline(true);
});

/**
 * Wraps the persister's storage to hand each save attempt to the test: `next()` resolves, with
 * the value written, once the next setItem call has finished (written or, for a key no longer
 * current, refused).
 */
function watchSaves() {
  const waiting: Array<(value: string) => void> = [];
  const done: string[] = [];
  const wrapStorage = (storage: PersistenceStorage): PersistenceStorage => ({
    ...storage,
    setItem: async (name, value) => {
      await storage.setItem(name, value);
      const resolve = waiting.shift();
      if (resolve) resolve(value);
      else done.push(value);
    },
  });
  const next = () => (done.length > 0 ? Promise.resolve(done.shift()!) : new Promise<string>((resolve) => waiting.push(resolve)));
  /** The first save from now on whose value holds `text` (a save may carry an earlier state: the throttle's first run is at once). */
  const holding = async (text: string) => {
    let value = await next();
    while (!value.includes(text)) value = await next();
    return value;
  };
  return { wrapStorage, next, holding };
}

/** A saved client with one project answer fetched at `dataUpdatedAt`, saved at `timestamp`. */
const savedClient = (timestamp: number, dataUpdatedAt = timestamp, mutations: unknown[] = []) =>
  JSON.stringify({
    timestamp,
    buster: PERSISTED_QUERIES_VERSION,
    clientState: { mutations, queries: [{ queryKey: ['projects', 'detail', 7], queryHash: '["projects","detail",7]', state: { data: project, dataUpdatedAt, dataUpdateCount: 1, error: null, errorUpdatedAt: 0, errorUpdateCount: 0, fetchFailureCount: 0, fetchFailureReason: null, fetchMeta: null, isInvalidated: false, status: 'success', fetchStatus: 'idle' } }] },
  });
const day = 24 * 60 * 60 * 1000;

const project = { id: 7, company_name: 'Acme Bakery' };

/** The query keys of what was saved under `key`. */
async function savedKeys(store: ReturnType<typeof createStore>, key: string) {
  const saved = await get<string>(key, store);
  return saved ? (JSON.parse(saved) as { clientState: { queries: Array<{ queryKey: unknown[] }> } }).clientState.queries.map((query) => query.queryKey) : [];
}

describe('shouldPersistQuery', () => {
  const now = Date.now();
  const query = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success', { data = status === 'success' ? project : undefined, dataUpdatedAt = now }: { data?: unknown; dataUpdatedAt?: number } = {}) =>
    ({ queryKey, state: { status, data, dataUpdatedAt } }) as unknown as Parameters<typeof shouldPersistQuery>[0];
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
  it('keeps an answer whose refetch failed (a poor signal), but not one fetched more than a week ago', () => {
    expect(shouldPersistQuery(query(['projects', 'detail', 7], 'error', { data: project }), now)).toBe(true);
    expect(shouldPersistQuery(query(['projects', 'detail', 7], 'success', { dataUpdatedAt: now - PERSISTED_QUERIES_MAX_AGE_MS }), now)).toBe(true);
    expect(shouldPersistQuery(query(['projects', 'detail', 7], 'success', { dataUpdatedAt: now - PERSISTED_QUERIES_MAX_AGE_MS - 1 }), now)).toBe(false);
  });
});

describe('createQueryPersistence', () => {
  it('saves the project queries under the user’s id and restores them in a new session of the app', async () => {
    const store = newStore();
    const online = newClient();
    await createQueryPersistence(online, { store, throttleTime: 0 }).start('41');
    online.setQueryData(['projects', 'detail', 7], project);
    online.setQueryData(['projects', 7, 'shares'], [{ token: 'secret' }]);
    online.setQueryData(['user', 'storage'], { used: 1 });
    await expect.poll(() => savedKeys(store, persistedQueriesKey('41'))).toEqual([['projects', 'detail', 7]]);

    const offline = newClient();
    await createQueryPersistence(offline, { store, throttleTime: 0 }).start('41');
    expect(offline.getQueryData(['projects', 'detail', 7])).toEqual(project);
    expect(offline.getQueryData(['projects', 7, 'shares'])).toBeUndefined();
  });

  it('gives another user nothing of the first one’s, and deletes it', async () => {
    const store = newStore();
    const first = newClient();
    await createQueryPersistence(first, { store, throttleTime: 0 }).start('41');
    first.setQueryData(['projects', 'detail', 7], project);
    await expect.poll(() => savedKeys(store, persistedQueriesKey('41'))).toHaveLength(1);

    const second = newClient();
    await createQueryPersistence(second, { store, throttleTime: 0 }).start('42');
    expect(second.getQueryData(['projects', 'detail', 7])).toBeUndefined();
    expect((await entries(store)).map(([key]) => key)).toEqual([]);
  });

  it('deletes everything at sign-out, and a save that was still pending does not bring it back', async () => {
    const store = newStore();
    const client = newClient();
    const saves = watchSaves();
    const persistence = createQueryPersistence(client, { store, throttleTime: 50, wrapStorage: saves.wrapStorage });
    await persistence.start('41');
    client.setQueryData(['projects', 'detail', 7], project);
    await saves.holding('Acme Bakery');
    expect(await savedKeys(store, persistedQueriesKey('41'))).toEqual([['projects', 'detail', 7]]);
    // A change whose throttled save is due after the sign-out. (The throttle runs on TanStack's
    // own timer: the test waits for that save's attempt itself.)
    client.setQueryData(['projects', 'detail', 8], { id: 8 });
    await persistence.clear();
    client.setQueryData(['projects', 'detail', 9], { id: 9 });
    expect(await saves.next()).toContain('"id":8');
    expect(await entries(store)).toEqual([]);

    const next = newClient();
    await createQueryPersistence(next, { store, throttleTime: 0 }).start('41');
    expect(next.getQueryData(['projects', 'detail', 7])).toBeUndefined();
  });

  it('never writes a mutation: one paused offline holds what was typed (a password change)', async () => {
    const store = newStore();
    const client = newClient();
    const saves = watchSaves();
    await createQueryPersistence(client, { store, throttleTime: 0, wrapStorage: saves.wrapStorage }).start('41');
    onlineManager.setOnline(false);
    const mutation = client.getMutationCache().build(client, { mutationKey: ['user', 'password'], mutationFn: async () => ({ message: 'Password updated.' }) });
    void mutation.execute({ current_password: 'old-secret-1', password: 'new-secret-2' });
    await expect.poll(() => mutation.state.isPaused).toBe(true);
    client.setQueryData(['projects', 'detail', 7], project);

    const saved = await saves.holding('Acme Bakery');
    expect((JSON.parse(saved) as { clientState: { mutations: unknown[] } }).clientState.mutations).toEqual([]);
    expect(saved).not.toMatch(/secret/);
    expect(JSON.stringify(await entries(store))).not.toMatch(/secret/);
  });

  it('restores no mutation a former version wrote', async () => {
    const store = newStore();
    const paused = { mutationKey: ['user', 'password'], state: { context: undefined, data: undefined, error: null, failureCount: 0, failureReason: null, isPaused: true, status: 'pending', variables: { password: 'new-secret-2' }, submittedAt: Date.now() } };
    await set(persistedQueriesKey('41'), savedClient(Date.now(), Date.now(), [paused]), store);
    const client = newClient();
    await createQueryPersistence(client, { store, throttleTime: 0 }).start('41');
    expect(client.getQueryData(['projects', 'detail', 7])).toEqual(project);
    expect(client.getMutationCache().getAll()).toEqual([]);
  });

  it('writes an answer whose refetch failed as a loaded one, and restores it so', async () => {
    const store = newStore();
    const client = newClient();
    client.setQueryData(['projects', 'detail', 7], project);
    await client.prefetchQuery({ queryKey: ['projects', 'detail', 7], queryFn: () => Promise.reject(new Error('Failed to fetch')), staleTime: 0 });
    expect(client.getQueryState(['projects', 'detail', 7])?.status).toBe('error');
    const saves = watchSaves();
    await createQueryPersistence(client, { store, throttleTime: 0, wrapStorage: saves.wrapStorage }).start('41');
    client.setQueryData(['projects', 'detail', 8], { id: 8 });
    const saved = await saves.holding('"id":8');
    expect(saved).toContain('Acme Bakery');
    expect(saved).not.toMatch(/Failed to fetch|"status":"error"/);

    const restored = newClient();
    await createQueryPersistence(restored, { store, throttleTime: 0 }).start('41');
    expect(restored.getQueryData(['projects', 'detail', 7])).toEqual(project);
    expect(restored.getQueryState(['projects', 'detail', 7])?.status).toBe('success');
  });

  it('does not renew an answer fetched more than a week ago when saving, nor restore one that turned a week old since', async () => {
    const store = newStore();
    const client = newClient();
    const saves = watchSaves();
    await createQueryPersistence(client, { store, throttleTime: 0, wrapStorage: saves.wrapStorage }).start('41');
    client.setQueryData(['projects', 'detail', 7], project, { updatedAt: Date.now() - 8 * day });
    client.setQueryData(['projects', 'detail', 8], { id: 8 });
    await saves.holding('"id":8');
    expect(await savedKeys(store, persistedQueriesKey('41'))).toEqual([['projects', 'detail', 8]]);

    // Saved yesterday, fetched eight days ago.
    await set(persistedQueriesKey('41'), savedClient(Date.now() - day, Date.now() - 8 * day), store);
    const restored = newClient();
    await createQueryPersistence(restored, { store, throttleTime: 0 }).start('41');
    expect(restored.getQueryData(['projects', 'detail', 7])).toBeUndefined();
  });

  it('starts without a session by deleting what an ended one left', async () => {
    const store = newStore();
    await set(persistedQueriesKey('41'), JSON.stringify({ timestamp: Date.now(), buster: PERSISTED_QUERIES_VERSION, clientState: { mutations: [], queries: [] } }), store);
    await createQueryPersistence(newClient(), { store, throttleTime: 0 }).start(undefined);
    expect(await entries(store)).toEqual([]);
  });

  it('restores nothing older than a week', async () => {
    const store = newStore();
    await set(persistedQueriesKey('41'), savedClient(Date.now() - 8 * day), store);
    const stale = newClient();
    await createQueryPersistence(stale, { store, throttleTime: 0 }).start('41');
    expect(stale.getQueryData(['projects', 'detail', 7])).toBeUndefined();

    await set(persistedQueriesKey('41'), savedClient(Date.now() - 6 * day), store);
    const recent = newClient();
    await createQueryPersistence(recent, { store, throttleTime: 0 }).start('41');
    expect(recent.getQueryData(['projects', 'detail', 7])).toEqual(project);
  });
});
