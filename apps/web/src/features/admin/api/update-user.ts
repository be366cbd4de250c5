import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserUpdateInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminUserKey } from './get-user';
import { adminUsersKey } from './list-users';

/** updateUser of public-site-and-admin.md 7 (the contract's payload); company_role '' clears the role. */
export type AdminUserUpdate = AdminUserUpdateInput;

/**
 * PUT /api/admin/users/:id {user, current_password?} -> the user (409 taken email or username,
 * 422 fields). The admin's own password goes beside `user` when the change needs it (issue 34
 * item 2: adminChangeNeedsPassword).
 */
export function updateAdminUser(userId: number, user: AdminUserUpdate, currentPassword?: string): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/admin/users/${userId}`, { method: 'PUT', body: { user, ...(currentPassword === undefined ? {} : { current_password: currentPassword }) } });
}

export function useUpdateAdminUser(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ user, currentPassword }: { user: AdminUserUpdate; currentPassword?: string | undefined }) => updateAdminUser(userId, user, currentPassword),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserKey(userId), user);
      return queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
}
