import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { persistQueryClientRestore, persistQueryClientSubscribe, type Persister } from '@tanstack/query-persist-client-core';
import type { Query, QueryClient } from '@tanstack/react-query';
import { clear as clearStore, createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';

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
 * and nothing older than a week is restored.
 */

export const PERSISTED_QUERIES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bump when a persisted answer's shape changes in a way the app can no longer read. */
export const PERSISTED_QUERIES_VERSION = '1';
const THROTTLE_MS = 1000;

export const persistedQueriesKey = (userId: string) => `user:${userId}`;

/** Whether a query is kept for offline reading: a loaded project query of the member, or their profile. */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  if (query.state.status !== 'success') return false;
  const [root, second] = query.queryKey;
  if (root === 'user') return second === 'profile';
  // Share links carry the token that opens a customer's proposal: not kept on the device.
  return root === 'projects' && !query.queryKey.includes('shares');
}

export interface QueryPersistence {
  /** Restores `userId`'s queries and keeps saving them; without a user, deletes everything kept. */
  start(userId: string | undefined): Promise<void>;
  /** Stops saving and deletes everything kept (sign-out, an ended session). */
  clear(): Promise<void>;
}

export function createQueryPersistence(queryClient: QueryClient, store: UseStore = createStore('sunin-offline-cache', 'queries'), throttleTime = THROTTLE_MS): QueryPersistence {
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
        storage: {
          getItem: (name) => get<string>(name, store),
          setItem: async (name, value) => {
            if (name === activeKey) await set(name, value, store);
          },
          removeItem: (name) => delMany([name], store),
        },
      });
      // Signed out (or another user) while reading: nothing of it goes into the cache.
      const restoreClient = async () => {
        const client = await persister.restoreClient();
        return activeKey === key ? client : undefined;
      };
      await persistQueryClientRestore({ queryClient, persister: { ...persister, restoreClient }, maxAge: PERSISTED_QUERIES_MAX_AGE_MS, buster: PERSISTED_QUERIES_VERSION });
      if (activeKey !== key) return;
      unsubscribe = persistQueryClientSubscribe({ queryClient, persister, buster: PERSISTED_QUERIES_VERSION, dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery } });
    },
    async clear() {
      stop();
      await clearStore(store);
    },
  };
}

let current: QueryPersistence | null = null;

/** Offline reading is a bonus: a browser without IndexedDB (or one that refuses it) runs the app without it. */
const quietly = (work: Promise<void>) =>
  work.catch((error: unknown) => {
    console.warn('The projects could not be kept on this device for offline use.', error);
  });

/** The app's persistence (entry-client.tsx), started for the session's user. */
export function startQueryPersistence(queryClient: QueryClient, userId: string | undefined): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  current ??= createQueryPersistence(queryClient);
  return quietly(current.start(userId));
}

/** Sign-out: what the device kept for the member is deleted. */
export function clearPersistedQueries(): Promise<void> {
  return current ? quietly(current.clear()) : Promise.resolve();
}
