import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountType, AdminUser, CompanyRole, SubscriptionStatus } from '@sunin/contract';
import { getPagedList } from '../../../lib/paged-list';

export interface AdminUserListQuery {
  page: number;
  perPage: number;
  /** Name, email, username or phone contains it. */
  q?: string | undefined;
  /** Absent for All. */
  companyRole?: CompanyRole | undefined;
  accountType?: AccountType | undefined;
  subscriptionStatus?: SubscriptionStatus | undefined;
  /** One of ADMIN_USER_SORTS, `-` first for descending; absent: by first name. */
  sort?: string | undefined;
}

export const adminUsersKey = ['admin', 'users'] as const;

/** GET /api/admin/users?page&per_page&q&company_role&account_type&subscription_status&sort -> one page of users, X-Total-Count the filtered total. */
export function listAdminUsers({ page, perPage, q, companyRole, accountType, subscriptionStatus, sort }: AdminUserListQuery, signal?: AbortSignal) {
  return getPagedList<AdminUser>(
    '/admin/users',
    { page, per_page: perPage, q: q || undefined, company_role: companyRole, account_type: accountType, subscription_status: subscriptionStatus, sort },
    signal,
  );
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
