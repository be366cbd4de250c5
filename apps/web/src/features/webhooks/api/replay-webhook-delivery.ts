import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliveryResponseSchema, type WebhookDelivery } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { webhookDeliveriesKey } from './list-webhook-deliveries';

/** POST /api/webhook_endpoints/:id/deliveries/:delivery_id/replay -> 201, a new delivery of the same message. */
export async function replayWebhookDelivery({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }): Promise<WebhookDelivery> {
  return webhookDeliveryResponseSchema.parse(await apiRequest<unknown>(`/webhook_endpoints/${endpointId}/deliveries/${deliveryId}/replay`, { method: 'POST' })).delivery;
}

export function useReplayWebhookDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayWebhookDelivery,
    onSuccess: (_, { endpointId }) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(endpointId) }),
  });
}
