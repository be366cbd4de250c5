import {
  contactCreateBodySchema,
  contactSchema,
  contactUpdateBodySchema,
  deleteAttachmentBodySchema,
  pageQuerySchema,
  projectCreateBodySchema,
  projectCreatedResponseSchema,
  projectLinkCreateBodySchema,
  projectLinkSchema,
  projectLinkUpdateBodySchema,
  projectSchema,
  projectUpdateBodySchema,
  storedFileSchema,
  ticketCreateBodySchema,
  ticketSchema,
  ticketUpdateBodySchema,
} from '@sunin/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StoredFileKind, StoredFileRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { setPageHeaders } from '../../lib/pagination.js';
import { currentUser } from '../../plugins/auth.js';
import {
  ATTACHMENT_ROUTES,
  contentDisposition,
  deleteAttachment,
  listAttachments,
  openAttachment,
  uploadAttachment,
} from './attachments.service.js';
import { memberScope } from './project-access.js';
import { contactRecords, linkRecords, ticketRecords, type projectRecords } from './project-records.service.js';
import { createProject, getProject, listProjects, projectStatistics, toProjectResponse, updateProject } from './projects.service.js';

const tags = ['Projects'];
const id = z.coerce.number({ error: 'The id must be a number.' }).int().positive().max(2_147_483_647);
const projectParams = z.object({ id });
const recordParams = z.object({ id, recordId: id });
const iso = (value: Date) => value.toISOString();
const withDates = <T extends { created_at: Date; updated_at: Date }>(row: T) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) });

/** Files are reached through the API; the URL works in <img src> and links (cookie auth). */
function toStoredFileResponse(row: StoredFileRow) {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    url: `/api/projects/${row.project_id}/${ATTACHMENT_ROUTES[row.kind]}/${row.id}/download`,
    content_type: row.content_type,
    byte_size: row.byte_size,
    created_at: iso(row.created_at),
  };
}

/**
 * The five routes of a project sub-record (member-app.md 7): POST, GET list, GET one, PATCH,
 * DELETE under /projects/{id}/<path>[/{recordId}], with the body wrapped in `{<wrapper>}`.
 */
