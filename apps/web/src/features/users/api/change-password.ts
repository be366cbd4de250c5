import { useMutation } from '@tanstack/react-query';
import { apiRequestWithResponse } from '../../../lib/api-client';
import { reconnectCable } from '../../../lib/cable';
import { saveToken, tokenFromAuthorizationHeader } from '../../../lib/session';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/**
 * POST /api/password/edit {data:{current_password,password,password_confirmation}}. The change
 * ends every session of the member, this one included; the fresh token in the response's
 * Authorization header keeps this tab signed in, and the live notifications reconnect with it.
 */
export async function changePassword(data: PasswordChange): Promise<{ message: string }> {
  const { data: body, headers } = await apiRequestWithResponse<{ message: string }>('/password/edit', { method: 'POST', body: { data } });
  const token = tokenFromAuthorizationHeader(headers.get('Authorization'));
  if (token) {
    saveToken(token);
    reconnectCable();
  }
  return body;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
