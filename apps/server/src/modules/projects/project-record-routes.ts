import {
  idParam,
  idParamsSchema as projectParams,
  auditEntrySchema,
  contactCreateBodySchema,
  contactSchema,
  contactUpdateBodySchema,
  deleteAttachmentBodySchema,
  pageQuerySchema,
  projectActivityQuerySchema,
  projectLinkCreateBodySchema,
  projectLinkSchema,
  projectLinkUpdateBodySchema,
  storedFileSchema,
  ticketCreateBodySchema,
  ticketSchema,
  ticketUpdateBodySchema,
} from '@sunin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthHook } from '../../plugins/auth.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StoredFileKind, StoredFileRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { setPageHeaders } from '../../lib/pagination.js';
import {
  ATTACHMENT_ROUTES,
  contentDisposition,
  deleteAttachment,
  listAttachments,
  openAttachment,
  renameAttachment,
  uploadAttachment,
} from './attachments.service.js';
import { registerProjectEconomicsRoutes } from '../estimate/estimate.routes.js';
import { findProject, isAdmin } from './project-access.js';
import type { ProjectRoutesOptions } from './project-routes-options.js';
import { listProjectActivity } from '../audit/audit.service.js';
import { discardRestOfUpload, receiveUpload, uploadSource } from './upload-request.js';
import { idempotencyKeyOf } from './idempotency-key.js';
import { registerProjectNoteRoutes } from './project-notes.routes.js';
import { contactRecords, linkRecords, ticketRecords, type projectRecords } from './project-records.service.js';

const recordParams = z.object({ id: idParam, recordId: idParam });
const iso = (value: Date) => value.toISOString();
const withDates = <T extends { created_at: Date; updated_at: Date }>(row: T) => ({ ...row, created_at: iso(row.created_at), updated_at: iso(row.updated_at) });

/** Files are reached through the API; the URL also works in <img src> and links (cookie auth). */
export function toStoredFileResponse(row: StoredFileRow, prefix = '/projects') {
  return {
    id: row.id,
    project_id: row.project_id,
    name: row.name,
    url: `/api${prefix}/${row.project_id}/${ATTACHMENT_ROUTES[row.kind]}/${row.id}/download`,
    content_type: row.content_type,
    byte_size: row.byte_size,
    taken_at: row.taken_at ? iso(row.taken_at) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    created_at: iso(row.created_at),
  };
}

/**
 * The five routes of a project sub-record: POST, GET list, GET one, update, DELETE under
 * <prefix>/{id}/<path>[/{recordId}], with the body wrapped in `{<wrapper>}`.
 */
function registerRecordRoutes(
  app: FastifyInstance,
  options: ProjectRoutesOptions,
  record: {
    path: string;
    wrapper: string;
    label: string;
    records: ReturnType<typeof projectRecords>;
    createBody: z.ZodType;
    updateBody: z.ZodType;
    response: z.ZodType;
  },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, scopeOf } = options;
  const { path, wrapper, records, response } = record;
  const tags = [`${options.tagPrefix ?? ''}${record.label}`];
  const bodyOf = (request: FastifyRequest) => ((request.body ?? {}) as Record<string, Record<string, unknown>>)[wrapper] ?? {};
  const toResponse = (row: unknown) => withDates(row as { created_at: Date; updated_at: Date });

  typed.post(`${prefix}/:id/${path}`, { schema: { tags, params: projectParams, body: record.createBody, response: { 201: response } } }, async (request, reply) => {
    const { project_id: _ignored, ...values } = bodyOf(request);
    const row = await records.create(app.ctx, scopeOf(request), request.params.id, values);
    return reply.status(201).send(toResponse(row));
  });
  typed.get(
    `${prefix}/:id/${path}`,
    { schema: { tags, params: projectParams, querystring: pageQuerySchema.extend({ per_page: pageQuerySchema.shape.per_page.default(100) }), response: { 200: z.array(response) } } },
    async (request, reply) => {
      const { page, per_page } = request.query;
      const { rows, total } = await records.list(app.ctx, scopeOf(request), request.params.id, per_page, (page - 1) * per_page);
      setPageHeaders(request, reply, request.query, total);
      return rows.map(toResponse);
    },
  );
  typed.get(`${prefix}/:id/${path}/:recordId`, { schema: { tags, params: recordParams, response: { 200: response } } }, async (request) =>
    toResponse(await records.get(app.ctx, scopeOf(request), request.params.id, request.params.recordId)),
  );
  typed[options.updateMethod](`${prefix}/:id/${path}/:recordId`, { schema: { tags, params: recordParams, body: record.updateBody, response: { 200: response } } }, async (request) =>
    toResponse(await records.update(app.ctx, scopeOf(request), request.params.id, request.params.recordId, bodyOf(request))),
  );
  typed.delete(`${prefix}/:id/${path}/:recordId`, { schema: { tags, params: recordParams } }, async (request, reply) => {
    await records.remove(app.ctx, scopeOf(request), request.params.id, request.params.recordId);
    return reply.status(204).send();
  });
}

