import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';

export interface MfaDisableInput {
  current_password: string;
  /** A code from the authenticator app or an unused recovery code. */
  code: string;
}

/** DELETE /api/user/mfa {current_password, code}: two-factor off; the secret and recovery codes are deleted. */
export async function disableMfa(input: MfaDisableInput): Promise<void> {
  await apiRequest<undefined>('/user/mfa', { method: 'DELETE', body: { current_password: input.current_password, code: input.code.trim() } });
}

export function useDisableMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
