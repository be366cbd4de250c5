import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { payoutAccountResponseSchema, payoutOnboardingResponseSchema, type localBankAccountBodySchema, type PayoutAccountResponse } from '@sunin/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const payoutAccountKey = ['earnings', 'payout-account'] as const;

/** GET /api/user/payout_account: where the caller's payouts go, and which provider sends them (issue 38 item 2). */
export function usePayoutAccount() {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: async ({ signal }) => payoutAccountResponseSchema.parse(await apiRequest<unknown>('/user/payout_account', { signal })),
  });
}

/** POST /api/user/payout_account/onboarding -> {url}: Stripe's hosted onboarding, or the local provider's page. */
export function useStartPayoutOnboarding() {
  return useMutation({
    mutationFn: async () => payoutOnboardingResponseSchema.parse(await apiRequest<unknown>('/user/payout_account/onboarding', { method: 'POST' })),
  });
}

/** PUT /api/user/payout_account/local: the local provider's test bank account. */
export function useSaveLocalBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof localBankAccountBodySchema>) => payoutAccountResponseSchema.parse(await apiRequest<unknown>('/user/payout_account/local', { method: 'PUT', body })),
    onSuccess: (saved: PayoutAccountResponse) => queryClient.setQueryData(payoutAccountKey, saved),
  });
}
