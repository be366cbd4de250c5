import {
  pageQuerySchema,
  webhookDeliveryListSchema,
  webhookDeliveryParamsSchema,
  webhookDeliveryResponseSchema,
  webhookEndpointCreateBodySchema,
  webhookEndpointCreatedSchema,
  webhookEndpointIdParamsSchema,
  webhookEndpointListSchema,
  webhookEndpointResponseSchema,
  webhookEndpointUpdateBodySchema,
} from '@sunin/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentSession } from '../../plugins/auth.js';
import { listWebhookDeliveries, replayWebhookDelivery, sendTestWebhook } from './webhook-deliveries.service.js';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  findVisibleEndpoint,
  listWebhookEndpoints,
  toWebhookEndpointResponse,
  updateWebhookEndpoint,
  type WebhookCaller,
} from './webhook-endpoints.service.js';

const tags = ['Webhooks'];
/** Every token may call these; the service checks the scopes the chosen events need (WEBHOOK_EVENT_SCOPES). */
const config = { tokenScope: 'any' } as const;

/** The caller, with the scopes of the API token the request carries, if any. */
function callerOf(request: FastifyRequest): WebhookCaller {
  const auth = currentSession(request);
  return { user: auth.user, tokenScopes: auth.apiToken?.scopes };
}

/**
 * Outbound webhooks (issue 40 item 3; docs/webhooks.md): a member's endpoints receive their own
 * data, a full access administrator's company-wide ones everyone's. Another member's endpoint
 * answers 404.
 */
export const webhookEndpointRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/webhook_endpoints',
    {
      config,
      schema: { tags, summary: 'Subscribe an endpoint to events; answers the signing secret, shown once', body: webhookEndpointCreateBodySchema, response: { 201: webhookEndpointCreatedSchema } },
    },
    async (request, reply) => {
      const { endpoint, secret } = await createWebhookEndpoint(app.ctx, callerOf(request), request.body.webhook_endpoint);
      // The signing secret is in this answer only: no cache may keep it.
      return reply.status(201).header('cache-control', 'no-store').send({ webhook_endpoint: toWebhookEndpointResponse(endpoint), secret });
    },
  );

  app.get('/webhook_endpoints', { config, schema: { tags, summary: 'My endpoints (an administrator also sees every company-wide one)', response: { 200: webhookEndpointListSchema } } }, async (request) => ({
    webhook_endpoints: (await listWebhookEndpoints(app.ctx, callerOf(request))).map(toWebhookEndpointResponse),
  }));

  app.get('/webhook_endpoints/:id', { config, schema: { tags, params: webhookEndpointIdParamsSchema, response: { 200: webhookEndpointResponseSchema } } }, async (request) => ({
    webhook_endpoint: toWebhookEndpointResponse(await findVisibleEndpoint(app.ctx, app.ctx.db, callerOf(request), request.params.id)),
  }));

  app.patch(
    '/webhook_endpoints/:id',
    { config, schema: { tags, summary: 'Change the URL, events or description, or turn it off or on (on again clears its failing state)', params: webhookEndpointIdParamsSchema, body: webhookEndpointUpdateBodySchema, response: { 200: webhookEndpointResponseSchema } } },
    async (request) => ({ webhook_endpoint: toWebhookEndpointResponse(await updateWebhookEndpoint(app.ctx, callerOf(request), request.params.id, request.body.webhook_endpoint)) }),
  );

  app.delete('/webhook_endpoints/:id', { config, schema: { tags, summary: 'Delete an endpoint and its delivery log', params: webhookEndpointIdParamsSchema } }, async (request, reply) => {
    await deleteWebhookEndpoint(app.ctx, callerOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/webhook_endpoints/:id/deliveries',
    { config, schema: { tags, summary: 'The delivery log, newest first, with each attempt (X-Total-Count)', params: webhookEndpointIdParamsSchema, querystring: pageQuerySchema, response: { 200: webhookDeliveryListSchema } } },
    async (request, reply) => {
      const list = await listWebhookDeliveries(app.ctx, callerOf(request), request.params.id, request.query);
      setPageHeaders(request, reply, request.query, list.total);
      return list;
    },
  );

  app.post(
    '/webhook_endpoints/:id/deliveries/:delivery_id/replay',
    { config, schema: { tags, summary: 'Send a delivery again: a new delivery with the same body and webhook-id, due now', params: webhookDeliveryParamsSchema, response: { 201: webhookDeliveryResponseSchema } } },
    async (request, reply) => reply.status(201).send({ delivery: await replayWebhookDelivery(app.ctx, callerOf(request), request.params.id, request.params.delivery_id) }),
  );

  app.post(
    '/webhook_endpoints/:id/test',
    { config, schema: { tags, summary: 'Send a webhook.test event to this endpoint', params: webhookEndpointIdParamsSchema, response: { 201: webhookDeliveryResponseSchema } } },
    async (request, reply) => reply.status(201).send({ delivery: await sendTestWebhook(app.ctx, callerOf(request), request.params.id) }),
  );
};
