import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiTokenListSchema, type ApiToken } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const apiTokensQueryKey = ['user', 'api_tokens'] as const;

/** GET /api/user/api_tokens -> the member's tokens that are not revoked, newest first (expired ones too). */
export async function listApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  // Checked against the contract: the list drives Revoke buttons, so a surprise is an error state.
  return apiTokenListSchema.parse(await apiRequest<unknown>('/user/api_tokens', { signal })).api_tokens;
}

export const apiTokensQueryOptions = () => queryOptions({ queryKey: apiTokensQueryKey, queryFn: ({ signal }) => listApiTokens(signal) });

export function useApiTokens() {
  return useQuery(apiTokensQueryOptions());
}
