import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListSchema, type Session } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const sessionsQueryKey = ['user', 'sessions'] as const;

/** GET /api/user/sessions -> the caller's active sessions, most recently used first. */
export async function listSessions(signal?: AbortSignal): Promise<Session[]> {
  // Checked against the contract: the list drives sign-out buttons, so a surprise is an error state.
  return sessionListSchema.parse(await apiRequest<unknown>('/user/sessions', { signal }));
}

export const sessionsQueryOptions = () => queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => listSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
