import { tariffBodySchema, tariffIdParamsSchema, tariffListQuerySchema, tariffListSchema, tariffResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import * as tariffs from './tariffs.service.js';

/** GET /api/tariffs?state=: any signed-in member reads the tariffs to choose one per meter. */
export const tariffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/tariffs',
    { schema: { tags: ['Tariffs'], summary: "The commercial tariffs of a state (or of all states), by state, utility and name", querystring: tariffListQuerySchema, response: { 200: tariffListSchema } } },
    async (request) => ({ tariffs: await tariffs.listTariffs(app.ctx.db, request.query.state) }),
  );
};

/** GET/POST /api/admin/tariffs and GET/PUT/DELETE /api/admin/tariffs/{id} (full_access_admin only; every write audited). */
export const adminTariffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: tariffs'];
  const params = tariffIdParamsSchema;

  app.get(
    '/admin/tariffs',
    { schema: { tags, summary: 'The commercial tariffs, optionally of one state, by state, utility and name', querystring: tariffListQuerySchema, response: { 200: tariffListSchema } } },
    async (request) => ({ tariffs: await tariffs.listTariffs(app.ctx.db, request.query.state) }),
  );
  app.post(
    '/admin/tariffs',
    { schema: { tags, summary: 'Add a tariff (DOMAIN.md 1b: periods, energy rates, demand charges, export rule)', body: tariffBodySchema, response: { 201: tariffResponseSchema } } },
    async (request, reply) => reply.status(201).send({ tariff: await tariffs.createTariff(app.ctx, request.body.tariff, currentUser(request).id) }),
  );
  app.get('/admin/tariffs/:id', { schema: { tags, summary: 'One tariff', params, response: { 200: tariffResponseSchema } } }, async (request) => ({
    tariff: await tariffs.getTariff(app.ctx.db, request.params.id),
  }));
  app.put(
    '/admin/tariffs/:id',
    { schema: { tags, summary: 'Replace a tariff (an edited example is no longer marked as one)', params, body: tariffBodySchema, response: { 200: tariffResponseSchema } } },
    async (request) => ({ tariff: await tariffs.updateTariff(app.ctx, request.params.id, request.body.tariff, currentUser(request).id) }),
  );
  app.delete('/admin/tariffs/:id', { schema: { tags, summary: "Delete a tariff no project's meter uses (409 otherwise)", params } }, async (request, reply) => {
    await tariffs.deleteTariff(app.ctx, request.params.id, currentUser(request).id);
    return reply.status(204).send();
  });
};
