import { idParam, notificationSchema, notificationsReadAllResponseSchema, notificationsUnreadSummarySchema, notificationUpdateBodySchema, pageQuerySchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import { deleteNotification, getNotification, listNotifications, markAllRead, setNotificationRead, toNotificationResponse, unreadSummary } from './notifications.service.js';

const tags = ['Notifications'];
const id = idParam;
const listParams = z.object({ userId: id });
const itemParams = z.object({ userId: id, id });

/**
 * member-app.md 7 "Notifications": /users/{userId}/notifications, the caller's own only; and
 * issue 37 item 3's /notifications/read_all and /notifications/unread_summary, which take no id:
 * they act on the caller's own notifications only.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/users/:userId/notifications',
    { schema: { tags, summary: 'My notifications, newest first (X-Total-Count, X-Unread-Count)', params: listParams, querystring: pageQuerySchema, response: { 200: z.array(notificationSchema) } } },
    async (request, reply) => {
      const { rows, total, unread } = await listNotifications(app.ctx, currentUser(request), request.params.userId, request.query);
      setPageHeaders(request, reply, request.query, total);
      reply.header('X-Unread-Count', String(unread));
      return rows.map(toNotificationResponse);
    },
  );

  app.get('/users/:userId/notifications/:id', { schema: { tags, params: itemParams, response: { 200: notificationSchema } } }, async (request) =>
    toNotificationResponse(await getNotification(app.ctx, currentUser(request), request.params.userId, request.params.id)),
  );

  app.patch(
    '/users/:userId/notifications/:id',
    { schema: { tags, summary: 'Mark read (also sets viewed_on) or unread', params: itemParams, body: notificationUpdateBodySchema, response: { 200: notificationSchema } } },
    async (request) =>
      toNotificationResponse(await setNotificationRead(app.ctx, currentUser(request), request.params.userId, request.params.id, request.body.notification.read)),
  );

  app.delete('/users/:userId/notifications/:id', { schema: { tags, params: itemParams } }, async (request, reply) => {
    await deleteNotification(app.ctx, currentUser(request), request.params.userId, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/notifications/read_all',
    { schema: { tags, summary: 'Mark every unread notification of mine read (viewed_on set where none); answers how many', response: { 200: notificationsReadAllResponseSchema } } },
    async (request) => ({ updated: await markAllRead(app.ctx, currentUser(request)) }),
  );

  app.get('/notifications/unread_summary', { schema: { tags, summary: 'My unread notifications counted by kind', response: { 200: notificationsUnreadSummarySchema } } }, async (request) =>
    unreadSummary(app.ctx, currentUser(request)),
  );
};
