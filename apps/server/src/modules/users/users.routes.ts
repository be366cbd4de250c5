import {
  messageResponseSchema,
  passwordChangeBodySchema,
  profileEditBodySchema,
  signupEditBodySchema,
  userSchema,
} from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientInfo, currentSession, currentUser } from '../../plugins/auth.js';
import { toUserResponse } from './user-response.js';
import { changePassword, updateOwnUser } from './users.service.js';

const tags = ['Session and account'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/user/profile', { schema: { tags, summary: 'The signed-in user', response: { 200: userSchema } } }, async (request) =>
    toUserResponse(currentUser(request)),
  );

  app.post(
    '/user/profile/edit',
    { schema: { tags, summary: 'Edit the contact information of the signed-in user', body: profileEditBodySchema, response: { 200: userSchema } } },
    async (request) => toUserResponse(await updateOwnUser(app.ctx, currentSession(request), request.body.user)),
  );

  app.post(
    '/signup/edit',
    { schema: { tags, summary: "Edit the signed-in user's signup fields (e.g. referral to sales partner)", body: signupEditBodySchema, response: { 200: userSchema } } },
    async (request) => toUserResponse(await updateOwnUser(app.ctx, currentSession(request), request.body.user)),
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
    },
    async (request, reply) => {
      const { current_password, password } = request.body.data;
      const { token } = await changePassword(app.ctx, currentSession(request), clientInfo(request), current_password, password);
      reply.header('Authorization', `Bearer ${token}`);
      return { message: 'Password changed successfully.' };
    },
  );
};
