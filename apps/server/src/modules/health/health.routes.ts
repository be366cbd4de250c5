import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      try {
        await app.database.ping();
      } catch (error) {
        app.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError('service_unavailable', 'The database is not reachable.');
      }
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
