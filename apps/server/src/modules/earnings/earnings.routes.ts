import {
  adjustmentBodySchema,
  dealBodySchema,
  dealResponseSchema,
  DEFAULT_EARNINGS_SETTINGS,
  DEFAULT_PAYOUT_SETTINGS,
  payoutSettingsBodySchema,
  payoutSettingsResponseSchema,
  earningEntrySchema,
  earningsSchema,
  earningsSettingsBodySchema,
  earningsSettingsResponseSchema,
  idParamsSchema,
  payablesResponseSchema,
  payoutBodySchema,
  payoutRunBodySchema,
  payoutRunResponseSchema,
  payoutSchema,
  payoutsQuerySchema,
  payoutWithEntriesSchema,
} from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import * as earnings from './earnings.service.js';
import { listPayables, runPayouts } from './payables.service.js';
import { readPayoutSettings, writePayoutSettings } from './payout-settings.service.js';
import { settingAnswer } from '../settings/settings.service.js';

/** GET /api/user/earnings: the caller's own ledger, never anyone else's (issue 17 item 2). */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.get('/user/earnings', { config: { tokenScope: 'earnings:read' }, schema: { tags: ['Earnings'], summary: "The caller's earnings: entries, totals, the share and minimum payout, and payouts", response: { 200: earningsSchema } } }, async (request) =>
    earnings.earningsOf(app.ctx, currentUser(request).id),
  );
};

const entryParams = z.object({ entryId: idParamsSchema.shape.id });

/** The administrators' side of the ledger (full_access_admin only; every write audited). */
export const adminEarningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: earnings'];

  app.get('/admin/projects/:id/deal', { schema: { tags, summary: "A project's deal and its owner's entry ({deal: null} before one is recorded)", params: idParamsSchema, response: { 200: dealResponseSchema } } }, async (request) =>
    earnings.getDeal(app.ctx, request.params.id),
  );
  app.put(
    '/admin/projects/:id/deal',
    { schema: { tags, summary: "Record or correct a project's deal; the owner's entry follows DOMAIN.md 2", params: idParamsSchema, body: dealBodySchema, response: { 200: dealResponseSchema } } },
    async (request) => earnings.recordDeal(app.ctx, currentUser(request).id, request.params.id, request.body),
  );
  app.post(
    '/admin/earnings/:entryId/approve',
    { schema: { tags, summary: 'Approve an expected entry before Project Completion', params: entryParams, response: { 200: earningEntrySchema } } },
    async (request) => earnings.approveEntry(app.ctx, currentUser(request).id, request.params.entryId),
  );
  app.post(
    '/admin/earnings/adjustments',
    { schema: { tags, summary: 'Correct paid history with an approved adjustment entry (negative amounts allowed)', body: adjustmentBodySchema, response: { 201: earningEntrySchema } } },
    async (request, reply) => reply.status(201).send(await earnings.addAdjustment(app.ctx, currentUser(request).id, request.body)),
  );
  app.get('/admin/users/:id/earnings', { schema: { tags, summary: "A partner's ledger, as the partner sees it", params: idParamsSchema, response: { 200: earningsSchema } } }, async (request) =>
    earnings.earningsOf(app.ctx, request.params.id),
  );

  app.post(
    '/admin/payouts',
    { schema: { tags, summary: "Pay the partner's whole payable balance (409 when nothing is payable)", body: payoutBodySchema, response: { 201: payoutWithEntriesSchema } } },
    async (request, reply) => reply.status(201).send(await earnings.recordPayout(app.ctx, currentUser(request).id, request.body)),
  );
  app.get('/admin/payables', { schema: { tags, summary: "Every partner owed a payable balance now, with the entries behind it, the oldest debt first", response: { 200: payablesResponseSchema } } }, async () =>
    listPayables(app.ctx),
  );
  app.post(
    '/admin/payout_runs',
    {
      schema: {
        tags,
        summary: "Pay several partners' whole payable balances, one payout each in its own transaction (409 when nobody could be paid; fields give each partner's reason)",
        body: payoutRunBodySchema,
        response: { 201: payoutRunResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await runPayouts(app.ctx, currentUser(request).id, request.body.payout_run)),
  );
  app.get('/admin/payouts', { schema: { tags, summary: 'Payouts, newest first; user_id filters one partner', querystring: payoutsQuerySchema, response: { 200: z.array(payoutSchema) } } }, async (request, reply) => {
    const { rows, total } = await earnings.listPayouts(app.ctx, request.query);
    setPageHeaders(request, reply, request.query, total);
    return rows;
  });

  const respondSettings = async () => settingAnswer(await earnings.readEarningsSettings(app.ctx.db), DEFAULT_EARNINGS_SETTINGS);
  app.get('/admin/earnings-settings', { schema: { tags, summary: 'The share of each tier and its minimum payout, with the defaults', response: { 200: earningsSettingsResponseSchema } } }, respondSettings);
  app.put(
    '/admin/earnings-settings',
    { schema: { tags, summary: 'Replace the shares and minimum payouts (applies to deals recorded or corrected from now on)', body: earningsSettingsBodySchema, response: { 200: earningsSettingsResponseSchema } } },
    async (request) => {
      await earnings.writeEarningsSettings(app.ctx, currentUser(request).id, request.body.settings);
      return respondSettings();
    },
  );

  const respondPayoutSettings = async () => settingAnswer(await readPayoutSettings(app.ctx.db), DEFAULT_PAYOUT_SETTINGS);
  app.get(
    '/admin/payout-settings',
    { schema: { tags, summary: 'The clawback window, notice and reasons, and the 1099 reporting thresholds, with the defaults', response: { 200: payoutSettingsResponseSchema } } },
    respondPayoutSettings,
  );
  app.put(
    '/admin/payout-settings',
    { schema: { tags, summary: 'Replace the payout settings (a clawback window applies to payments from now and before)', body: payoutSettingsBodySchema, response: { 200: payoutSettingsResponseSchema } } },
    async (request) => {
      await writePayoutSettings(app.ctx, currentUser(request).id, request.body.settings);
      return respondPayoutSettings();
    },
  );
};
