import { useQuery } from '@tanstack/react-query';
import type { Account, Referral } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { getList } from '../../../lib/paged-list';

/** GET /api/admin/accounts -> every account. */
export function useAllAccounts() {
  return useQuery({ queryKey: ['admin', 'accounts', 'list'], queryFn: ({ signal }) => getList<Account>('/admin/accounts', undefined, signal) });
}

/** GET /api/admin/accounts/:id */
export function useAccount(accountId: number) {
  return useQuery({
    queryKey: ['admin', 'accounts', 'detail', accountId],
    queryFn: ({ signal }) => apiRequest<Account>(`/admin/accounts/${accountId}`, { signal }),
  });
}

/** GET /api/admin/referrals/:id */
export function useReferral(referralId: number) {
  return useQuery({
    queryKey: ['admin', 'referrals', 'detail', referralId],
    queryFn: ({ signal }) => apiRequest<Referral>(`/admin/referrals/${referralId}`, { signal }),
  });
}
