import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dealResponseSchema,
  earningEntrySchema,
  earningsSchema,
  earningsSettingsResponseSchema,
  payoutWithEntriesSchema,
  type DealBody,
  type EarningsSettings,
} from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * The administrators' side of the earnings ledger (issue 17 item 2). Every key sits under
 * ['admin', 'earnings']: a write refreshes them all (a deal, a stage change, a payout each move
 * the same ledger), and admin_changed refreshes them in other tabs.
 */
export const earningsKey = ['admin', 'earnings'] as const;
export const dealKey = (projectId: number) => [...earningsKey, 'deal', projectId] as const;
export const userEarningsKey = (userId: number) => [...earningsKey, 'user', userId] as const;

function useRefreshLedger() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: earningsKey });
}

/** GET /api/admin/projects/:id/deal */
export function useDeal(projectId: number) {
  return useQuery({ queryKey: dealKey(projectId), queryFn: async ({ signal }) => dealResponseSchema.parse(await apiRequest<unknown>(`/admin/projects/${projectId}/deal`, { signal })) });
}

/** PUT /api/admin/projects/:id/deal {contract_value_usd, net_profit_usd} */
export function useSaveDeal(projectId: number) {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: async (body: DealBody) => dealResponseSchema.parse(await apiRequest<unknown>(`/admin/projects/${projectId}/deal`, { method: 'PUT', body })),
    onSuccess: refresh,
  });
}

/** POST /api/admin/earnings/:entryId/approve */
export function useApproveEntry() {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: async (entryId: number) => earningEntrySchema.parse(await apiRequest<unknown>(`/admin/earnings/${entryId}/approve`, { method: 'POST' })),
    onSuccess: refresh,
  });
}

/** GET /api/admin/users/:id/earnings: the partner's ledger as the partner sees it. */
export function useUserEarnings(userId: number) {
  return useQuery({ queryKey: userEarningsKey(userId), queryFn: async ({ signal }) => earningsSchema.parse(await apiRequest<unknown>(`/admin/users/${userId}/earnings`, { signal })) });
}

/** POST /api/admin/payouts {user_id, reference}: pays the whole payable balance. */
export function useRecordPayout(userId: number) {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: async (reference: string) => payoutWithEntriesSchema.parse(await apiRequest<unknown>('/admin/payouts', { method: 'POST', body: { user_id: userId, reference } })),
    onSuccess: refresh,
  });
}

/** POST /api/admin/earnings/adjustments {user_id, amount_usd, reason} */
export function useAddAdjustment(userId: number) {
  const refresh = useRefreshLedger();
  return useMutation({
    mutationFn: async (input: { amount_usd: number; reason: string }) =>
      earningEntrySchema.parse(await apiRequest<unknown>('/admin/earnings/adjustments', { method: 'POST', body: { user_id: userId, ...input } })),
    onSuccess: refresh,
  });
}

export const earningsSettingsKey = [...earningsKey, 'settings'] as const;

/** GET /api/admin/earnings-settings: the share and minimum payout per tier, with the defaults. */
export function useEarningsSettings() {
  return useQuery({ queryKey: earningsSettingsKey, queryFn: async ({ signal }) => earningsSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/earnings-settings', { signal })) });
}

/** PUT /api/admin/earnings-settings {settings}: applies to deals recorded or corrected afterwards. */
export function useSaveEarningsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: EarningsSettings) => earningsSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/earnings-settings', { method: 'PUT', body: { settings } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(earningsSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: earningsKey });
    },
  });
}
