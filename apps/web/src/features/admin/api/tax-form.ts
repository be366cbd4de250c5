import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { taxFormResponseSchema } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { earningsKey } from './earnings';

/** A partner's W-9 as administrators see it (issue 38 item 1): masked, like everywhere. Under the ledger's keys, so a payout or admin_changed refreshes it. */
export const userTaxFormKey = (userId: number) => [...earningsKey, 'tax-form', userId] as const;

/** GET /api/admin/users/:id/tax_form */
export function useUserTaxForm(userId: number) {
  return useQuery({ queryKey: userTaxFormKey(userId), queryFn: async ({ signal }) => taxFormResponseSchema.parse(await apiRequest<unknown>(`/admin/users/${userId}/tax_form`, { signal })) });
}

/** POST /api/admin/users/:id/tax_form/review: the form checked (409 when there is none). */
export function useReviewTaxForm(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => taxFormResponseSchema.parse(await apiRequest<unknown>(`/admin/users/${userId}/tax_form/review`, { method: 'POST' })),
    onSuccess: (answer) => queryClient.setQueryData(userTaxFormKey(userId), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKey }),
  });
}

/** GET /api/admin/payouts/1099.csv?year=: a plain download link, like the other accounting exports. */
export const form1099CsvPath = (year: number) => `/api/admin/payouts/1099.csv?year=${year}`;
