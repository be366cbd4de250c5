import { DEFAULT_STALL_THRESHOLDS, stallSettingsBodySchema, stallSettingsResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { readStallThresholds, writeStallThresholds } from './stalls.service.js';

/** GET and PUT /api/admin/stall-settings (full_access_admin only; every change audited). */
export const adminStallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: settings'];
  const respond = async () => {
    const setting = await readStallThresholds(app.ctx.db);
    return { thresholds: setting.value, defaults: DEFAULT_STALL_THRESHOLDS, updated_at: setting.updatedAt?.toISOString() ?? null, updated_by_name: setting.updatedByName };
  };

  app.get('/admin/stall-settings', { schema: { tags, summary: 'The days a project may stay at each of the first four stages before it is stalled, with the defaults', response: { 200: stallSettingsResponseSchema } } }, respond);
  app.put(
    '/admin/stall-settings',
    { schema: { tags, summary: 'Replace the stall thresholds (the projects\' `stalled` and the hourly stall alerts follow at once)', body: stallSettingsBodySchema, response: { 200: stallSettingsResponseSchema } } },
    async (request) => {
      await writeStallThresholds(app.ctx, currentUser(request).id, request.body.thresholds);
      return respond();
    },
  );
};
