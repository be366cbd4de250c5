import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EndSessionsBody } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/**
 * DELETE /api/user/sessions/:id (204) with the current password (ASVS 7.5.2): that session's
 * token answers 401 at once.
 */
export async function endSession({ sessionId, current_password }: { sessionId: number } & EndSessionsBody): Promise<void> {
  await apiRequest<void>(`/user/sessions/${sessionId}`, { method: 'DELETE', body: { current_password } });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // A 404 (already ended elsewhere) also leaves the list stale: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
