import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignupUser } from '@sunin/contract';
import { ApiError, apiRequestWithResponse } from '../../../lib/api-client';
import { startSession, tokenFromAuthorizationHeader } from '../../../lib/session';

/** POST /api/signup {user}: 201 with the token in the Authorization header, like login. */
export async function signup(user: SignupUser): Promise<AuthResponse> {
  const { data, headers } = await apiRequestWithResponse<AuthResponse>('/signup', {
    method: 'POST',
    body: { user },
    auth: false,
  });
  const token = tokenFromAuthorizationHeader(headers.get('Authorization'));
  if (!token) throw new ApiError(500, 'internal', 'The server did not return a session token.');
  startSession(token, data.user);
  return data;
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
