import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stallSettingsResponseSchema, type StallThresholds } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectsKey } from './list-projects';

export const stallSettingsKey = ['admin', 'settings', 'stall-settings'] as const;

/** GET /api/admin/stall-settings: the days each of the first four stages may take, with the defaults. */
export function useStallSettings() {
  return useQuery({ queryKey: stallSettingsKey, queryFn: async ({ signal }) => stallSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/stall-settings', { signal })) });
}

/** PUT /api/admin/stall-settings {thresholds}: the projects' Stalled marks follow at once. */
export function useSaveStallSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (thresholds: StallThresholds) => stallSettingsResponseSchema.parse(await apiRequest<unknown>('/admin/stall-settings', { method: 'PUT', body: { thresholds } })),
    onSuccess: (saved) => {
      queryClient.setQueryData(stallSettingsKey, saved);
      return queryClient.invalidateQueries({ queryKey: adminProjectsKey });
    },
  });
}
