import { idParamsSchema, statementQuerySchema } from '@sunin/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { contentDisposition } from '../projects/attachments.service.js';
import { statementFileName } from './statement-pdf.js';
import { statementPdf } from './statement.service.js';

function sendPdf(reply: FastifyReply, month: string, pdf: Buffer) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', contentDisposition('attachment', statementFileName(month)))
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}

const produces = ['application/pdf'];

/**
 * Issue 38 item 3: a month's earnings statement as a PDF. The Download links are plain links, so
 * both routes also accept the web app's SameSite=Strict cookie, like file downloads and the CSV
 * exports. The partner's route only ever reads the caller's own ledger (it takes no user id);
 * the administrator's is full_access_admin only and answers 404 for an unknown user.
 */
const memberStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUserOrCookie);
  app.get(
    '/user/earnings/statement.pdf',
    {
      // An API token in the Authorization header (never in the cookie) with earnings:read.
      config: { tokenScope: 'earnings:read' },
      schema: {
        tags: ['Earnings'],
        summary: "The caller's earnings statement of a month (YYYY-MM, not after the current month), as a PDF",
        produces,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => sendPdf(reply, request.query.month, await statementPdf(app.ctx, currentUser(request).id, request.query.month)),
  );
};

const adminStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdminOrCookie);
  app.get(
    '/admin/users/:id/earnings/statement.pdf',
    {
      schema: {
        tags: ['Admin: earnings'],
        summary: "A partner's earnings statement of a month, as a PDF (404 for an unknown user)",
        produces,
        params: idParamsSchema,
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => sendPdf(reply, request.query.month, await statementPdf(app.ctx, request.params.id, request.query.month)),
  );
};

export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberStatementRoutes);
  await app.register(adminStatementRoutes);
};
