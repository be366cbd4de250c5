import { form1099QuerySchema, idParamsSchema, taxFormBodySchema, taxFormResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { contentDisposition } from '../projects/attachments.service.js';
import { export1099, getTaxForm, reviewTaxForm, saveTaxForm } from './tax-form.service.js';

/** GET/PUT /api/user/tax_form: the caller's own W-9 (issue 38 item 1), never anyone else's; the answer never has the TIN. */
const userTaxFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  // A form given unblocks the partner's payouts: the payables open in administrators' tabs re-read.
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Earnings'];
  app.get(
    '/user/tax_form',
    { schema: { tags, summary: "The caller's W-9 tax form ({tax_form: null} before one is given), the TIN masked, and the certification's text", response: { 200: taxFormResponseSchema } } },
    async (request) => getTaxForm(app.ctx, currentUser(request).id),
  );
  app.put(
    '/user/tax_form',
    {
      schema: {
        tags,
        summary: 'Give or replace the W-9 (TIN checked and stored encrypted; certified now, from this address); a new form clears the review of the one before',
        body: taxFormBodySchema,
        response: { 200: taxFormResponseSchema },
      },
    },
    async (request) => saveTaxForm(app.ctx, currentUser(request).id, request.body.tax_form, request.ip),
  );
};

/** The administrators' side: a partner's form, and marking it reviewed (full_access_admin; audited). */
const adminTaxFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: earnings'];
  app.get(
    '/admin/users/:id/tax_form',
    { schema: { tags, summary: "A partner's W-9 tax form, the TIN masked ({tax_form: null} before one is given; 404 for an unknown user)", params: idParamsSchema, response: { 200: taxFormResponseSchema } } },
    async (request) => getTaxForm(app.ctx, request.params.id, { mustExist: true }),
  );
  app.post(
    '/admin/users/:id/tax_form/review',
    { schema: { tags, summary: "Mark the partner's W-9 reviewed (409 when they have given none)", params: idParamsSchema, response: { 200: taxFormResponseSchema } } },
    async (request) => reviewTaxForm(app.ctx, currentUser(request).id, request.params.id),
  );
};

/**
 * GET /api/admin/payouts/1099.csv?year=: the year's paid totals per partner (item 5). A download
 * link like the other accounting exports, so it also takes the web app's cookie; full_access_admin only.
 */
const adminForm1099Routes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdminOrCookie);
  app.get(
    '/admin/payouts/1099.csv',
    {
      schema: {
        tags: ['Admin: earnings'],
        summary: "Each partner's paid total for the year as CSV, with the W-9 (TIN masked, or flagged missing) and whether it reaches the 1099 reporting threshold",
        produces: ['text/csv'],
        querystring: form1099QuerySchema,
      },
    },
    async (request, reply) => {
      const csv = await export1099(app.ctx, request.query.year, (error) => request.log.error({ err: error }, 'CSV export failed after its first rows'));
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', contentDisposition('attachment', `1099-totals-${request.query.year}.csv`))
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );
};

/** Issue 38 items 1 and 5, registered in app.ts with one line; each part keeps its own guard. */
export const taxFormRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(userTaxFormRoutes);
  await app.register(adminTaxFormRoutes);
  await app.register(adminForm1099Routes);
};
