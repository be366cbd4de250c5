import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payablesResponseSchema, payoutRunResponseSchema, type Payout, type PayoutRunBody } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { getPagedList } from '../../../lib/paged-list';
import { earningsKey } from './earnings';

/**
 * Payables and payout runs (issue 37 item 1). Under ['admin', 'earnings']: a payout run
 * refreshes every ledger view, and the live `admin_changed` event refreshes them in other tabs.
 */
export const payablesKey = [...earningsKey, 'payables'] as const;
export const payoutHistoryKey = (page: number, perPage: number) => [...earningsKey, 'payouts', page, perPage] as const;

/** The CSV downloads for accounting: plain links, like the lists' Export (the cookie authenticates them). */
export const EARNINGS_CSV_PATH = '/api/admin/earnings.csv';
export const PAYOUTS_CSV_PATH = '/api/admin/payouts.csv';

/** GET /api/admin/payables: every partner owed a payable balance now, the oldest debt first. */
export function usePayables() {
  return useQuery({ queryKey: payablesKey, queryFn: async ({ signal }) => payablesResponseSchema.parse(await apiRequest<unknown>('/admin/payables', { signal })) });
}

/**
 * POST /api/admin/payout_runs {payout_run: {payments: [{user_id, payable_usd}], reference}}: 201 with
 * who was paid and who was refused (amount_changed when a balance is no longer the one confirmed).
 */
export function useRunPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (run: PayoutRunBody['payout_run']) => payoutRunResponseSchema.parse(await apiRequest<unknown>('/admin/payout_runs', { method: 'POST', body: { payout_run: run } })),
    // A refused run (409) may still have changed what is owed: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}

/** GET /api/admin/payouts?page=&per_page=: every payout company-wide, newest first. */
export function usePayoutHistory(page: number, perPage: number) {
  return useQuery({
    queryKey: payoutHistoryKey(page, perPage),
    queryFn: ({ signal }) => getPagedList<Payout>('/admin/payouts', { page, per_page: perPage }, signal),
    placeholderData: keepPreviousData,
  });
}
