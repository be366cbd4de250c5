import { useMutation } from '@tanstack/react-query';
import type { MfaRecoveryCodes } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/user/mfa/confirm {code}: the first code from the app turns two-factor on; the answer
 * holds the ten recovery codes, shown this once. The profile is refreshed when the member has
 * saved them (two-factor-panel.tsx), so the codes stay on screen until then.
 */
export function confirmMfa(code: string): Promise<MfaRecoveryCodes> {
  return apiRequest<MfaRecoveryCodes>('/user/mfa/confirm', { method: 'POST', body: { code: code.trim() } });
}

export function useConfirmMfa() {
  return useMutation({ mutationFn: confirmMfa });
}