function registerAttachmentRoutes(app: FastifyInstance, options: ProjectRoutesOptions, kind: StoredFileKind) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, scopeOf } = options;
  const path = ATTACHMENT_ROUTES[kind];
  const wrapper = kind === 'image' ? 'image' : 'file';
  const tags = [`${options.tagPrefix ?? ''}${kind === 'image' ? 'Photos' : 'Files'}`];
  const respond = (row: StoredFileRow) => toStoredFileResponse(row, prefix);

  typed.get(`${prefix}/:id/${path}`, { schema: { tags, params: projectParams, response: { 200: z.array(storedFileSchema) } } }, async (request, reply) => {
    const rows = await listAttachments(app.ctx, scopeOf(request), request.params.id, kind);
    reply.header('X-Total-Count', String(rows.length));
    return rows.map(respond);
  });

  typed.get(`${prefix}/:id/${path}/:recordId`, { schema: { tags, params: recordParams, response: { 200: storedFileSchema } } }, async (request) => {
    const rows = await listAttachments(app.ctx, scopeOf(request), request.params.id, kind);
    const row = rows.find((candidate) => candidate.id === request.params.recordId);
    if (!row) throw new AppError('not_found', `${kind === 'image' ? 'Photo' : 'File'} not found.`);
    return respond(row);
  });

  typed.post(
    `${prefix}/:id/${path}`,
    {
      schema: {
        tags,
        summary:
          kind === 'image'
            ? 'Upload one photo (multipart/form-data: optional fields taken_at, latitude, longitude, then the field "file"). Its metadata is stripped from the stored bytes. An Idempotency-Key header (a UUID) makes a repeated request answer 200 with the photo it already stored.'
            : 'Upload one file (multipart/form-data, field "file"). An Idempotency-Key header (a UUID) makes a repeated request answer 200 with the file it already stored.',
        params: projectParams,
        consumes: ['multipart/form-data'],
        response: { 200: storedFileSchema, 201: storedFileSchema },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { row, replayed } = await receiveUpload(
        app,
        request,
        () => uploadAttachment(app.ctx, scope, request.params.id, kind, uploadSource(request, app.ctx.config.uploadMaxBytes), idempotencyKeyOf(request)),
        scope.user.id,
      );
      // A replay answers without reading the file it sent again.
      if (replayed) discardRestOfUpload(app, request);
      return reply.status(replayed ? 200 : 201).send(respond(row));
    },
  );

  if (options.updateMethod === 'put') {
    typed.put(
      `${prefix}/:id/${path}/:recordId`,
      { schema: { tags, summary: 'Rename a stored file', params: recordParams, body: z.object({ [wrapper]: z.object({ name: z.string().trim().min(1, 'Name is required.').max(200) }) }), response: { 200: storedFileSchema } } },
      async (request) => {
        const body = request.body as Record<string, { name: string }>;
        return respond(await renameAttachment(app.ctx, scopeOf(request), request.params.id, kind, request.params.recordId, body[wrapper]?.name ?? ''));
      },
    );
  }

  typed.get(
    `${prefix}/:id/${path}/:recordId/download`,
    {
      onRequest: options.downloadAuth,
      schema: {
        tags,
        summary:
          "The stored file (inline, or as an attachment with download=1). One `Range: bytes=` range answers 206 with Content-Range; a range past the end answers 416 (range_not_satisfiable); several ranges, a malformed one or If-Range get the whole file with 200",
        params: recordParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      // If-Range names a validator this route never sends, so it never matches: the whole file (RFC 9110 13.1.5).
      const rangeHeader = request.headers['if-range'] === undefined ? request.headers.range : undefined;
      const { row, stream, range } = await openAttachment(app.ctx, scopeOf(request), request.params.id, kind, request.params.recordId, rangeHeader);
      if (range) reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${row.byte_size}`);
      return reply
        .header('Content-Type', row.content_type)
        .header('Content-Length', String(range ? range.end - range.start + 1 : row.byte_size))
        .header('Accept-Ranges', 'bytes')
        .header('Content-Disposition', contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', row.name))
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(stream);
    },
  );

  typed.delete(`${prefix}/:id/${path}/:recordId`, { schema: { tags, params: recordParams, body: deleteAttachmentBodySchema } }, async (request, reply) => {
    await deleteAttachment(app.ctx, scopeOf(request), request.params.id, kind, request.params.recordId);
    return reply.status(204).send();
  });
}

/** Contacts, links, tickets (member only), photos, files and notes under a project; its estimate and usage import. */
export function registerProjectSubRoutes(app: FastifyInstance, options: ProjectRoutesOptions): void {
  registerRecordRoutes(app, options, { path: 'contacts', wrapper: 'contact', label: 'Contacts', records: contactRecords as never, createBody: contactCreateBodySchema, updateBody: contactUpdateBodySchema, response: contactSchema });
  registerRecordRoutes(app, options, { path: 'project_links', wrapper: 'project_link', label: 'Project links', records: linkRecords as never, createBody: projectLinkCreateBodySchema, updateBody: projectLinkUpdateBodySchema, response: projectLinkSchema });
  if (options.withTickets) {
    registerRecordRoutes(app, options, { path: 'tickets', wrapper: 'ticket', label: 'Tickets', records: ticketRecords as never, createBody: ticketCreateBodySchema, updateBody: ticketUpdateBodySchema, response: ticketSchema });
  }
  registerAttachmentRoutes(app, options, 'image');
  registerAttachmentRoutes(app, options, 'file');
  registerProjectNoteRoutes(app, options);
  registerProjectEconomicsRoutes(app, options);
  registerActivityRoute(app, options);
}

/**
 * GET <prefix>/{id}/activity (issue 18 item 2): the project's timeline for its owner and for
 * administrators, who read any project's (through either prefix) and also see the admin-only
 * events. Another member's project answers 404.
 */
function registerActivityRoute(app: FastifyInstance, options: ProjectRoutesOptions): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${options.prefix}/:id/activity`,
    {
      schema: {
        tags: [`${options.tagPrefix ?? ''}Project timeline`],
        summary: "The project's timeline, newest first: creation, stage changes, proposal requests and updates, contacts, links, photos, files and edits, with who and when",
        params: projectParams,
        querystring: projectActivityQuerySchema,
        response: { 200: z.array(auditEntrySchema) },
      },
    },
    async (request, reply) => {
      const asked = options.scopeOf(request);
      const scope = asked.admin || !isAdmin(asked.user) ? asked : { user: asked.user, admin: true };
      await findProject(app.ctx.db, scope, request.params.id);
      const { rows, total } = await listProjectActivity(app.ctx, request.params.id, request.query, scope.admin);
      setPageHeaders(request, reply, request.query, total);
      return rows;
    },
  );
}

/** A plugin-level hook that authenticates every route except downloads, which do it themselves. */
export function authenticateExceptDownloads(app: FastifyInstance, check: AuthHook): AuthHook {
  return async function (request, reply) {
    if (!request.routeOptions.url?.endsWith('/download')) await check.call(app, request, reply);
  };
}
