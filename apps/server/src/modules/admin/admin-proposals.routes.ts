import { adminProposalTicketListQuerySchema, adminProposalTicketPatchBodySchema, adminProposalTicketSchema, adminProposalTicketUpdateBodySchema, idParamsSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { adminUpdateProposalTicket, assignProposalTicket, listAllProposalTickets } from '../proposals/proposals.service.js';

const tags = ['Admin: proposal tickets'];

/**
 * public-site-and-admin.md 7: GET and PUT /admin/proposal_tickets (full_access_admin only);
 * issue 37 item 2: the queue paged in urgency order with its filters, and PATCH to assign.
 */
export const adminProposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));

  app.get(
    '/admin/proposal_tickets',
    {
      schema: {
        tags,
        summary:
          'The proposal queue, a page at a time (X-Total-Count, Link), most urgent first unless sorted otherwise; terminal ones only with include_terminal=true or when named in status; search (q), overdue=true, assignee=me|none|{id}',
        querystring: adminProposalTicketListQuerySchema,
        response: { 200: z.array(adminProposalTicketSchema) },
      },
    },
    async (request, reply) => {
      const { rows, total } = await listAllProposalTickets(app.ctx, currentUser(request), request.query);
      setPageHeaders(request, reply, request.query, total);
      return rows;
    },
  );

  app.put(
    '/admin/proposal_tickets/:id',
    {
      schema: {
        tags,
        summary: 'Set a status with its conditional fields; writes history and notifies the member',
        params: idParamsSchema,
        body: adminProposalTicketUpdateBodySchema,
        response: { 200: adminProposalTicketSchema },
      },
    },
    async (request) => adminUpdateProposalTicket(app.ctx, currentUser(request), request.params.id, request.body.proposal_ticket),
  );

  app.patch(
    '/admin/proposal_tickets/:id',
    {
      schema: {
        tags,
        summary: 'Assign the ticket to a full access administrator (assignee_id), or unassign it with null; audited, the new assignee notified',
        params: idParamsSchema,
        body: adminProposalTicketPatchBodySchema,
        response: { 200: adminProposalTicketSchema },
      },
    },
    async (request) => assignProposalTicket(app.ctx, currentUser(request), request.params.id, request.body.proposal_ticket.assignee_id),
  );
};
