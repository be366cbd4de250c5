import { mfaConfirmBodySchema, mfaDisableBodySchema, mfaRecoveryCodesSchema, mfaSetupBodySchema, mfaSetupResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentSession, currentUser } from '../../plugins/auth.js';
import { confirmMfa, disableMfa, startMfaSetup } from './mfa.service.js';

const tags = ['Session and account'];

/**
 * The caller's own two-factor sign-in (issue 13 item 5). These stay open to an administrator
 * who has not enrolled yet, so ADMIN_MFA_REQUIRED can be met.
 */
export const mfaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/user/mfa',
    { schema: { tags, summary: 'Start two-factor setup: a new TOTP secret, active once confirmed', body: mfaSetupBodySchema, response: { 200: mfaSetupResponseSchema } }, preHandler: app.limits.reauthFailures.check },
    async (request) => app.limits.reauthFailures.track(request, () => startMfaSetup(app.ctx, currentUser(request).id, request.body.current_password)),
  );

  app.post(
    '/user/mfa/confirm',
    { schema: { tags, summary: 'Turn two-factor on with the first code; answers the ten recovery codes, shown once', body: mfaConfirmBodySchema, response: { 200: mfaRecoveryCodesSchema } } },
    async (request) => ({ recovery_codes: await confirmMfa(app.ctx, currentUser(request).id, request.body.code, currentSession(request).sessionId) }),
  );

  app.delete(
    '/user/mfa',
    { schema: { tags, summary: 'Turn two-factor off (current password and a TOTP or recovery code)', body: mfaDisableBodySchema }, preHandler: app.limits.reauthFailures.check },
    async (request, reply) => {
      await app.limits.reauthFailures.track(request, () => disableMfa(app.ctx, currentUser(request).id, request.body.current_password, request.body.code, currentSession(request).sessionId));
      return reply.status(204).send();
    },
  );
};
