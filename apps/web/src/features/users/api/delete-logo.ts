import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

/** DELETE /api/user/logo (204): the customer links show no logo from now on. */
export async function deleteLogo(): Promise<void> {
  await apiRequest<void>('/user/logo', { method: 'DELETE' });
}

export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: () => {
      queryClient.setQueryData<User>(currentUserQueryKey, (user) => (user ? { ...user, logo_url: null } : user));
      return queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}
