import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/verify_email {token}: 200 {message} or 422. Works signed in or not. */
export async function verifyEmail(token: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/verify_email', { method: 'POST', body: { token }, auth: false });
}

export function useVerifyEmail() {
  return useMutation({ mutationFn: verifyEmail });
}
