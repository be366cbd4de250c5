import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserUpdateInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminUserKey } from './get-user';
import { adminUsersKey } from './list-users';

/** updateUser of public-site-and-admin.md 7 (the contract's payload); company_role '' clears the role. */
export type AdminUserUpdate = AdminUserUpdateInput;

/** PUT /api/admin/users/:id {user} -> the user (409 taken email or username, 422 fields). */
export function updateAdminUser(userId: number, user: AdminUserUpdate): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/admin/users/${userId}`, { method: 'PUT', body: { user } });
}

export function useUpdateAdminUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: AdminUserUpdate) => updateAdminUser(userId, user),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKey(userId), user);
      return queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
