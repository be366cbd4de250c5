import { adminProposalTicketListQuerySchema, idParamsSchema, adminProposalTicketUpdateBodySchema, proposalTicketSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { adminUpdateProposalTicket, listAllProposalTickets } from '../proposals/proposals.service.js';

const tags = ['Admin: proposal tickets'];

/** public-site-and-admin.md 7: GET and PUT /admin/proposal_tickets (full_access_admin only). */
export const adminProposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));

  app.get(
    '/admin/proposal_tickets',
    {
      schema: {
        tags,
        summary: 'Proposal tickets, newest first; terminal ones only with include_terminal=true or when named in status; search (q) and sort',
        querystring: adminProposalTicketListQuerySchema,
        response: { 200: z.array(proposalTicketSchema) },
      },
    },
    async (request, reply) => {
      const tickets = await listAllProposalTickets(app.ctx, request.query);
      reply.header('X-Total-Count', String(tickets.length));
      return tickets;
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
        response: { 200: proposalTicketSchema },
      },
    },
    async (request) => adminUpdateProposalTicket(app.ctx, currentUser(request), request.params.id, request.body.proposal_ticket),
  );
};
