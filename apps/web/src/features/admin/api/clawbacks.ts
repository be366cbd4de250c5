import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dealResponseSchema, earningEntrySchema, payoutSettingsResponseSchema, type ClawbackReason, type PayoutSettings } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { earningsKey } from './earnings';

/**
 * Clawbacks, cancelled deals and the payout settings (issue 38 item 4). Keys under
 * ['admin', 'earnings'] like the rest of the ledger: a write refreshes them all.
 */

/** POST /api/admin/projects/:id/deal/cancel {reason} */
export function useCancelDeal(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (reason: string) => dealResponseSchema.parse(await apiRequest<unknown>(`/admin/projects/${projectId}/deal/cancel`, { method: 'POST', body: { reason } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}

export interface ClawbackInput {
  entry_id: number;
  reason: ClawbackReason;
  override?: boolean;
  note?: string;
}

/** POST /api/admin/earnings/clawbacks {clawback: {entry_id, reason, override?, note?}} */
export function useClawBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (clawback: ClawbackInput) => earningEntrySchema.parse(await apiRequest<unknown>('/admin/earnings/clawbacks', { method: 'POST', body: { clawback } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}

export const payoutSettingsKey = [...earningsKey, 'payout-settings'] as const;

/** GET /api/admin/payout-settings: the clawback window, notice and reasons, and the 1099 thresholds, with the defaults. */
export function usePayoutSettings() {
  return useQuery({ queryKey: payoutSettingsKey, queryFn: async ({ signal }) => payoutSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/payout-settings', { signal })) });
}

/** PUT /api/admin/payout-settings {settings} */
export function useSavePayoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: PayoutSettings) => payoutSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/payout-settings', { method: 'PUT', body: { settings } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(payoutSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: earningsKey });
    },
  });
}
