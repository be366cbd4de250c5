import { type Project, projectCreateBodySchema, projectListQuerySchema, projectStatisticsSchema, projectCreatedResponseSchema, projectSchema, projectUpdateBodySchema, storageUsageSchema, idParamsSchema as projectParams } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { writtenAnswer } from '../../lib/response-serializer.js';
import { currentUser } from '../../plugins/auth.js';
import { memberScope } from './project-access.js';
import { authenticateExceptDownloads, registerProjectSubRoutes } from './project-record-routes.js';
import { memberProjectPageJson } from './project-json.js';
import { createProject, getProject, listProjects, projectStatistics, toProjectResponse, updateProject } from './projects.service.js';
import { getStorageUsage } from './storage-usage.js';
import { ownProjectListFilter } from './project-list.js';
import { withdrawNewProject } from './withdraw-project.js';

const tags = ['Projects'];

/** member-app.md 7 "Projects": every route checks that the project is the caller's (404 otherwise). */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', authenticateExceptDownloads(app, app.requireUser));
  const scopeOf = (request: Parameters<typeof currentUser>[0]) => memberScope(currentUser(request));

  app.post('/projects', { schema: { tags, body: projectCreateBodySchema, response: { 201: projectCreatedResponseSchema } } }, async (request, reply) => {
    const project = await createProject(app.ctx, scopeOf(request), request.body.project);
    return reply.status(201).send({ projectId: project.id });
  });

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: 'My projects, newest updated_at first: searched (q: company, address, city, id), filtered (stage, state, stalled, open_proposal) and sorted as the admin lists are',
        querystring: projectListQuerySchema,
        response: { 200: z.array(projectSchema) },
      },
      // The two reads a member makes most (issue 42 item 1): the contract's fields in order; the plain page as its query writes it (decision 063).
      config: { exactAnswer: true },
    },
    async (request, reply) => {
      const { page, per_page, ...query } = request.query;
      if (Object.values(query).every((value) => value === undefined)) {
        const { json, total } = await memberProjectPageJson(app.ctx, currentUser(request).id, { page, per_page });
        setPageHeaders(request, reply, request.query, total);
        return writtenAnswer<Project[]>(json);
      }
      const { rows, total } = await listProjects(app.ctx, scopeOf(request), { page, per_page }, await ownProjectListFilter(app.ctx.db, query));
      setPageHeaders(request, reply, request.query, total);
      return rows.map(toProjectResponse);
    },
  );

  app.get(
    '/projects/statistics',
    {
      schema: {
        tags,
        summary: 'How many projects I have by stage, or the whole company has for a full_access_admin (the /home statistic)',
        response: { 200: projectStatisticsSchema },
      },
    },
    async (request) => projectStatistics(app.ctx, currentUser(request)),
  );

  app.get('/projects/:id', { schema: { tags, params: projectParams, response: { 200: projectSchema } }, config: { exactAnswer: true } }, async (request) => {
    return toProjectResponse(await getProject(app.ctx, scopeOf(request), request.params.id));
  });

  app.patch('/projects/:id', { schema: { tags, params: projectParams, body: projectUpdateBodySchema, response: { 200: projectSchema } } }, async (request) => {
    return toProjectResponse(await updateProject(app.ctx, scopeOf(request), request.params.id, request.body.project));
  });

  app.delete(
    '/projects/:id',
    { schema: { tags, summary: 'Delete my project made by mistake: within 24 hours of creating it, at Project Initiation, with no proposal request, files or deal (422 otherwise)', params: projectParams } },
    async (request, reply) => {
      await withdrawNewProject(app.ctx, scopeOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // The caller's storage quota (issue 13): the photos and files under their own projects.
  app.get(
    '/user/storage',
    { schema: { tags: ['Storage'], summary: 'Bytes stored under my projects and my quota', response: { 200: storageUsageSchema } } },
    async (request) => getStorageUsage(app.ctx, currentUser(request).id),
  );

  registerProjectSubRoutes(app, { prefix: '/projects', scopeOf, updateMethod: 'patch', downloadAuth: app.requireUserOrCookie, withTickets: true });
};
