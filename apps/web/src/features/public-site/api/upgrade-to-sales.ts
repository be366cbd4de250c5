import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey } from '../../../lib/current-user';
import { getToken, saveSession } from '../../../lib/session';

/**
 * POST /api/signup/edit {user:{account_type:'sales_partner'}}: a referral partner becomes a
 * sales partner before paying at /checkout (DESIGN.md "Decisions": /upgradesubscription).
 */
export async function upgradeToSales(): Promise<User> {
  return apiRequest<User>('/signup/edit', { method: 'POST', body: { user: { account_type: 'sales_partner' } } });
}

export function useUpgradeToSales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradeToSales,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQueryKey, user);
      // The account_type cookie drives the guards: keep it in step with the server.
      const token = getToken();
      if (token) saveSession(token, user);
    },
  });
}
