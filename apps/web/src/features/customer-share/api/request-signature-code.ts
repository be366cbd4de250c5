import { useMutation } from '@tanstack/react-query';
import type { signatureCodeResponseSchema } from '@sunin/contract';
import type { z } from 'zod';
import { publicRequest, tokenPath } from './public-request';

export type SignatureCodeSent = z.infer<typeof signatureCodeResponseSchema>;

/** POST /api/public/shares/:token/signature/code {signature:{email}}: a six-digit code to that address, ten minutes. */
export function requestSignatureCode(token: string, email: string): Promise<SignatureCodeSent> {
  return publicRequest<SignatureCodeSent>(`${tokenPath(token)}/signature/code`, { method: 'POST', body: { signature: { email } } });
}

export function useRequestSignatureCode(token: string) {
  return useMutation({ mutationFn: (email: string) => requestSignatureCode(token, email) });
}
