import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface PasswordChange {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** POST /api/password/edit {data:{current_password,password,password_confirmation}}. */
export async function changePassword(data: PasswordChange): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/password/edit', { method: 'POST', body: { data } });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
