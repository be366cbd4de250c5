import { queryOptions, useQuery } from '@tanstack/react-query';
import { stateCode, tariffListSchema, type Tariff, type UsStateCode } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const tariffsQueryKey = (state: UsStateCode | null) => ['tariffs', state] as const;

/** GET /api/tariffs?state=CODE: the commercial tariffs a meter of a project in that state can be on. */
export async function getTariffs(state: UsStateCode, signal?: AbortSignal): Promise<Tariff[]> {
  return tariffListSchema.parse(await apiRequest<unknown>(`/tariffs?state=${state}`, { signal })).tariffs;
}

/**
 * The tariffs of the project's state (issue 35 item 1), by its name or code as typed. A project
 * without a recognisable state has none to choose from (its meters use the average rate), so no
 * request is made and the answer is an empty list.
 */
export const tariffsQueryOptions = (state: string | null) => {
  const code = stateCode(state);
  return queryOptions({
    queryKey: tariffsQueryKey(code),
    queryFn: ({ signal }) => (code === null ? Promise.resolve([]) : getTariffs(code, signal)),
    staleTime: 5 * 60_000,
  });
};

export function useTariffs(state: string | null) {
  return useQuery(tariffsQueryOptions(state));
}
