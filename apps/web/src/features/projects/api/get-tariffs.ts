import { queryOptions, useQuery } from '@tanstack/react-query';
import { tariffListSchema, type Tariff } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** Under 'tariffs' so that the admin's tariff writes (which refresh every 'tariffs' key) reach the meters' pickers too. */
export const tariffsQueryKey = (state: string | null) => ['tariffs', state ?? 'all'] as const;

/** GET /api/tariffs?state=: the tariffs a meter of a project in `state` may be on (all states when null), by state, utility and name. */
export async function getTariffs(state: string | null, signal?: AbortSignal): Promise<Tariff[]> {
  const answer = tariffListSchema.parse(await apiRequest<unknown>('/tariffs', { signal, query: { state: state || undefined } }));
  return answer.tariffs;
}

export const tariffsQueryOptions = (state: string | null) => queryOptions({ queryKey: tariffsQueryKey(state), queryFn: ({ signal }) => getTariffs(state, signal), staleTime: 60_000 });

/** The tariffs of a state for a meter's tariff picker (Utility Info). */
export function useTariffs(state: string | null) {
  return useQuery(tariffsQueryOptions(state));
}
