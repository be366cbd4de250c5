import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { currentUserQueryKey } from './current-user';

/**
 * Which queries the device keeps for offline reading, and for how long (issue 41,
 * docs/decisions/052-installable-app.md). Small and separate from lib/query-persistence.ts, which
 * loads after the first page: the query client (app/query-client.ts) needs these from the start.
 */

/** A query's answer is kept for at most this long after it was last fetched. */
export const PERSISTED_QUERIES_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The key prefixes of what is kept: the member's project queries and their own profile. */
const PERSISTED_QUERY_PREFIXES: readonly QueryKey[] = [['projects'], currentUserQueryKey];

/** Whether `queryKey` is one the device keeps (share links carry a customer link's token: not kept). */
export function isPersistedQueryKey(queryKey: QueryKey): boolean {
  const [root, second] = queryKey;
  if (root === 'user') return second === 'profile';
  return root === 'projects' && !queryKey.includes('shares');
}

/**
 * Kept queries stay in memory as long as they are kept on the device: with TanStack's default
 * gcTime (5 minutes) a restored project nobody looked at again would be dropped from the cache,
 * and the next save would erase it from the device too.
 */
export function keepPersistedQueriesInMemory(queryClient: QueryClient): void {
  for (const prefix of PERSISTED_QUERY_PREFIXES) queryClient.setQueryDefaults(prefix, { gcTime: PERSISTED_QUERIES_MAX_AGE_MS });
}

/** The IndexedDB database lib/query-persistence.ts keeps them in. */
export const PERSISTED_QUERIES_DATABASE = 'sunin-offline-cache';

/**
 * Deletes what an ended session left on the device, without creating anything when there is
 * nothing (a start without a session, a customer's link: no database for a visitor). Settles
 * when the deletion is done, fails, or waits for another tab to let go of the database (it then
 * goes as soon as that tab closes it): signing out never hangs on it.
 */
export function deletePersistedQueriesDatabase(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(PERSISTED_QUERIES_DATABASE);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}
