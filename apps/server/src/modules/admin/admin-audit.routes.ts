import { adminAuditQuerySchema, auditEntrySchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { listAudit } from '../audit/audit.service.js';

/** Issue 15 item 4: who changed what in the admin area (full_access_admin only). */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/admin/audit',
    {
      schema: {
        tags: ['Admin: audit trail'],
        summary: "Audit entries of admin writes, newest first; filter by entity_type and entity_id (a project's include its proposal tickets'), or actor_id",
        querystring: adminAuditQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAudit(app.ctx, request.query);
      setPageHeaders(request, reply, request.query, total);
      return rows;
    },
  );
};
