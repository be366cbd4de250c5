import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUserKey } from './get-user';

/** DELETE /api/admin/users/:id/mfa: the user's two-factor sign-in is turned off (ASVS 6.4.4). */
export async function resetUserMfa(userId: number): Promise<void> {
  await apiRequest<void>(`/admin/users/${userId}/mfa`, { method: 'DELETE' });
}

/** The user detail shows whether two-factor is on, so it is read again afterwards. */
export function useResetUserMfa(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resetUserMfa(userId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKey(userId) }),
  });
}
