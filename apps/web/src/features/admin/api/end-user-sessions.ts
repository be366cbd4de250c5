import { useMutation } from '@tanstack/react-query';
import type { EndedSessions } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** DELETE /api/admin/users/:id/sessions -> {ended}: every session of the user ends (ASVS 7.4.5). */
export async function endUserSessions(userId: number): Promise<EndedSessions> {
  return apiRequest<EndedSessions>(`/admin/users/${userId}/sessions`, { method: 'DELETE' });
}

/** Nothing cached changes: the admin's own views do not show the user's sessions. */
export function useEndUserSessions(userId: number) {
  return useMutation({ mutationFn: () => endUserSessions(userId) });
}
