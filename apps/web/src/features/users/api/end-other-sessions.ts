import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndSessionsBody, EndedSessions } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/** DELETE /api/user/sessions with the current password -> {ended}: every session but the caller's ends. */
export async function endOtherSessions(body: EndSessionsBody): Promise<EndedSessions> {
  return apiRequest<EndedSessions>('/user/sessions', { method: 'DELETE', body });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
