import {
  MESSAGES,
  authResponseSchema,
  emailAvailabilityResponseSchema,
  emailQuerySchema,
  loginBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
  resetRequestBodySchema,
  signupBodySchema,
  usernameAvailabilityResponseSchema,
  usernameQuerySchema,
  verifyEmailBodySchema,
} from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo } from '../../plugins/auth.js';
import { toUserResponse } from '../users/user-response.js';
import * as auth from './auth.service.js';

const tags = ['Session and account'];

/** member-app.md 7 "Session and account"; the token travels in the Authorization header. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/signup',
    {
      schema: { tags, summary: 'Sign up (referral or sales partner)', body: signupBodySchema, response: { 201: authResponseSchema } },
      preHandler: [app.limits.signupPerIp],
    },
    async (request, reply) => {
      const session = await auth.signup(app.ctx, request.body.user, clientInfo(request));
      reply.header('Authorization', `Bearer ${session.token}`);
      return reply.status(201).send({ message: MESSAGES.signedUp, user: toUserResponse(session.user) });
    },
  );

  app.post(
    '/login',
    {
      // Both counters are read before the password is checked (no argon2 for a refused caller,
      // and a locked second step answers the same whatever the password).
      preHandler: [app.limits.loginFlood, app.limits.loginFailures.check, app.limits.secondFactor.check],
      schema: { tags, summary: 'Log in; the JWT comes back in the Authorization header', body: loginBodySchema, response: { 200: authResponseSchema } },
    },
    async (request, reply) => {
      const { email, password, otp_code } = request.body.user;
      const session = await app.limits.loginFailures.track(request, () =>
        auth.login(app.ctx, email, password, clientInfo(request), otp_code, app.limits.secondFactor.attempts(request, reply)),
      );
      reply.header('Authorization', `Bearer ${session.token}`);
      return { message: MESSAGES.loggedIn, user: toUserResponse(session.user) };
    },
  );

  app.delete(
    '/logout',
    { onRequest: app.requireUser, schema: { tags, summary: 'Log out: the token stops working at once', response: { 200: messageResponseSchema } } },
    async (request) => {
      if (request.auth) await auth.logout(app.ctx, request.auth);
      return { message: MESSAGES.loggedOut };
    },
  );

  app.post(
    '/password',
    {
      preHandler: [app.limits.resetPerIp, app.limits.resetPerEmail],
      schema: { tags, summary: 'Request a password reset link (same answer whether or not the email exists)', body: resetRequestBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.requestPasswordReset(app.ctx, request.body.user.email);
      return { message: MESSAGES.resetRequested };
    },
  );

  app.patch(
    '/password',
    {
      preHandler: [app.limits.resetFailures.check],
      schema: { tags, summary: 'Reset the password with the mailed token (single use, 6 hours)', body: resetPasswordBodySchema, response: { 200: resetPasswordResponseSchema } },
    },
    async (request) => {
      const { email } = await app.limits.resetFailures.track(request, () => auth.resetPassword(app.ctx, request.body.user.reset_password_token, request.body.user.password));
      return { message: MESSAGES.passwordReset, email };
    },
  );

  app.post(
    '/verify_email',
    {
      preHandler: [app.limits.lookupPerIp],
      schema: { tags, summary: 'Confirm an email address with the token mailed on signup', body: verifyEmailBodySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await auth.verifyEmail(app.ctx, request.body.token);
      return { message: MESSAGES.emailVerified };
    },
  );

  app.get(
    '/username-is-valid',
    {
      preHandler: [app.limits.lookupPerIp],
      schema: { tags, summary: 'Is this username free?', querystring: usernameQuerySchema, response: { 200: usernameAvailabilityResponseSchema } },
    },
    async (request) => ({ validUsername: await auth.isUsernameAvailable(app.ctx, request.query.user_name) }),
  );

  app.get(
    '/email-is-valid',
    {
      preHandler: [app.limits.lookupPerIp],
      schema: { tags, summary: 'Is this email well formed and free? (validEmail true means free)', querystring: emailQuerySchema, response: { 200: emailAvailabilityResponseSchema } },
    },
    async (request) => ({ validEmail: await auth.isEmailAvailable(app.ctx, request.query.email) }),
  );
};
