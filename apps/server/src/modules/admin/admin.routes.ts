import {
  idParam,
  int4Id,
  accountCreateBodySchema,
  adminBulkStageBodySchema,
  adminBulkStageResultSchema,
  accountSchema,
  accountUpdateBodySchema,
  adminProjectListQuerySchema,
  adminReauthBodySchema,
  adminUserCreateBodySchema,
  adminUserListQuerySchema,
  adminUserSchema,
  adminUserUpdateBodySchema,
  duplicatesResponseSchema,
  endedSessionsSchema,
  pageQuerySchema,
  projectCreateSchema,
  projectSchema,
  projectUpdateBodySchema,
  referralSchema,
  idParamsSchema as projectParams,
} from '@sunin/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentSession, currentUser, refuseApiToken } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import type { ProjectScope } from '../projects/project-access.js';
import { authenticateExceptDownloads, registerProjectSubRoutes } from '../projects/project-record-routes.js';
import { listSiteDuplicates } from '../projects/project-duplicates.js';
import { createProject, getProject, listProjects, toProjectResponse, updateProject } from '../projects/projects.service.js';
import { toAdminUserResponse } from '../users/user-response.js';
import { endAllSessionsOf } from '../auth/sessions.service.js';
import { resetMfaByAdmin } from '../mfa/mfa.service.js';
import * as admin from './admin.service.js';
import { changeStages } from './bulk-stage.service.js';
import { deleteUser } from './delete-user.service.js';

const params = z.object({ id: idParam });
const adminScope = (request: FastifyRequest): ProjectScope => ({ user: currentUser(request), admin: true });

