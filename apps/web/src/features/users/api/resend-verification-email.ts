import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

/** POST /api/user/verification_email -> {message}: a new link to the caller's own unverified address. */
export async function resendVerificationEmail(): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/user/verification_email', { method: 'POST' });
}

export function useResendVerificationEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerificationEmail,
    // A 409 means the address was verified meanwhile (another tab): the profile refresh hides the banner.
    onError: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
