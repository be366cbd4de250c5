import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, CompanyRole } from '@sunin/contract';
import { getPagedList } from './paged-list';

export interface AdminUserListQuery {
  page: number;
  perPage: number;
  /** Absent for All. */
  companyRole?: CompanyRole | undefined;
}

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/users?page&per_page&company_role -> users by first name, X-Total-Count. */
export function listAdminUsers({ page, perPage, companyRole }: AdminUserListQuery, signal?: AbortSignal) {
  return getPagedList<AdminUser>('/admin/users', { page, per_page: perPage, company_role: companyRole }, signal);
}

export function useAdminUsers(query: AdminUserListQuery) {
  return useQuery(
    queryOptions({
      queryKey: [...adminUsersKey, 'list', query],
      queryFn: ({ signal }) => listAdminUsers(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
