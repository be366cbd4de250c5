import {
  changeRequestBodySchema,
  changeRequestResponseSchema,
  publicShareSchema,
  shareCreateBodySchema,
  shareCreatedSchema,
  shareGoneSchema,
  shareParamsSchema,
  shareSchema,
  shareTokenParamsSchema,
  idParamsSchema as projectParams,
} from '@sunin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientInfo, currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { memberScope, type ProjectScope } from '../projects/project-access.js';
import { createChangeRequest } from './change-requests.js';
import { buildPublicShare, openShare, openShareLogo, recordView } from './public-share.js';
import { registerSignatureRoutes } from './signature.routes.js';
import { createShare, listShares, revokeShare } from './shares.service.js';

/** The three link routes under a project, for its owner (/projects) or any project (/admin/projects). */
function registerShareCrud(app: FastifyInstance, options: { prefix: string; scopeOf(request: FastifyRequest): ProjectScope; tags: string[] }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, scopeOf, tags } = options;
  typed.post(
    `${prefix}/:id/shares`,
    {
      schema: {
        tags,
        summary: 'Create a customer link (APP_URL/p/{token}); the answer is the only time its url is shown. At most 20 live links per project; send_email mails it to the recipient',
        params: projectParams,
        body: shareCreateBodySchema,
        response: { 201: shareCreatedSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createShare(app.ctx, scopeOf(request), request.params.id, request.body.share)),
  );
  typed.get(
    `${prefix}/:id/shares`,
    { schema: { tags, summary: "The project's customer links, newest first, with their opens, signature and change requests", params: projectParams, response: { 200: z.array(shareSchema) } } },
    async (request) => listShares(app.ctx, scopeOf(request), request.params.id),
  );
  typed.delete(
    `${prefix}/:id/shares/:shareId`,
    { schema: { tags, summary: 'Revoke a customer link: it answers 410 from now on (revoking it again is 204 too)', params: shareParamsSchema } },
    async (request, reply) => {
      await revokeShare(app.ctx, scopeOf(request), request.params.id, request.params.shareId);
      return reply.status(204).send();
    },
  );
}

/**
 * Issue 36 item 1: a project's customer links, for its owner (who must be allowed to write to
 * make or revoke one, as for any project write) and for full-access administrators on any
 * project, under the admin area's own checks (role, two-factor standing, live admin lists).
 */
export const shareRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (member) => {
    member.addHook('onRequest', member.requireUser);
    registerShareCrud(member, { prefix: '/projects', scopeOf: (request) => memberScope(currentUser(request)), tags: ['Customer links'] });
  });
  await app.register(async (admin) => {
    admin.addHook('onRequest', admin.requireAdmin);
    admin.addHook('onResponse', announceAdminWrites(admin));
    registerShareCrud(admin, { prefix: '/admin/projects', scopeOf: (request) => ({ user: currentUser(request), admin: true }), tags: ['Admin: customer links'] });
  });
};

/**
 * The customer's side of a link (issue 36 items 2, 3 and 5): no sign-in, the token is the only
 * credential. Unknown, forged or malformed tokens answer 404 alike; expired and revoked ones
 * 410 with the partner's contact. Never indexed, never cached, never a referrer.
 */
export const publicShareRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Customer link (public)'];
  // onSend: on every answer, errors and 429s included.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('X-Robots-Tag', 'noindex, nofollow').header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
    return payload;
  });

  app.get(
    '/public/shares/:token',
    {
      preHandler: app.limits.sharePagePerIp,
      schema: {
        tags,
        summary: "What the customer's page shows: the partner, the customer's company and site, the proposal versions, the estimate, the signature and the stages. Each open is counted and the partner told (first, then at most daily)",
        params: shareTokenParamsSchema,
        response: { 200: publicShareSchema, 410: shareGoneSchema },
      },
    },
    async (request, reply) => {
      const opened = await openShare(app.ctx.db, request.params.token);
      if ('gone' in opened) return reply.status(410).send(opened.gone);
      const page = await buildPublicShare(app.ctx, opened.found, request.params.token);
      await recordView(app.ctx, opened.found, clientInfo(request));
      return page;
    },
  );

  app.get(
    '/public/shares/:token/logo',
    { preHandler: app.limits.sharePagePerIp, schema: { tags, summary: "The partner's logo on this link (404 without one)", params: shareTokenParamsSchema } },
    async (request, reply) => {
      const opened = await openShare(app.ctx.db, request.params.token);
      if ('gone' in opened) return reply.status(410).send(opened.gone);
      const logo = await openShareLogo(app.ctx, opened.found);
      return reply
        .header('Content-Type', logo.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(logo.stream);
    },
  );

  app.post(
    '/public/shares/:token/change-requests',
    {
      preHandler: [app.limits.shareWritesPerIp, app.limits.changeRequestsPerShare],
      schema: {
        tags,
        summary: 'Ask for changes instead of signing: the partner and admins are told, and a finished proposal ticket becomes a revision request (409 once signed, 410 expired or revoked)',
        params: shareTokenParamsSchema,
        body: changeRequestBodySchema,
        response: { 201: changeRequestResponseSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createChangeRequest(app.ctx, request.params.token, request.body.change_request)),
  );

  registerSignatureRoutes(app);
};
