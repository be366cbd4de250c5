import { useQuery, useQueryClient } from '@tanstack/react-query';
import { taxFormResponseSchema, type TaxFormBody, type TaxFormResponse } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** The caller's W-9 (issue 38 item 1): the answer never holds the TIN, only its mask. */
export const myTaxFormKey = ['earnings', 'tax-form'] as const;

/** GET /api/user/tax_form */
export function useMyTaxForm() {
  return useQuery({ queryKey: myTaxFormKey, queryFn: async ({ signal }) => taxFormResponseSchema.parse(await apiRequest<unknown>('/user/tax_form', { signal })) });
}

/**
 * PUT /api/user/tax_form. Deliberately not a useMutation: a mutation keeps its variables (the
 * TIN) in the mutation cache after it settles. This sends the body once and caches only the
 * answer, which has the masked TIN.
 */
export function useSaveTaxForm(): (form: TaxFormBody['tax_form']) => Promise<TaxFormResponse> {
  const queryClient = useQueryClient();
  return async (form) => {
    const saved = taxFormResponseSchema.parse(await apiRequest<unknown>('/user/tax_form', { method: 'PUT', body: { tax_form: form } }));
    queryClient.setQueryData(myTaxFormKey, saved);
    return saved;
  };
}
