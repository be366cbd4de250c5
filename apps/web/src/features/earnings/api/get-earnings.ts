import { useQuery } from '@tanstack/react-query';
import { earningsSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** Refreshed by every live notification (notifications-store.ts): the ledger notifies each change. */
export const myEarningsKey = ['earnings', 'mine'] as const;

/** GET /api/user/earnings: the caller's own ledger. */
export function useMyEarnings() {
  return useQuery({
    queryKey: myEarningsKey,
    queryFn: async ({ signal }) => earningsSchema.parse(await apiRequest<unknown>('/user/earnings', { signal })),
  });
}
