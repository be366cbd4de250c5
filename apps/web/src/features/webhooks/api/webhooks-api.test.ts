import { describe, expect, it } from 'vitest';
import { buildWebhookDelivery, buildWebhookEndpoint } from '../../../lib/test-fixtures';
import { jsonResponse, stubFetch } from '../../../lib/test-utils';
import { createWebhookEndpoint } from './create-webhook-endpoint';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint';
import { getWebhookEndpoint } from './get-webhook-endpoint';
import { deliveriesPollInterval, listWebhookDeliveries, PENDING_POLL_MS } from './list-webhook-deliveries';
import { listWebhookEndpoints } from './list-webhook-endpoints';
import { replayWebhookDelivery } from './replay-webhook-delivery';
import { sendTestWebhook } from './send-test-webhook';
import { updateWebhookEndpoint } from './update-webhook-endpoint';

const endpoint = buildWebhookEndpoint();
const delivery = buildWebhookDelivery();

describe('the webhook calls (issue 40 item 3)', () => {
  it('lists and reads endpoints', async () => {
    const calls = stubFetch(({ url }) => (url.pathname === '/api/webhook_endpoints' ? jsonResponse({ webhook_endpoints: [endpoint] }) : jsonResponse({ webhook_endpoint: endpoint })));
    await expect(listWebhookEndpoints()).resolves.toEqual([endpoint]);
    await expect(getWebhookEndpoint(9)).resolves.toEqual(endpoint);
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/webhook_endpoints', '/api/webhook_endpoints/9']);
  });

  it('creates under `webhook_endpoint` and hands back the secret', async () => {
    const calls = stubFetch(() => jsonResponse({ webhook_endpoint: endpoint, secret: 'whsec_abc' }, { status: 201 }));
    const body = { url: endpoint.url, events: endpoint.events, company_wide: true };
    await expect(createWebhookEndpoint(body)).resolves.toEqual({ webhook_endpoint: endpoint, secret: 'whsec_abc' });
    expect(calls[0]).toMatchObject({ method: 'POST', body: { webhook_endpoint: body } });
  });

  it('updates with PATCH and deletes with DELETE', async () => {
    const calls = stubFetch(({ method }) => (method === 'DELETE' ? new Response(null, { status: 204 }) : jsonResponse({ webhook_endpoint: { ...endpoint, enabled: false } })));
    await expect(updateWebhookEndpoint({ id: 9, changes: { enabled: false } })).resolves.toMatchObject({ enabled: false });
    await deleteWebhookEndpoint(9);
    expect(calls.map((call) => [call.method, call.url.pathname, call.body])).toEqual([
      ['PATCH', '/api/webhook_endpoints/9', { webhook_endpoint: { enabled: false } }],
      ['DELETE', '/api/webhook_endpoints/9', undefined],
    ]);
  });

  it('reads a page of deliveries, 25 at a time', async () => {
    const calls = stubFetch(() => jsonResponse({ deliveries: [delivery], total: 1 }));
    await expect(listWebhookDeliveries(9, 2)).resolves.toEqual({ deliveries: [delivery], total: 1 });
    expect(calls[0]?.url.pathname).toBe('/api/webhook_endpoints/9/deliveries');
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ page: '2', per_page: '25' });
  });

  it('sends a test event and replays a delivery, each answering the new delivery', async () => {
    const calls = stubFetch(() => jsonResponse({ delivery }, { status: 201 }));
    await expect(sendTestWebhook(9)).resolves.toEqual(delivery);
    await expect(replayWebhookDelivery({ endpointId: 9, deliveryId: 31 })).resolves.toEqual(delivery);
    expect(calls.map((call) => [call.method, call.url.pathname])).toEqual([
      ['POST', '/api/webhook_endpoints/9/test'],
      ['POST', '/api/webhook_endpoints/9/deliveries/31/replay'],
    ]);
  });

  it('polls the log while a delivery on the page is pending, and not otherwise', () => {
    const done = buildWebhookDelivery({ status: 'succeeded', next_attempt_at: null });
    expect(deliveriesPollInterval({ deliveries: [done, delivery], total: 2 })).toBe(PENDING_POLL_MS);
    expect(deliveriesPollInterval({ deliveries: [done, { ...done, status: 'failed' }], total: 2 })).toBe(false);
    expect(deliveriesPollInterval(undefined)).toBe(false);
  });
});
