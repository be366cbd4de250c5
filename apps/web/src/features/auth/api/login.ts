import { useCallback, useState } from 'react';
import type { AuthResponse } from '@sunin/contract';
import { ApiError, apiRequestWithResponse } from '../../../lib/api-client';
import { startSession, tokenFromAuthorizationHeader } from '../../../lib/session';

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
  startSession(token, data.user);
  return data;
}

/**
 * The login call with its pending and success state, for /login and the password reset's
 * automatic login. Plain React state rather than a TanStack mutation: /login is a prerendered
 * public page, whose first load leaves TanStack Query out (docs/decisions/024-public-first-load.md).
 */
export function useLogin() {
  const [status, setStatus] = useState<'idle' | 'pending' | 'success' | 'error'>('idle');
  const mutateAsync = useCallback(async (input: LoginInput) => {
    setStatus('pending');
    try {
      const result = await login(input);
      setStatus('success');
      return result;
    } catch (error) {
      setStatus('error');
      throw error;
    }
  }, []);
  return { mutateAsync, isPending: status === 'pending', isSuccess: status === 'success' };
}
