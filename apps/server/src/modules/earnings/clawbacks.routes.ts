import { clawbackBodySchema, dealCancelBodySchema, dealResponseSchema, earningEntrySchema, idParamsSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { cancelDeal, createClawback } from './clawbacks.service.js';

/** Clawbacks and cancelled deals (issue 38 item 4): full_access_admin only, every write audited. */
export const adminClawbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: earnings'];

  app.post(
    '/admin/projects/:id/deal/cancel',
    {
      schema: {
        tags,
        summary: "Cancel a project's deal: an unpaid entry is voided, a paid one clawed back inside the window (409 without a deal or when already cancelled)",
        params: idParamsSchema,
        body: dealCancelBodySchema,
        response: { 200: dealResponseSchema },
      },
    },
    async (request) => cancelDeal(app.ctx, currentUser(request).id, request.params.id, request.body.reason),
  );
  app.post(
    '/admin/earnings/clawbacks',
    {
      schema: {
        tags,
        summary: 'Claw back a paid deal entry: inside the window with a reason, outside it only with override and a note (409 otherwise, or when not paid or already clawed back)',
        body: clawbackBodySchema,
        response: { 201: earningEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createClawback(app.ctx, currentUser(request).id, request.body.clawback)),
  );
};
