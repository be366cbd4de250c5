import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointResponseSchema, type WebhookEndpoint } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { webhookEndpointsKey } from './list-webhook-endpoints';

export const webhookEndpointKey = (id: number) => [...webhookEndpointsKey, id] as const;

/** GET /api/webhook_endpoints/:id -> one endpoint; another member's answers 404. */
export async function getWebhookEndpoint(id: number, signal?: AbortSignal): Promise<WebhookEndpoint> {
  return webhookEndpointResponseSchema.parse(await apiRequest<unknown>(`/webhook_endpoints/${id}`, { signal })).webhook_endpoint;
}

export function useWebhookEndpoint(id: number) {
  return useQuery(queryOptions({ queryKey: webhookEndpointKey(id), queryFn: ({ signal }) => getWebhookEndpoint(id, signal) }));
}
