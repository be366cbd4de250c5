import { useMutation } from '@tanstack/react-query';
import type { MfaSetup } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/user/mfa {current_password}: a new TOTP secret and its otpauth URL (for the QR
 * code). Nothing is active until confirmed; a new setup replaces a pending one.
 */
export function startMfaSetup(currentPassword: string): Promise<MfaSetup> {
  return apiRequest<MfaSetup>('/user/mfa', { method: 'POST', body: { current_password: currentPassword } });
}

export function useStartMfaSetup() {
  return useMutation({ mutationFn: startMfaSetup });
}
