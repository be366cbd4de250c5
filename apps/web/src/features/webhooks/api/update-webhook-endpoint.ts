import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointResponseSchema, type WebhookEndpoint, type WebhookEndpointUpdateBody } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { webhookEndpointKey } from './get-webhook-endpoint';
import { webhookEndpointsKey } from './list-webhook-endpoints';

/** PATCH /api/webhook_endpoints/:id: its URL, description, events, or on/off (turning it on clears a failing state). */
export async function updateWebhookEndpoint({ id, changes }: { id: number; changes: WebhookEndpointUpdateBody['webhook_endpoint'] }): Promise<WebhookEndpoint> {
  return webhookEndpointResponseSchema.parse(await apiRequest<unknown>(`/webhook_endpoints/${id}`, { method: 'PATCH', body: { webhook_endpoint: changes } })).webhook_endpoint;
}

export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhookEndpoint,
    onSuccess: (endpoint) => {
      queryClient.setQueryData(webhookEndpointKey(endpoint.id), endpoint);
      return queryClient.invalidateQueries({ queryKey: webhookEndpointsKey, exact: true });
    },
  });
}
