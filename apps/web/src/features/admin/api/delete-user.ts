import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminUserKey } from './get-user';
import { adminUsersKey } from './list-users';

/**
 * DELETE /api/admin/users/:id {current_password}: the user is deleted, with the admin's own
 * password (issue 34 item 2); 409 while they still own projects, ledger entries or payouts.
 */
export async function deleteUser(userId: number, currentPassword: string | undefined): Promise<void> {
  await apiRequest<void>(`/admin/users/${userId}`, { method: 'DELETE', body: { current_password: currentPassword } });
}

export function useDeleteUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (currentPassword: string | undefined) => deleteUser(userId, currentPassword),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminUserKey(userId) });
      return queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
