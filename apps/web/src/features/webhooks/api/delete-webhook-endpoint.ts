import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { webhookEndpointKey } from './get-webhook-endpoint';
import { webhookEndpointsKey } from './list-webhook-endpoints';

/** DELETE /api/webhook_endpoints/:id (204): no more deliveries, and its log goes with it. */
export async function deleteWebhookEndpoint(id: number): Promise<void> {
  await apiRequest<void>(`/webhook_endpoints/${id}`, { method: 'DELETE' });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWebhookEndpoint,
    onSuccess: (_, id) => {
      // Its page is left at once: nothing should fetch the gone endpoint again.
      queryClient.removeQueries({ queryKey: webhookEndpointKey(id) });
      return queryClient.invalidateQueries({ queryKey: webhookEndpointsKey, exact: true });
    },
  });
}
