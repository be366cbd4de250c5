import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUserKey } from './get-user';

/** DELETE /api/admin/users/:id/mfa {current_password}: the user's two-factor sign-in is turned off (ASVS 6.4.4), with the admin's own password (issue 34 item 2). */
export async function resetUserMfa(userId: number, currentPassword: string | undefined): Promise<void> {
  await apiRequest<void>(`/admin/users/${userId}/mfa`, { method: 'DELETE', body: { current_password: currentPassword } });
}

/** The user detail shows whether two-factor is on, so it is read again afterwards. */
export function useResetUserMfa(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string | undefined) => resetUserMfa(userId, currentPassword),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUserKey(userId) }),
  });
}
