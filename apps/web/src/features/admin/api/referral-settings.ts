import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { referralSettingsResponseSchema, type ReferralSettings } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const referralSettingsKey = ['admin', 'referral-settings'] as const;

/** GET /api/admin/referral-settings: the settings in force, the defaults, and who changed them last. */
export function useReferralSettings() {
  return useQuery({ queryKey: referralSettingsKey, queryFn: async ({ signal }) => referralSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/referral-settings', { signal })) });
}

/** PUT /api/admin/referral-settings {settings} */
export function useSaveReferralSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: ReferralSettings) => referralSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/referral-settings', { method: 'PUT', body: { settings } })),
    onSuccess: (saved) => queryClient.setQueryData(referralSettingsKey, saved),
  });
}
