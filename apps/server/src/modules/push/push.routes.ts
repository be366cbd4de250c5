import { pushSubscriptionBodySchema, pushSubscriptionListSchema, pushSubscriptionResponseSchema, pushTestResponseSchema, pushUnsubscribeBodySchema, vapidPublicKeyResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSession, currentUser } from '../../plugins/auth.js';
import { listSubscriptions, sendTestPush, subscribe, toPushSubscriptionInfo, unsubscribe, vapidPublicKey } from './push.service.js';

const tags = ['Push notifications'];

/**
 * Web push (issue 41 item 3): a member turns notifications on or off for one device. From a
 * signed-in session only: the routes declare no tokenScope, so an API token answers 403
 * (a device belongs to a person at a browser, never to an integration).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/push/vapid_public_key',
    { schema: { tags, summary: "The server's VAPID public key (base64url), the applicationServerKey of the browser's subscription; 503 when push is not set up", response: { 200: vapidPublicKeyResponseSchema } } },
    async () => vapidPublicKey(app.ctx),
  );

  app.post(
    '/push/subscriptions',
    {
      schema: {
        tags,
        summary: "Turn on notifications for this device: the browser's PushSubscription JSON. 201 for a new device, 200 when the same endpoint updates its keys",
        body: pushSubscriptionBodySchema,
        response: { 200: pushSubscriptionResponseSchema, 201: pushSubscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = currentSession(request);
      const { row, created } = await subscribe(app.ctx, user, sessionId, request.body, request.headers['user-agent'] ?? '');
      return reply.status(created ? 201 : 200).send({ push_subscription: toPushSubscriptionInfo(row) });
    },
  );

  app.get('/push/subscriptions', { schema: { tags, summary: 'My devices that take notifications, newest first', response: { 200: pushSubscriptionListSchema } } }, async (request) => ({
    push_subscriptions: (await listSubscriptions(app.ctx, currentUser(request))).map(toPushSubscriptionInfo),
  }));

  app.delete('/push/subscriptions', { schema: { tags, summary: "Turn off notifications for one of my devices, by its endpoint; another's answers 404", body: pushUnsubscribeBodySchema } }, async (request, reply) => {
    await unsubscribe(app.ctx, currentUser(request), request.body.endpoint);
    return reply.status(204).send();
  });

  app.post('/push/test', { preHandler: app.limits.pushTestPerUser, schema: { tags, summary: 'Send a test notification to each of my devices, at most once a minute (429 with Retry-After sooner)', response: { 200: pushTestResponseSchema } } }, async (request) => ({
    queued: await sendTestPush(app.ctx, currentUser(request)),
  }));
};