function registerRecordRoutes<Wrapper extends string>(
  app: FastifyInstance,
  options: {
    path: string;
    wrapper: Wrapper;
    label: string;
    records: ReturnType<typeof projectRecords>;
    createBody: z.ZodType<Record<Wrapper, Record<string, unknown>>>;
    updateBody: z.ZodType<Record<Wrapper, Record<string, unknown>>>;
    response: z.ZodType;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { path, wrapper, label, records, response } = options;
  const schemaTags = [label];
  const toResponse = (row: Parameters<typeof withDates>[0]) => withDates(row);

  typed.post(`/projects/:id/${path}`, { schema: { tags: schemaTags, params: projectParams, body: options.createBody, response: { 201: response } } }, async (request, reply) => {
    const { project_id: _ignored, ...values } = (request.body as Record<string, Record<string, unknown>>)[wrapper] ?? {};
    const row = await records.create(app.ctx, memberScope(currentUser(request)), request.params.id, values);
    return reply.status(201).send(toResponse(row as never));
  });
  typed.get(`/projects/:id/${path}`, { schema: { tags: schemaTags, params: projectParams, querystring: pageQuerySchema.extend({ per_page: pageQuerySchema.shape.per_page.default(100) }), response: { 200: z.array(response) } } }, async (request, reply) => {
    const { page, per_page } = request.query;
    const { rows, total } = await records.list(app.ctx, memberScope(currentUser(request)), request.params.id, per_page, (page - 1) * per_page);
    setPageHeaders(request, reply, request.query, total);
    return rows.map((row) => toResponse(row as never));
  });
  typed.get(`/projects/:id/${path}/:recordId`, { schema: { tags: schemaTags, params: recordParams, response: { 200: response } } }, async (request) =>
    toResponse((await records.get(app.ctx, memberScope(currentUser(request)), request.params.id, request.params.recordId)) as never),
  );
  typed.patch(`/projects/:id/${path}/:recordId`, { schema: { tags: schemaTags, params: recordParams, body: options.updateBody, response: { 200: response } } }, async (request) =>
    toResponse((await records.update(app.ctx, memberScope(currentUser(request)), request.params.id, request.params.recordId, (request.body as Record<string, Record<string, unknown>>)[wrapper] ?? {})) as never),
  );
  typed.delete(`/projects/:id/${path}/:recordId`, { schema: { tags: schemaTags, params: recordParams } }, async (request, reply) => {
    await records.remove(app.ctx, memberScope(currentUser(request)), request.params.id, request.params.recordId);
    return reply.status(204).send();
  });
}

function registerAttachmentRoutes(app: FastifyInstance, kind: StoredFileKind) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = ATTACHMENT_ROUTES[kind];
  const schemaTags = [kind === 'image' ? 'Photos' : 'Files'];

  typed.get(`/projects/:id/${path}`, { schema: { tags: schemaTags, params: projectParams, response: { 200: z.array(storedFileSchema) } } }, async (request, reply) => {
    const rows = await listAttachments(app.ctx, memberScope(currentUser(request)), request.params.id, kind);
    reply.header('X-Total-Count', String(rows.length));
    return rows.map(toStoredFileResponse);
  });

  typed.post(
    `/projects/:id/${path}`,
    { schema: { tags: schemaTags, summary: 'Upload one file (multipart/form-data, field "file")', params: projectParams, consumes: ['multipart/form-data'], response: { 201: storedFileSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
      }
      const part = await request.file({ limits: { fileSize: app.ctx.config.uploadMaxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') {
        throw new AppError('validation_failed', 'Choose a file to upload.', { file: 'Choose a file to upload.' });
      }
      const data = await part.toBuffer();
      const row = await uploadAttachment(app.ctx, memberScope(currentUser(request)), request.params.id, kind, { filename: part.filename, data });
      return reply.status(201).send(toStoredFileResponse(row));
    },
  );

  typed.get(
    `/projects/:id/${path}/:recordId/download`,
    { preHandler: app.requireUserOrCookie, schema: { tags: schemaTags, params: recordParams, querystring: z.object({ download: z.enum(['0', '1']).optional() }) } },
    async (request, reply) => {
      const { row, stream } = await openAttachment(app.ctx, memberScope(currentUser(request)), request.params.id, kind, request.params.recordId);
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Length', String(row.byte_size))
        .header('Content-Disposition', contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', row.name))
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(stream);
    },
  );

  typed.delete(`/projects/:id/${path}/:recordId`, { schema: { tags: schemaTags, params: recordParams, body: deleteAttachmentBodySchema } }, async (request, reply) => {
    await deleteAttachment(app.ctx, memberScope(currentUser(request)), request.params.id, kind, request.params.recordId);
    return reply.status(204).send();
  });
}

/** member-app.md 7 "Projects": every route checks that the project is the caller's (404 otherwise). */
export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', async (request, reply) => {
    // Download routes authenticate themselves (header or cookie); everything else needs the header.
    if (!request.routeOptions.url?.endsWith('/download')) await app.requireUser.call(app, request, reply);
  });

  app.post('/projects', { schema: { tags, body: projectCreateBodySchema, response: { 201: projectCreatedResponseSchema } } }, async (request, reply) => {
    const project = await createProject(app.ctx, memberScope(currentUser(request)), request.body.project);
    return reply.status(201).send({ projectId: project.id });
  });

  app.get('/projects', { schema: { tags, summary: 'My projects, newest updated_at first', querystring: pageQuerySchema, response: { 200: z.array(projectSchema) } } }, async (request, reply) => {
    const { rows, total } = await listProjects(app.ctx, memberScope(currentUser(request)), request.query);
    setPageHeaders(request, reply, request.query, total);
    return rows.map(({ project, ownerName }) => toProjectResponse(project, ownerName));
  });

  app.get(
    '/projects/statistics',
    {
      schema: {
        tags,
        summary: 'How many projects I have, by stage (the /home statistic)',
        response: { 200: z.object({ total: z.number(), working: z.number(), archived: z.number(), by_stage: z.record(z.string(), z.number()) }) },
      },
    },
    async (request) => projectStatistics(app.ctx, memberScope(currentUser(request))),
  );

  app.get('/projects/:id', { schema: { tags, params: projectParams, response: { 200: projectSchema } } }, async (request) => {
    const { project, ownerName } = await getProject(app.ctx, memberScope(currentUser(request)), request.params.id);
    return toProjectResponse(project, ownerName);
  });

  app.patch('/projects/:id', { schema: { tags, params: projectParams, body: projectUpdateBodySchema, response: { 200: projectSchema } } }, async (request) => {
    const scope = memberScope(currentUser(request));
    await updateProject(app.ctx, scope, request.params.id, request.body.project);
    const { project, ownerName } = await getProject(app.ctx, scope, request.params.id);
    return toProjectResponse(project, ownerName);
  });

  registerRecordRoutes(app, { path: 'contacts', wrapper: 'contact', label: 'Contacts', records: contactRecords as never, createBody: contactCreateBodySchema as never, updateBody: contactUpdateBodySchema as never, response: contactSchema });
  registerRecordRoutes(app, { path: 'project_links', wrapper: 'project_link', label: 'Project links', records: linkRecords as never, createBody: projectLinkCreateBodySchema as never, updateBody: projectLinkUpdateBodySchema as never, response: projectLinkSchema });
  registerRecordRoutes(app, { path: 'tickets', wrapper: 'ticket', label: 'Tickets', records: ticketRecords as never, createBody: ticketCreateBodySchema as never, updateBody: ticketUpdateBodySchema as never, response: ticketSchema });
  registerAttachmentRoutes(app, 'image');
  registerAttachmentRoutes(app, 'file');
};
