import { endSessionsBodySchema, endedSessionsSchema, idParam, sessionListSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertCurrentPassword } from '../../lib/passwords.js';
import { currentSession } from '../../plugins/auth.js';
import { endOwnSession, endSessions, listSessions } from './sessions.service.js';

const tags = ['Session and account'];

/** The member's own sessions (issue 13, ASVS 7.5.2): see them, end one, end all the others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/user/sessions', { schema: { tags, summary: 'The signed-in sessions of the caller, the most recently used first', response: { 200: sessionListSchema } } }, async (request) => {
    const { user, sessionId } = currentSession(request);
    return listSessions(app.ctx, user.id, sessionId);
  });

  app.delete(
    '/user/sessions',
    { schema: { tags, summary: 'Sign out of every other session (this one stays signed in); needs the current password', body: endSessionsBodySchema, response: { 200: endedSessionsSchema } }, preHandler: app.limits.reauthFailures.check },
    async (request) => {
      const { user, sessionId } = currentSession(request);
      await app.limits.reauthFailures.track(request, () => assertCurrentPassword(user.password_digest, request.body.current_password));
      return { ended: await endSessions(app.ctx, user.id, { allExcept: sessionId }, 'signed_out_by_user') };
    },
  );

  app.delete(
    '/user/sessions/:id',
    { schema: { tags, summary: 'End one session (needs the current password): its token answers 401 at once and its websockets close', params: z.object({ id: idParam }), body: endSessionsBodySchema }, preHandler: app.limits.reauthFailures.check },
    async (request, reply) => {
      const { user } = currentSession(request);
      await app.limits.reauthFailures.track(request, () => assertCurrentPassword(user.password_digest, request.body.current_password));
      await endOwnSession(app.ctx, user.id, request.params.id);
      return reply.status(204).send();
    },
  );
};
