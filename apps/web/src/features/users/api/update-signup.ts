import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { signupEditUserSchema, User } from '@sunin/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { getToken, saveSession } from '../../../lib/session';

export type SignupEdit = z.input<typeof signupEditUserSchema>;

/**
 * POST /api/signup/edit {user}: the caller's own signup fields (all optional, never passwords).
 * /upgradesubscription uses it to move a referral partner to sales partner before /checkout.
 */
export async function updateSignup(user: SignupEdit): Promise<User> {
  return apiRequest<User>('/signup/edit', { method: 'POST', body: { user } });
}

export function useUpdateSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSignup,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // The account type may have changed: keep the guard cookies in step with the server.
      const token = getToken();
      if (token) saveSession(token, user);
    },
  });
}
