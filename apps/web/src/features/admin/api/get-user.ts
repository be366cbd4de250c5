import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminUsersKey } from './list-users';

export const adminUserKey = (userId: number) => [...adminUsersKey, 'detail', userId] as const;

/** GET /api/admin/users/:id */
export function getAdminUser(userId: number, signal?: AbortSignal): Promise<AdminUser> {
  return apiRequest<AdminUser>(`/admin/users/${userId}`, { signal });
}

export function useAdminUser(userId: number) {
  return useQuery({ queryKey: adminUserKey(userId), queryFn: ({ signal }) => getAdminUser(userId, signal) });
}
