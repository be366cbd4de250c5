import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@sunin/contract';
import { ApiError, apiRequestWithResponse } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { saveSession, tokenFromAuthorizationHeader } from '../../../lib/session';

export interface LoginInput {
  email: string;
  password: string;
}

/**
 * POST /api/login {user:{email,password}}: the token comes back in the `Authorization` response
 * header and is stored with account_type and company_role (member-app.md 7).
 */
export async function login({ email, password }: LoginInput): Promise<AuthResponse> {
  const { data, headers } = await apiRequestWithResponse<AuthResponse>('/login', {
    method: 'POST',
    body: { user: { email: email.trim().toLowerCase(), password } },
    auth: false,
  });
  const token = tokenFromAuthorizationHeader(headers.get('Authorization'));
  if (!token) throw new ApiError(500, 'internal', 'The server did not return a session token.');
  saveSession(token, data.user);
  return data;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => {
      // A new session: forget anything cached for a previous one.
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, user);
    },
  });
}
