import { adminProjectListQuerySchema, adminUserListQuerySchema } from '@sunin/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { contentDisposition } from '../projects/attachments.service.js';
import { exportEarnings, exportPayouts } from '../earnings/earnings-export.service.js';
import { exportProjects, exportUsers } from './admin-export.service.js';

/** `users-2026-11-23.csv`: what the list is and the day (UTC) it was taken. */
const fileName = (list: string) => `${list}-${new Date().toISOString().slice(0, 10)}.csv`;

function sendCsv(reply: FastifyReply, list: string, csv: Readable) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', contentDisposition('attachment', fileName(list)))
    .header('Cache-Control', 'private, no-store')
    .send(csv);
}

/** An export that failed after its first rows: the file says so in its last line, the log says why. */
const logFailure = (request: FastifyRequest) => (error: unknown) => request.log.error({ err: error }, 'CSV export failed after its first rows');

/**
 * Issue 15 item 3: All Users and All Projects as CSV, the whole filtered and sorted list. The
 * Export button is a plain download link, so these GET routes also accept the web app's
 * SameSite=Strict cookie, like file downloads; they stay full_access_admin only. They take
 * the list's own query string as it is: page and per_page are accepted and ignored.
 */
export const adminExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdminOrCookie);
  const produces = ['text/csv'];

  app.get(
    '/admin/users.csv',
    { schema: { tags: ['Admin: users'], summary: 'All users as CSV: the filters and sort of GET /admin/users, every page', produces, querystring: adminUserListQuerySchema } },
    async (request, reply) => sendCsv(reply, 'users', await exportUsers(app.ctx, request.query, logFailure(request))),
  );
  app.get(
    '/admin/projects.csv',
    { schema: { tags: ['Admin: projects'], summary: 'All projects as CSV: the filters and sort of GET /admin/projects, every page', produces, querystring: adminProjectListQuerySchema } },
    async (request, reply) => sendCsv(reply, 'projects', await exportProjects(app.ctx, request.query, logFailure(request))),
  );
  // Issue 37 item 1: the accounting exports, whole (no filters); dates in BUSINESS_TIME_ZONE.
  app.get(
    '/admin/earnings.csv',
    { schema: { tags: ['Admin: earnings'], summary: 'Every earnings ledger entry as CSV, for accounting (ISO dates in the business time zone, plain amounts)', produces } },
    async (request, reply) => sendCsv(reply, 'earnings', await exportEarnings(app.ctx, logFailure(request))),
  );
  app.get(
    '/admin/payouts.csv',
    { schema: { tags: ['Admin: earnings'], summary: 'Every payout as CSV, for accounting (ISO dates in the business time zone, plain amounts)', produces } },
    async (request, reply) => sendCsv(reply, 'payouts', await exportPayouts(app.ctx, logFailure(request))),
  );
};
