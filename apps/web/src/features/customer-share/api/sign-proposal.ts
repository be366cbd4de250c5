import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PublicShare, ShareSignature, SignatureInput } from '@sunin/contract';
import { publicShareKey } from './get-public-share';
import { publicRequest, tokenPath } from './public-request';

/** POST /api/public/shares/:token/signature {signature} -> 201 the signature; 409 already signed; 422 field errors. */
export function signProposal(token: string, signature: SignatureInput): Promise<ShareSignature> {
  return publicRequest<ShareSignature>(`${tokenPath(token)}/signature`, { method: 'POST', body: { signature } });
}

export function useSignProposal(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (signature: SignatureInput) => signProposal(token, signature),
    onSuccess: (signature) => {
      // The page turns into the status page at once; the refetch brings the stages up to date.
      queryClient.setQueryData<PublicShare>(publicShareKey(token), (share) => (share ? { ...share, signed_at: signature.signed_at, signature } : share));
      return queryClient.invalidateQueries({ queryKey: publicShareKey(token) });
    },
  });
}
