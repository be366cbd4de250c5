import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiTokenCreatedSchema, type ApiTokenCreateBody, type ApiTokenCreated } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { apiTokensQueryKey } from './list-api-tokens';

/** POST /api/user/api_tokens -> 201 with the token's text: the only time the server shows it. */
export async function createApiToken(apiToken: ApiTokenCreateBody['api_token']): Promise<ApiTokenCreated> {
  return apiTokenCreatedSchema.parse(await apiRequest<unknown>('/user/api_tokens', { method: 'POST', body: { api_token: apiToken } }));
}

/**
 * The form resets the mutation once it has handed the token to its dialog, and with gcTime 0 the
 * cache lets go of it at once: the dialog's state is then its only copy, gone on Done.
 */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
