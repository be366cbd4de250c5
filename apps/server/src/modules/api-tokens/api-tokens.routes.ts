import { API_TOKENS_PER_USER, apiTokenCreateBodySchema, apiTokenCreatedSchema, apiTokenIdParamsSchema, apiTokenListSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.js';

const tags = ['API tokens'];

/**
 * A member's personal API tokens (issue 40 item 1), from a signed-in session only: the routes
 * declare no tokenScope, so a request made with a token answers 403 insufficient_scope and a
 * token can never mint, list or revoke tokens.
 */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/user/api_tokens',
    {
      schema: {
        tags,
        summary: `Create a personal API token; the answer is the only time its text is shown. The admin scope is for full access administrators; at most ${API_TOKENS_PER_USER} tokens work at once`,
        body: apiTokenCreateBodySchema,
        response: { 201: apiTokenCreatedSchema },
      },
    },
    // The token's text is in this answer only: no cache may keep it.
    async (request, reply) => reply.status(201).header('cache-control', 'no-store').send(await createApiToken(app.ctx, currentUser(request), request.body.api_token)),
  );

  app.get('/user/api_tokens', { schema: { tags, summary: "The caller's tokens that are not revoked, newest first (expired ones with active false)", response: { 200: apiTokenListSchema } } }, async (request) => ({
    api_tokens: await listApiTokens(app.ctx, currentUser(request).id),
  }));

  app.delete('/user/api_tokens/:id', { schema: { tags, summary: 'Revoke a token: it answers 401 from its next request', params: apiTokenIdParamsSchema } }, async (request, reply) => {
    await revokeApiToken(app.ctx, currentUser(request).id, request.params.id);
    return reply.status(204).send();
  });
};
