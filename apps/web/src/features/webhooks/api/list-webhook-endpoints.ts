import { queryOptions, useQuery } from '@tanstack/react-query';
import { webhookEndpointListSchema, type WebhookEndpoint } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** Every webhook query sits under this key: a change to an endpoint refreshes them all. */
export const webhooksKey = ['webhooks'] as const;
export const webhookEndpointsKey = [...webhooksKey, 'endpoints'] as const;

/** GET /api/webhook_endpoints -> the caller's endpoints (an administrator's company-wide ones too). */
export async function listWebhookEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return webhookEndpointListSchema.parse(await apiRequest<unknown>('/webhook_endpoints', { signal })).webhook_endpoints;
}

export function useWebhookEndpoints() {
  return useQuery(queryOptions({ queryKey: webhookEndpointsKey, queryFn: ({ signal }) => listWebhookEndpoints(signal) }));
}
