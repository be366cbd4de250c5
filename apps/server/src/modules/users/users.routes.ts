import {
  messageResponseSchema,
  passwordChangeBodySchema,
  profileEditBodySchema,
  signupEditBodySchema,
  userSchema,
} from '@sunin/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo, currentSession, currentUser } from '../../plugins/auth.js';
import { resendVerificationMail } from '../auth/auth.service.js';
import { toUserResponse } from './user-response.js';
import { changePassword, updateOwnUser } from './users.service.js';

const tags = ['Session and account'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  // An email change proves the current password; only such a request is refused once this
  // session has guessed too often, so a plain contact edit always goes through.
  const checkReauthWhenPasswordGiven: preHandlerAsyncHookHandler = async function (request, reply) {
    const body = request.body as { user?: { current_password?: unknown } } | undefined;
    if (body?.user?.current_password !== undefined) await app.limits.reauthFailures.check.call(this, request, reply);
  };

  app.addHook('onRequest', app.requireUser);

  // Who am I: open to every API token, whatever its scopes (issue 40 item 1).
  app.get('/user/profile', { config: { tokenScope: 'any' }, schema: { tags, summary: 'The signed-in user', response: { 200: userSchema } } }, async (request) =>
    toUserResponse(currentUser(request)),
  );

  app.post(
    '/user/profile/edit',
    { schema: { tags, summary: 'Edit the contact information of the signed-in user', body: profileEditBodySchema, response: { 200: userSchema } }, preHandler: checkReauthWhenPasswordGiven },
    async (request) => toUserResponse(await app.limits.reauthFailures.track(request, () => updateOwnUser(app.ctx, currentSession(request), request.body.user))),
  );

  app.post(
    '/signup/edit',
    { schema: { tags, summary: "Edit the signed-in user's signup fields (e.g. referral to sales partner)", body: signupEditBodySchema, response: { 200: userSchema } }, preHandler: checkReauthWhenPasswordGiven },
    async (request) => toUserResponse(await app.limits.reauthFailures.track(request, () => updateOwnUser(app.ctx, currentSession(request), request.body.user))),
  );

  app.post(
    '/user/verification_email',
    {
      schema: {
        tags,
        summary: "Send a new verification link to the signed-in user's own unverified address (409 when already verified; 3 an hour, then 429 with Retry-After)",
        // No body: the address is always the caller's own, whatever a request names.
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => ({
      message: await resendVerificationMail(app.ctx, currentUser(request).id, async () => void (await app.limits.verificationMailPerUser.call(app, request, reply))),
    }),
  );

  app.post(
    '/password/edit',
    {
      schema: {
        tags,
        summary: "Change the password (current password required); ends the member's other sessions, and a fresh token comes back in the Authorization header",
        body: passwordChangeBodySchema,
        response: { 200: messageResponseSchema },
      },
      preHandler: app.limits.reauthFailures.check,
    },
    async (request, reply) => {
      const { current_password, password } = request.body.data;
      const { token } = await app.limits.reauthFailures.track(request, () => changePassword(app.ctx, currentSession(request), clientInfo(request), current_password, password));
      reply.header('Authorization', `Bearer ${token}`);
      return { message: 'Password changed successfully.' };
    },
  );
};
