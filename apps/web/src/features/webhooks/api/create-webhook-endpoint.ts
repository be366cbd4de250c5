import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webhookEndpointCreatedSchema, type WebhookEndpointCreateBody, type WebhookEndpointCreated } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { webhookEndpointsKey } from './list-webhook-endpoints';

/** POST /api/webhook_endpoints -> 201 with the signing secret (`whsec_…`): the only time it is shown. */
export async function createWebhookEndpoint(endpoint: WebhookEndpointCreateBody['webhook_endpoint']): Promise<WebhookEndpointCreated> {
  return webhookEndpointCreatedSchema.parse(await apiRequest<unknown>('/webhook_endpoints', { method: 'POST', body: { webhook_endpoint: endpoint } }));
}

/**
 * The form resets the mutation once it has handed the secret to its dialog, and with gcTime 0 the
 * cache lets go of it at once: the dialog's state is then its only copy, gone on Done.
 */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhookEndpoint,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookEndpointsKey }),
  });
}
