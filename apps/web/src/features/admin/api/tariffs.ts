import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tariffListSchema, tariffResponseSchema, type Tariff, type TariffInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** Under ['admin', ...]: the live `admin_changed` event refreshes them in other admin tabs. */
export const adminTariffsKey = ['admin', 'tariffs'] as const;
const listKey = (state: string | null) => [...adminTariffsKey, 'list', state ?? 'all'] as const;
const tariffKey = (id: number) => [...adminTariffsKey, id] as const;

/** GET /api/admin/tariffs?state=: by state, utility and name. */
export function useAdminTariffs(state: string | null) {
  return useQuery({
    queryKey: listKey(state),
    queryFn: async ({ signal }) => tariffListSchema.parse(await apiRequest<unknown>('/admin/tariffs', { signal, query: { state: state || undefined } })).tariffs,
  });
}

/** GET /api/admin/tariffs/:id (disabled for a new tariff). */
export function useAdminTariff(id: number | null) {
  return useQuery({
    queryKey: tariffKey(id ?? 0),
    queryFn: async ({ signal }) => tariffResponseSchema.parse(await apiRequest<unknown>(`/admin/tariffs/${id}`, { signal })).tariff,
    enabled: id !== null,
  });
}

/** After a write: the admin lists and the members' pickers ('tariffs') fetch again. */
function refreshTariffs(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey.includes('tariffs') });
}

/** POST /api/admin/tariffs, or PUT /api/admin/tariffs/:id when `id` is given; validated and audited by the server. */
export function useSaveTariff(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tariff: TariffInput): Promise<Tariff> =>
      tariffResponseSchema.parse(await apiRequest<unknown>(id === null ? '/admin/tariffs' : `/admin/tariffs/${id}`, { method: id === null ? 'POST' : 'PUT', body: { tariff } })).tariff,
    onSuccess: (saved) => {
      queryClient.setQueryData(tariffKey(saved.id), saved);
      return refreshTariffs(queryClient);
    },
  });
}

/** DELETE /api/admin/tariffs/:id: 409 while a project's meter is on it. */
export function useDeleteTariff(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>(`/admin/tariffs/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: tariffKey(id) });
      return refreshTariffs(queryClient);
    },
  });
}
