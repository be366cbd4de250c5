import { adminAnalyticsSchema, analyticsQuerySchema, userAnalyticsSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { adminAnalytics, userAnalytics } from './analytics.service.js';

/** Issue 17 item 3: GET /api/user/analytics, the caller's own projects only. */
export const userAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/user/analytics',
    {
      schema: {
        tags: ['Analytics'],
        summary: "The caller's projects, stages, proposal turnaround and (sales and enterprise partners) pipeline and earnings over a from/to range",
        querystring: analyticsQuerySchema,
        response: { 200: userAnalyticsSchema },
      },
    },
    async (request) => userAnalytics(app.ctx, currentUser(request), request.query),
  );
};

/** Issue 17 item 3: GET /api/admin/analytics, company-wide (full_access_admin only). */
export const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.get(
    '/admin/analytics',
    {
      schema: {
        tags: ['Admin: analytics'],
        summary: 'The stage funnel, stage durations, the 48-hour promise, projects and new partners per month, subscriptions and MRR, top partners',
        querystring: analyticsQuerySchema,
        response: { 200: adminAnalyticsSchema },
      },
    },
    async (request) => adminAnalytics(app.ctx, request.query),
  );
};
