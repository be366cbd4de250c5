import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookDeliveryResponseSchema, type WebhookDelivery } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { webhookDeliveriesKey } from './list-webhook-deliveries';

/** POST /api/webhook_endpoints/:id/test -> 201, a `webhook.test` delivery to this endpoint whatever its events. */
export async function sendTestWebhook(endpointId: number): Promise<WebhookDelivery> {
  return webhookDeliveryResponseSchema.parse(await apiRequest<unknown>(`/webhook_endpoints/${endpointId}/test`, { method: 'POST' })).delivery;
}

export function useSendTestWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTestWebhook,
    onSuccess: (_, endpointId) => queryClient.invalidateQueries({ queryKey: webhookDeliveriesKey(endpointId) }),
  });
}
