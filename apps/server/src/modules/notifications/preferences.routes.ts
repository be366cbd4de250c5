import { notificationPreferencesBodySchema, notificationPreferencesResponseSchema, unsubscribeQuerySchema, unsubscribeResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { describeUnsubscribe, readPreferences, unsubscribe, updatePreferences } from './preferences.service.js';

const tags = ['Notifications'];

/** Issue 18 item 4 and issue 41 item 3: which notifications the signed-in user gets by email and by push. */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/user/notification-preferences',
    { schema: { tags, summary: 'Whether each notification event type offered to me is emailed, and pushed to my devices', response: { 200: notificationPreferencesResponseSchema } } },
    async (request) => ({ notification_preferences: await readPreferences(app.ctx.db, currentUser(request)) }),
  );

  app.put(
    '/user/notification-preferences',
    {
      schema: {
        tags,
        summary: 'Turn the emails or pushes of some event types on or off (only those named change)',
        body: notificationPreferencesBodySchema,
        response: { 200: notificationPreferencesResponseSchema },
      },
    },
    async (request) => ({ notification_preferences: await updatePreferences(app.ctx, currentUser(request), request.body) }),
  );
};

/**
 * One-click unsubscribe (RFC 8058), public: the signed token in the query is the whole
 * authority. A mail client POSTs `List-Unsubscribe=One-Click` as form data (multipart or
 * urlencoded); the /unsubscribe page POSTs too. The body only marks the request, so it is read
 * as bytes (at most 4 KiB, any content type) and ignored.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 4096 }, (_request, _body, done) => done(null, undefined));

  app.get(
    '/unsubscribe',
    {
      preHandler: [app.limits.lookupPerIp],
      schema: { tags, summary: 'What an email unsubscribe link turns off (no sign-in)', querystring: unsubscribeQuerySchema, response: { 200: unsubscribeResponseSchema } },
    },
    async (request) => describeUnsubscribe(app.ctx, request.query.token),
  );

  app.post(
    '/unsubscribe',
    {
      preHandler: [app.limits.lookupPerIp],
      schema: { tags, summary: 'One-click unsubscribe (RFC 8058): turn off the event type the signed token names, no sign-in', querystring: unsubscribeQuerySchema, response: { 200: unsubscribeResponseSchema } },
    },
    async (request) => unsubscribe(app.ctx, request.query.token),
  );
};
