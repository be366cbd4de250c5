import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deletePersistedQueriesDatabase, isPersistedQueryKey, PERSISTED_QUERIES_DATABASE } from './persisted-queries';
import { clearPersistedQueries } from './query-persistence';

const databaseNames = async () => (await indexedDB.databases()).map((database) => database.name);

describe('isPersistedQueryKey', () => {
  it('names the member’s project queries and profile, less share links', () => {
    expect([['projects', 'detail', 7], ['projects', 7, 'contacts'], ['user', 'profile']].map(isPersistedQueryKey)).toEqual([true, true, true]);
    expect([['projects', 7, 'shares'], ['user', 'storage'], ['admin', 'projects', 7]].map(isPersistedQueryKey)).toEqual([false, false, false]);
  });
});

describe('deleting what the device kept', () => {
  it('creates no database when there is none (a visitor, a customer’s link)', async () => {
    await deletePersistedQueriesDatabase();
    expect(await databaseNames()).not.toContain(PERSISTED_QUERIES_DATABASE);
  });

  it('deletes an ended session’s database at sign-out even when this tab never started keeping', async () => {
    // What an earlier session of the app left (its connection closed with its tab).
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(PERSISTED_QUERIES_DATABASE);
      open.onupgradeneeded = () => open.result.createObjectStore('queries').put('{}', 'user:41');
      open.onsuccess = () => {
        open.result.close();
        resolve();
      };
      open.onerror = () => reject(open.error);
    });
    expect(await databaseNames()).toContain(PERSISTED_QUERIES_DATABASE);
    await clearPersistedQueries();
    expect(await databaseNames()).not.toContain(PERSISTED_QUERIES_DATABASE);
  });
});
