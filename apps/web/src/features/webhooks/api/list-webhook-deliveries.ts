import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { webhookDeliveryListSchema, type WebhookDeliveryList } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { webhookEndpointKey } from './get-webhook-endpoint';

export const DELIVERIES_PER_PAGE = 25;
/** While a delivery on the page is pending, the log is read again this often (a modest interval: retries are minutes apart after the first). */
export const PENDING_POLL_MS = 5000;

/** How soon the log is read again: every PENDING_POLL_MS while a delivery on the page is pending, else only when asked. */
export function deliveriesPollInterval(page: WebhookDeliveryList | undefined): number | false {
  return page?.deliveries.some((delivery) => delivery.status === 'pending') ? PENDING_POLL_MS : false;
}

export const webhookDeliveriesKey = (endpointId: number) => [...webhookEndpointKey(endpointId), 'deliveries'] as const;

/** GET /api/webhook_endpoints/:id/deliveries?page&per_page -> a page of its deliveries, newest first, each with its attempts. */
export async function listWebhookDeliveries(endpointId: number, page: number, signal?: AbortSignal): Promise<WebhookDeliveryList> {
  return webhookDeliveryListSchema.parse(await apiRequest<unknown>(`/webhook_endpoints/${endpointId}/deliveries`, { query: { page, per_page: DELIVERIES_PER_PAGE }, signal }));
}

export function useWebhookDeliveries(endpointId: number, page: number) {
  return useQuery({
    queryKey: [...webhookDeliveriesKey(endpointId), page],
    queryFn: ({ signal }) => listWebhookDeliveries(endpointId, page, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => deliveriesPollInterval(query.state.data),
  });
}
