import {
  idParam,
  int4Id,
  accountCreateBodySchema,
  adminBulkStageBodySchema,
  adminBulkStageResultSchema,
  accountSchema,
  accountUpdateBodySchema,
  adminProjectListQuerySchema,
  adminUserCreateBodySchema,
  adminUserListQuerySchema,
  adminUserSchema,
  adminUserUpdateBodySchema,
  endedSessionsSchema,
  pageQuerySchema,
  projectCreateSchema,
  projectSchema,
  projectUpdateBodySchema,
  referralSchema,
} from '@sunin/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import type { ProjectScope } from '../projects/project-access.js';
import { authenticateExceptDownloads, projectParams, registerProjectSubRoutes } from '../projects/project-record-routes.js';
import { createProject, getProject, listProjects, toProjectResponse, updateProject } from '../projects/projects.service.js';
import { toAdminUserResponse } from '../users/user-response.js';
import { endAllSessionsOf } from '../auth/sessions.service.js';
import { resetMfaByAdmin } from '../mfa/mfa.service.js';
import * as admin from './admin.service.js';
import { changeStages } from './bulk-stage.service.js';

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
  app.post('/admin/users', { schema: { tags: userTags, body: adminUserCreateBodySchema, response: { 201: adminUserSchema } } }, async (request, reply) =>
    reply.status(201).send(toAdminUserResponse(await admin.createUser(app.ctx, request.body.user, currentUser(request).id))),
  );
  app.put('/admin/users/:id', { schema: { tags: userTags, summary: 'Edit a user, including account type, company role and referrer', params, body: adminUserUpdateBodySchema, response: { 200: adminUserSchema } } }, async (request) =>
    toAdminUserResponse(await admin.updateUser(app.ctx, request.params.id, request.body.user, currentUser(request).id)),
  );
  app.delete('/admin/users/:id/sessions', { schema: { tags: userTags, summary: "End every session of the user (ASVS 7.4.5): their tokens answer 401 at once and their websockets close", params, response: { 200: endedSessionsSchema } } }, async (request) => ({
    ended: await endAllSessionsOf(app.ctx, request.params.id, currentUser(request).id),
  }));
  app.delete(
    '/admin/users/:id/mfa',
    { schema: { tags: userTags, summary: "Turn off the user's two-factor sign-in after proving who they are (ASVS 6.4.4; lost device and recovery codes): every session ends and the user is told by email", params } },
    async (request, reply) => {
      await resetMfaByAdmin(app.ctx, currentUser(request).id, request.params.id);
      return reply.status(204).send();
    },
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
