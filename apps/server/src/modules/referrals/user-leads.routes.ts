import { leadListResponseSchema, leadUserQuerySchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import { listUserLeads } from './user-leads.service.js';

/** GET /api/user/leads (issue 39 item 4): partner accounts only, their own leads. */
export const userLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/leads',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['Referrals'],
        summary:
          'My leads, newest first (status filters; expired includes open leads past their expiry), converted ones with the project’s stage and my expected earning; with the referral settings and my open registrations. Paged (X-Total-Count, Link)',
        querystring: leadUserQuerySchema,
        response: { 200: leadListResponseSchema },
      },
    },
    async (request, reply) => {
      const { total, ...answer } = await listUserLeads(app.ctx, currentUser(request), request.query);
      setPageHeaders(request, reply, request.query, total);
      return answer;
    },
  );
};
