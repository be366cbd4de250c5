import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { clear as clearStore, createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { deletePersistedQueriesDatabase, isPersistedQueryKey, PERSISTED_QUERIES_DATABASE, PERSISTED_QUERIES_MAX_AGE_MS } from './persisted-queries';

/**
 * The last-seen projects, offline (issue 41 item 1, docs/decisions/052-installable-app.md): the
 * signed-in member's project queries (list, detail, contacts, links, photo and file lists,
 * timeline, tickets; not file bytes, not share links) and their own profile are kept in
 * IndexedDB and put back into the query cache when the app starts, so a project opened online
 * opens again without a connection. TanStack Query's default networkMode ('online') pauses the
 * queries while offline, so what was restored stays on screen.
 *
 * One member's data at a time, under their user id: starting for another user deletes what the
 * device kept for anyone else (a shared phone), sign-out and an ended session delete it all,
 * and no answer fetched more than a week ago is saved or restored. Mutations are never written:
 * one paused offline holds what was typed (a password change, payout details, a code).
 */

export { PERSISTED_QUERIES_MAX_AGE_MS };
/** Bump when a persisted answer's shape changes in a way the app can no longer read. */
export const PERSISTED_QUERIES_VERSION = '1';
const THROTTLE_MS = 1000;

export const persistedQueriesKey = (userId: string) => `user:${userId}`;

/**
 * Whether a query is kept for offline reading: a project query of the member, or their profile,
 * with an answer fetched within the week. One whose last refetch failed (a poor signal) still
 * has that answer, and keeps it.
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>, now = Date.now()): boolean {
  return query.state.data !== undefined && now - query.state.dataUpdatedAt <= PERSISTED_QUERIES_MAX_AGE_MS && isPersistedQueryKey(query.queryKey);
}

/**
 * What is written and what is read back: only the answers `shouldPersistQuery` keeps (a save
 * does not renew an old one, and one saved before it turned a week old is not restored after),
 * each as a plain loaded answer: a failed refetch's error is not written, and a restored
 * project is not shown as failed.
 */
export function persistableClient(client: PersistedClient, now = Date.now()): PersistedClient {
  const queries = client.clientState.queries
    .filter((query) => shouldPersistQuery(query, now))
    .map((query) => ({ ...query, state: { ...query.state, status: 'success' as const, error: null, fetchFailureCount: 0, fetchFailureReason: null, fetchStatus: 'idle' as const } }));
  return { ...client, clientState: { ...client.clientState, queries } };
}

export interface QueryPersistence {
  /** Restores `userId`'s queries and keeps saving them; without a user, deletes everything kept. */
  start(userId: string | undefined): Promise<void>;
  /** Stops saving and deletes everything kept (sign-out, an ended session). */
  clear(): Promise<void>;
}

/** The storage the persister writes through (tests wrap it to wait for a save). */
export interface PersistenceStorage {
  getItem(name: string): Promise<string | undefined>;
  setItem(name: string, value: string): Promise<void>;
  removeItem(name: string): Promise<void>;
}

export interface QueryPersistenceOptions {
  store?: UseStore;
  throttleTime?: number;
  wrapStorage?: (storage: PersistenceStorage) => PersistenceStorage;
}

export function createQueryPersistence(queryClient: QueryClient, { store = createStore(PERSISTED_QUERIES_DATABASE, 'queries'), throttleTime = THROTTLE_MS, wrapStorage = (storage) => storage }: QueryPersistenceOptions = {}): QueryPersistence {
  // Only the current user's key is ever written: a throttled save still pending when the
  // session ends or changes hands cannot land after the data was deleted.
  let activeKey: string | null = null;
  let unsubscribe: (() => void) | null = null;

  const stop = () => {
    unsubscribe?.();
    unsubscribe = null;
    activeKey = null;
  };

  return {
    async start(userId) {
      stop();
      if (!userId) {
        await clearStore(store);
        return;
      }
      const key = persistedQueriesKey(userId);
      activeKey = key;
      await delMany((await keys(store)).filter((other) => other !== key), store);
      const persister: Persister = createAsyncStoragePersister({
        key,
        throttleTime,
        storage: wrapStorage({
          getItem: (name) => get<string>(name, store),
          setItem: async (name, value) => {
            if (name === activeKey) await set(name, value, store);
          },
          removeItem: (name) => delMany([name], store),
        }),
        serialize: (client) => JSON.stringify(persistableClient(client)),
      });
      // Signed out (or another user) while reading: nothing of it goes into the cache. No
      // mutation is restored (the first version of this module wrote paused ones).
      const restoreClient = async () => {
        const client = await persister.restoreClient();
        if (activeKey !== key || !client) return undefined;
        const kept = persistableClient(client);
        return { ...kept, clientState: { ...kept.clientState, mutations: [] } };
      };
      await persistQueryClientRestore({ queryClient, persister: { ...persister, restoreClient }, maxAge: PERSISTED_QUERIES_MAX_AGE_MS, buster: PERSISTED_QUERIES_VERSION });
      if (activeKey !== key) return;
      unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: PERSISTED_QUERIES_VERSION, dehydrateOptions: { shouldDehydrateQuery: (query) => shouldPersistQuery(query), shouldDehydrateMutation: () => false } });
    },
    async clear() {
      stop();
      await clearStore(store);
    },
  };
}

let current: QueryPersistence | null = null;
/** The user whose queries are being kept, or null. */
let runningFor: string | null = null;
/** Starts and clears run one after another, in the order they were asked for. */
let work: Promise<void> = Promise.resolve();

/** Offline reading is a bonus: a browser without IndexedDB (or one that refuses it) runs the app without it. */
const queued = (task: () => Promise<void>): Promise<void> =>
  (work = work.then(task).catch((error: unknown) => {
    console.warn('The projects could not be kept on this device for offline use.', error);
  }));

/**
 * The app's persistence (entry-client.tsx), started for the signed-in member once they are in
 * the member or admin area; asking again for the same member changes nothing.
 */
export function startQueryPersistence(queryClient: QueryClient, userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return queued(async () => {
    if (runningFor === userId) return;
    runningFor = userId;
    current ??= createQueryPersistence(queryClient);
    await current.start(userId);
  });
}

/** Sign-out, an ended session, another sign-in: what the device kept is deleted (even when this tab never started keeping). */
export function clearPersistedQueries(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return queued(async () => {
    runningFor = null;
    await (current ? current.clear() : deletePersistedQueriesDatabase());
  });
}
