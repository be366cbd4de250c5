import { boardColumnPageSchema, boardColumnParamsSchema, boardColumnQuerySchema, boardQuerySchema, boardResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { boardFilterOf, readBoard, readColumnPage } from './board.service.js';

/**
 * The pipeline board (issue 37 item 4), full_access_admin only. It only reads: a card moves
 * through PUT /api/admin/projects/:id, the admin project page's stage change (one service: stage
 * history, the owner's notification, the earnings entry, the audit entry, admin_changed).
 */
export const adminBoardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: projects'];
  app.get(
    '/admin/board',
    {
      schema: {
        tags,
        summary: 'The pipeline board: one column per stage in pipeline order (Archived last) with its count, deal value total and first cards, the longest in the stage first; filters owner_id, state, stalled',
        querystring: boardQuerySchema,
        response: { 200: boardResponseSchema },
      },
    },
    async (request) => readBoard(app.ctx, boardFilterOf(request.query)),
  );
  app.get(
    '/admin/board/columns/:stage',
    {
      schema: {
        tags,
        summary: "A board column's next cards after `cursor` (a column's next_cursor), with the board's filters",
        params: boardColumnParamsSchema,
        querystring: boardColumnQuerySchema,
        response: { 200: boardColumnPageSchema },
      },
    },
    async (request) => readColumnPage(app.ctx, request.params.stage, boardFilterOf(request.query), request.query.cursor),
  );
};
