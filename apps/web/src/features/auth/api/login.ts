import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '@sunin/contract';
import { ApiError, apiRequestWithResponse } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { saveSession, tokenFromAuthorizationHeader } from '../../../lib/session';

export interface LoginInput {
  email: string;
  password: string;
  /** The second step when two-factor is on: a TOTP code or a recovery code. */
  otp_code?: string | undefined;
}

/**
 * POST /api/login {user:{email,password,otp_code?}}: the token comes back in the `Authorization`
 * response header and is stored with account_type and company_role (member-app.md 7). With
 * two-factor on, the first answer is 401 `mfa_required` and the same body goes again with the code.
 */
export async function login({ email, password, otp_code }: LoginInput): Promise<AuthResponse> {
  const code = otp_code?.trim();
  const { data, headers } = await apiRequestWithResponse<AuthResponse>('/login', {
    method: 'POST',
    body: { user: { email: email.trim().toLowerCase(), password, ...(code ? { otp_code: code } : {}) } },
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
