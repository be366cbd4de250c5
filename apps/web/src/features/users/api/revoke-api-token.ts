import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { apiTokensQueryKey } from './list-api-tokens';

/** DELETE /api/user/api_tokens/:id (204): the token answers 401 from then on. */
export async function revokeApiToken(tokenId: number): Promise<void> {
  await apiRequest<void>(`/user/api_tokens/${tokenId}`, { method: 'DELETE' });
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    // A 404 (revoked in another tab) also leaves the list stale: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokensQueryKey }),
  });
}
