import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ResetPasswordInput {
  reset_password_token: string;
  password: string;
  password_confirmation: string;
}

/** PATCH /api/password {user}: 200 {message, email}; 422 invalid_token for a bad or old link. */
export async function resetPassword(user: ResetPasswordInput): Promise<{ message: string; email: string }> {
  return apiRequest<{ message: string; email: string }>('/password', { method: 'PATCH', body: { user }, auth: false });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
