import {
  adminLeadConvertBodySchema,
  adminLeadConvertResponseSchema,
  adminLeadListQuerySchema,
  adminLeadListResponseSchema,
  adminLeadPatchBodySchema,
  adminLeadRejectBodySchema,
  adminLeadResponseSchema,
  analyticsQuerySchema,
  idParam,
  referralFunnelResponseSchema,
} from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { listAdminLeads, markLeadContacted, rejectLead } from './admin-leads.service.js';
import { convertLead } from './convert-lead.js';
import { referralFunnel } from './referral-funnel.js';

const params = z.object({ id: idParam });
const tags = ['Admin: leads'];

/**
 * The admin queue of leads (issue 39 item 3) and the referral funnel (item 5): full_access_admin
 * only, like every admin route; each write tells open admin pages (admin_changed) and the lead's
 * partner (leads_changed).
 */
export const adminLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));

  app.get(
    '/admin/leads',
    {
      schema: {
        tags,
        summary: 'Every lead, newest first: filtered by status (expired includes open leads past their expiry) and partner (user_id), searched (q) in company, contact, email and city. Paged (X-Total-Count, Link)',
        querystring: adminLeadListQuerySchema,
        response: { 200: adminLeadListResponseSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAdminLeads(app.ctx, request.query);
      setPageHeaders(request, reply, request.query, total);
      return { leads: rows };
    },
  );

  app.patch(
    '/admin/leads/:id',
    { schema: { tags, summary: 'Mark a new lead contacted (an open lead only, else 422); audited, and its partner told', params, body: adminLeadPatchBodySchema, response: { 200: adminLeadResponseSchema } } },
    async (request) => ({ lead: await markLeadContacted(app.ctx, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/admin/leads/:id/reject',
    { schema: { tags, summary: 'Reject an open lead with the reason (else 422): its site and its partner’s registration free up; audited, and its partner told', params, body: adminLeadRejectBodySchema, response: { 200: adminLeadResponseSchema } } },
    async (request) => ({ lead: await rejectLead(app.ctx, currentUser(request).id, request.params.id, request.body.reason) }),
  );

  app.post(
    '/admin/leads/:id/convert',
    {
      schema: {
        tags,
        summary:
          'Convert an open lead into a project owned by its partner (or, for a lead of nobody, the partner user_id names), pre-filled from the form and its usage file, with the business owner as contact. 409 site_taken when the site is already a project',
        params,
        body: adminLeadConvertBodySchema,
        response: { 201: adminLeadConvertResponseSchema },
      },
      // A lead of a partner converts with nothing to say: a request without a body reads as {}.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => reply.status(201).send(await convertLead(app.ctx, currentUser(request), request.params.id, request.body.user_id)),
  );

  app.get(
    '/admin/analytics/referral-funnel',
    {
      schema: {
        tags: ['Admin: analytics'],
        summary: 'Per partner with a click or a lead in the from/to range: clicks, leads, converted, completed and the median days from lead to conversion; by leads, then clicks',
        querystring: analyticsQuerySchema,
        response: { 200: referralFunnelResponseSchema },
      },
    },
    async (request) => referralFunnel(app.ctx, request.query),
  );
};
