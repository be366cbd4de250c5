import {
  idParam,
  proposalTicketCreateBodySchema,
  proposalTicketHistorySchema,
  proposalTicketSchema,
  proposalTicketUpdateBodySchema,
} from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { memberScope } from '../projects/project-access.js';
import { createProposalTicket, getProposalTicket, listHistories, listProposalTickets, requestRevision } from './proposals.service.js';

const tags = ['Proposal tickets'];
const id = idParam;
const projectParams = z.object({ projectId: id });
const ticketParams = z.object({ projectId: id, ticketId: id });

/** member-app.md 7 "Proposal tickets", under the member's own project. */
export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/projects/:projectId/proposal_tickets',
    { schema: { tags, summary: 'Request a proposal (status 1; one open ticket per project)', params: projectParams, body: proposalTicketCreateBodySchema, response: { 201: proposalTicketSchema } } },
    async (request, reply) => {
      const ticket = await createProposalTicket(app.ctx, memberScope(currentUser(request)), request.params.projectId, request.body.proposal_ticket);
      return reply.status(201).send(ticket);
    },
  );

  app.get('/projects/:projectId/proposal_tickets', { schema: { tags, params: projectParams, response: { 200: z.array(proposalTicketSchema) } } }, async (request, reply) => {
    const tickets = await listProposalTickets(app.ctx, memberScope(currentUser(request)), request.params.projectId);
    reply.header('X-Total-Count', String(tickets.length));
    return tickets;
  });

  app.get('/projects/:projectId/proposal_tickets/:ticketId', { schema: { tags, params: ticketParams, response: { 200: proposalTicketSchema } } }, async (request) =>
    getProposalTicket(app.ctx, memberScope(currentUser(request)), request.params.projectId, request.params.ticketId),
  );

  app.patch(
    '/projects/:projectId/proposal_tickets/:ticketId',
    { schema: { tags, summary: 'Request a revision (status 5 with details), from a terminal status only', params: ticketParams, body: proposalTicketUpdateBodySchema, response: { 200: proposalTicketSchema } } },
    async (request) => requestRevision(app.ctx, memberScope(currentUser(request)), request.params.projectId, request.params.ticketId, request.body.proposal_ticket),
  );

  app.get(
    '/projects/:projectId/proposal_tickets/:ticketId/proposal_ticket_histories',
    { schema: { tags, summary: 'The history of a ticket, oldest first', params: ticketParams, response: { 200: z.array(proposalTicketHistorySchema) } } },
    async (request) => listHistories(app.ctx, memberScope(currentUser(request)), request.params.projectId, request.params.ticketId),
  );
};