/**
 * public-site-and-admin.md 7 "Admin calls": every route answers 401 without a token and 403
 * unless the caller's company_role is full_access_admin.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateExceptDownloads(app, app.requireAdmin));
  app.addHook('onResponse', announceAdminWrites(app));

  // Users
  const userTags = ['Admin: users'];
  app.get('/admin/users', { schema: { tags: userTags, summary: 'All users, by first name; search (q), filter and sort', querystring: adminUserListQuerySchema, response: { 200: z.array(adminUserSchema) } } }, async (request, reply) => {
    const { rows, total } = await admin.listUsers(app.ctx, request.query);
    setPageHeaders(request, reply, request.query, total);
    return rows.map(toAdminUserResponse);
  });
  app.get('/admin/users/:id', { schema: { tags: userTags, params, response: { 200: adminUserSchema } } }, async (request) => toAdminUserResponse(await admin.getUser(app.ctx, request.params.id)));
  // Issue 34 item 2: the powerful writes take the acting admin's password (top-level
  // current_password), counted per session like a member's re-authentication (ASVS 6.3.1).
  // A create or an edit is refused for too many wrong passwords only when it carries one, so a
  // plain edit of a name always goes through; the two deletes always need it. An API token is
  // refused on all four, password or not (issue 40 item 1): they are re-authentication routes.
  const checkReauthWhenPasswordGiven: preHandlerAsyncHookHandler = async function (request, reply) {
    refuseApiToken(request);
    if ((request.body as { current_password?: unknown } | undefined)?.current_password !== undefined) await app.limits.reauthFailures.check.call(this, request, reply);
  };
  const { check: checkReauth, track: trackReauth } = app.limits.reauthFailures;
  // The deletes had no body before: a request without one is read as {} and answers 422 on
  // current_password, like the others, rather than 400 for a missing body.
  const bodyOrEmpty = async (request: FastifyRequest) => {
    request.body ??= {};
  };
  app.post(
    '/admin/users',
    { schema: { tags: userTags, summary: 'Create a user; an administrator (admin company role or account type) needs current_password, the acting admin’s own', body: adminUserCreateBodySchema, response: { 201: adminUserSchema } }, preHandler: checkReauthWhenPasswordGiven },
    async (request, reply) =>
      reply.status(201).send(toAdminUserResponse(await trackReauth(request, () => admin.createUser(app.ctx, request.body.user, currentUser(request), request.body.current_password)))),
  );
  app.put(
    '/admin/users/:id',
    {
      schema: {
        tags: userTags,
        summary: "Edit a user, including account type, company role and referrer. Granting an admin role or type, or changing the email, needs current_password (the acting admin's own); a new email tells the old address and ends the member's sessions",
        params,
        body: adminUserUpdateBodySchema,
        response: { 200: adminUserSchema },
      },
      preHandler: checkReauthWhenPasswordGiven,
    },
    async (request) => toAdminUserResponse(await trackReauth(request, () => admin.updateUser(app.ctx, request.params.id, request.body.user, currentSession(request), request.body.current_password))),
  );
  /** A delete on a user that needs only the acting admin's password (answers 204). */
  const deleteWithPassword = (url: string, summary: string, run: (actor: UserRow, userId: number, currentPassword: string | undefined) => Promise<unknown>) =>
    app.delete(url, { schema: { tags: userTags, summary, params, body: adminReauthBodySchema }, preValidation: bodyOrEmpty, preHandler: checkReauth }, async (request, reply) => {
      await trackReauth(request, () => run(currentUser(request), request.params.id, request.body.current_password));
      return reply.status(204).send();
    });
  deleteWithPassword(
    '/admin/users/:id',
    "Delete a user who holds no projects, earnings-ledger entries or payouts, may not still be billed and made no change kept about others (409 otherwise); needs current_password (the acting admin's own); never yourself",
    (actor, userId, currentPassword) => deleteUser(app.ctx, actor, userId, currentPassword),
  );
  app.delete('/admin/users/:id/sessions', { schema: { tags: userTags, summary: "End every session of the user (ASVS 7.4.5): their tokens answer 401 at once and their websockets close", params, response: { 200: endedSessionsSchema } } }, async (request) => ({
    ended: await endAllSessionsOf(app.ctx, request.params.id, currentUser(request).id),
  }));
  deleteWithPassword(
    '/admin/users/:id/mfa',
    "Turn off the user's two-factor sign-in after proving who they are (ASVS 6.4.4; lost device and recovery codes), with current_password (the acting admin's own): every session ends and the user is told by email",
    (actor, userId, currentPassword) => resetMfaByAdmin(app.ctx, actor, userId, currentPassword),
  );
  app.get('/admin/users/:id/accounts', { schema: { tags: userTags, params, response: { 200: z.array(accountSchema) } } }, async (request) => {
    await admin.getUser(app.ctx, request.params.id);
    return admin.listAccounts(app.ctx, request.params.id);
  });
  app.get('/admin/users/:id/referrals', { schema: { tags: userTags, summary: "The user's referrals (leads)", params, response: { 200: z.array(referralSchema) } } }, async (request) => {
    await admin.getUser(app.ctx, request.params.id);
    return admin.listReferrals(app.ctx, request.params.id);
  });
  app.get(
    '/admin/users/:id/projects',
    { schema: { tags: userTags, params, querystring: adminProjectListQuerySchema.pick({ page: true, stage_filter: true }).extend({ per_page: pageQuerySchema.shape.per_page.default(100) }), response: { 200: z.array(projectSchema) } } },
    async (request, reply) => {
      await admin.getUser(app.ctx, request.params.id);
      const { rows, total } = await listProjects(app.ctx, adminScope(request), request.query, { ownerId: request.params.id, stages: admin.stageFilter(request.query.stage_filter) });
      setPageHeaders(request, reply, request.query, total);
      return rows.map(toProjectResponse);
    },
  );

  // Accounts and referrals
  const accountTags = ['Admin: accounts and referrals'];
  app.get('/admin/accounts', { schema: { tags: accountTags, response: { 200: z.array(accountSchema) } } }, async () => admin.listAccounts(app.ctx));
  app.get('/admin/accounts/:id', { schema: { tags: accountTags, params, response: { 200: accountSchema } } }, async (request) => admin.getAccount(app.ctx, request.params.id));
  app.post('/admin/accounts', { schema: { tags: accountTags, body: accountCreateBodySchema, response: { 201: accountSchema } } }, async (request, reply) =>
    reply.status(201).send(await admin.createAccount(app.ctx, request.body.account, currentUser(request).id)),
  );
  app.put('/admin/accounts/:id', { schema: { tags: accountTags, params, body: accountUpdateBodySchema, response: { 200: accountSchema } } }, async (request) =>
    admin.updateAccount(app.ctx, request.params.id, request.body.account, currentUser(request).id),
  );
  app.delete('/admin/accounts/:id', { schema: { tags: accountTags, params } }, async (request, reply) => {
    await admin.deleteAccount(app.ctx, request.params.id, currentUser(request).id);
    return reply.status(204).send();
  });
  app.get('/admin/referrals', { schema: { tags: accountTags, response: { 200: z.array(referralSchema) } } }, async () => admin.listReferrals(app.ctx));
  app.get('/admin/referrals/:id', { schema: { tags: accountTags, params, response: { 200: referralSchema } } }, async (request) => admin.getReferral(app.ctx, request.params.id));

  // Projects
  const projectTags = ['Admin: projects'];
  app.get('/admin/projects', { schema: { tags: projectTags, summary: 'All projects, newest updated_at first; search (q), filter and sort', querystring: adminProjectListQuerySchema, response: { 200: z.array(projectSchema) } } }, async (request, reply) => {
    const { rows, total } = await listProjects(app.ctx, adminScope(request), request.query, await admin.projectListFilter(app.ctx.db, request.query));
    setPageHeaders(request, reply, request.query, total);
    return rows.map(toProjectResponse);
  });
  app.post(
    '/admin/projects',
    { schema: { tags: projectTags, body: z.object({ project: projectCreateSchema.extend({ user_id: int4Id('user_id', 'The owner is required.') }) }), response: { 201: projectSchema } } },
    async (request, reply) => {
      const { user_id, ...fields } = request.body.project;
      if (!(await admin.usersExist(app.ctx, [user_id]))) throw new AppError('validation_failed', 'The owner does not exist.', { user_id: 'The owner does not exist.' });
      const created = await createProject(app.ctx, adminScope(request), fields, user_id);
      return reply.status(201).send(toProjectResponse(await getProject(app.ctx, adminScope(request), created.id)));
    },
  );
  app.post(
    '/admin/projects/stage_changes',
    {
      schema: {
        tags: projectTags,
        summary: 'Set one stage on several projects (at most 100): each change in its own transaction, audited and notified like PUT /admin/projects/:id; the answer lists what changed, what already had the stage and what failed',
        body: adminBulkStageBodySchema,
        response: { 200: adminBulkStageResultSchema },
      },
    },
    async (request) => changeStages(app.ctx, adminScope(request), request.body),
  );
  app.get('/admin/projects/:id', { schema: { tags: projectTags, params: projectParams, response: { 200: projectSchema } } }, async (request) => {
    return toProjectResponse(await getProject(app.ctx, adminScope(request), request.params.id));
  });
  app.get(
    '/admin/projects/:id/duplicates',
    { schema: { tags: projectTags, summary: 'Other projects at the same site (normalised address), any partner’s, at most 20, oldest first', params: projectParams, response: { 200: duplicatesResponseSchema } } },
    async (request) => ({ duplicates: await listSiteDuplicates(app.ctx.db, request.params.id) }),
  );
  app.put(
    '/admin/projects/:id',
    { schema: { tags: projectTags, summary: 'Edit a project; setting project_stage notifies its owner', params: projectParams, body: projectUpdateBodySchema, response: { 200: projectSchema } } },
    async (request) => {
      return toProjectResponse(await updateProject(app.ctx, adminScope(request), request.params.id, request.body.project));
    },
  );
  app.delete('/admin/projects/:id', { schema: { tags: projectTags, params: projectParams } }, async (request, reply) => {
    await admin.deleteProject(app.ctx, request.params.id, currentUser(request).id);
    return reply.status(204).send();
  });

  registerProjectSubRoutes(app, { prefix: '/admin/projects', scopeOf: adminScope, updateMethod: 'put', downloadAuth: app.requireAdminOrCookie, tagPrefix: 'Admin: ', withTickets: false });
};
