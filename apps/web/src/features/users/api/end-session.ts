import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './list-sessions';

/** DELETE /api/user/sessions/:id (204): that session's token answers 401 at once. */
export async function endSession(sessionId: number): Promise<void> {
  await apiRequest<void>(`/user/sessions/${sessionId}`, { method: 'DELETE' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    // A 404 (already ended elsewhere) also leaves the list stale: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
