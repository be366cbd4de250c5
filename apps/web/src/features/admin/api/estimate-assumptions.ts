import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { estimateAssumptionsResponseSchema, type EstimateAssumptions, type EstimateAssumptionsResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const estimateAssumptionsKey = ['admin', 'settings', 'estimate-assumptions'] as const;

/** GET /api/admin/estimate-assumptions: the values in use, DOMAIN.md's defaults and their sources. */
export function useEstimateAssumptions() {
  return useQuery({
    queryKey: estimateAssumptionsKey,
    queryFn: async ({ signal }) => estimateAssumptionsResponseSchema.parse(await apiRequest<unknown>('/admin/estimate-assumptions', { signal })),
  });
}

/** PUT /api/admin/estimate-assumptions {assumptions}: the whole set, validated and audited by the server. */
export function useSaveEstimateAssumptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assumptions: EstimateAssumptions) => apiRequest<EstimateAssumptionsResponse>('/admin/estimate-assumptions', { method: 'PUT', body: { assumptions } }),
    // Every estimate (under ['admin', ...] and the member keys) may have changed.
    onSuccess: (saved) => {
      queryClient.setQueryData(estimateAssumptionsKey, saved);
      return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('estimate') });
    },
  });
}
