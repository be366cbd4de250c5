import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';
import { keepPersistedQueriesInMemory } from '../lib/persisted-queries';

/** Client errors (4xx) will not change on a retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

/** Waits 1 s, then 2 s, doubling up to 30 s between tries: a struggling server is not hammered. */
export function retryDelay(failureCount: number): number {
  return Math.min(1000 * 2 ** failureCount, 30_000);
}

export function createQueryClient(): QueryClient {
  // TanStack Query takes the browser as online until an `offline` event says otherwise; an app
  // that starts offline (the installed app opened on a roof, issue 41) must know at once, so
  // that its queries pause and keep what was restored from the device instead of failing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  // What the device keeps for offline reading stays in the cache as long (lib/persisted-queries.ts).
  keepPersistedQueriesInMemory(queryClient);
  return queryClient;
}
