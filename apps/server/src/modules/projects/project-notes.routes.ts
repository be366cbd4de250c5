import { idParamsSchema as projectParams, noteCreateBodySchema, noteParamsSchema, pageQuerySchema, projectNoteSchema } from '@sunin/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setPageHeaders } from '../../lib/pagination.js';
import { idempotencyKeyOf } from './idempotency-key.js';
import { createNote, deleteNote, listNotes } from './project-notes.service.js';
import type { ProjectScope } from './project-access.js';

/**
 * <prefix>/{id}/notes (issue 41 item 2): list (oldest first), add (with an optional
 * Idempotency-Key: the same key again answers 200 with the note it made), delete (author or admin).
 */
export function registerProjectNoteRoutes(app: FastifyInstance, options: { prefix: string; scopeOf(request: FastifyRequest): ProjectScope; tagPrefix?: string }): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { prefix, scopeOf } = options;
  const tags = [`${options.tagPrefix ?? ''}Notes`];

  typed.get(
    `${prefix}/:id/notes`,
    {
      schema: {
        tags,
        summary: "The project's notes, oldest first",
        params: projectParams,
        querystring: pageQuerySchema.extend({ per_page: pageQuerySchema.shape.per_page.default(100) }),
        response: { 200: z.array(projectNoteSchema) },
      },
    },
    async (request, reply) => {
      const { page, per_page } = request.query;
      const { rows, total } = await listNotes(app.ctx, scopeOf(request), request.params.id, per_page, (page - 1) * per_page);
      setPageHeaders(request, reply, request.query, total);
      return rows;
    },
  );

  typed.post(
    `${prefix}/:id/notes`,
    {
      schema: {
        tags,
        summary: 'Add a note. An Idempotency-Key header (a UUID) makes a repeated request answer 200 with the note it already made.',
        params: projectParams,
        body: noteCreateBodySchema,
        response: { 200: projectNoteSchema, 201: projectNoteSchema },
      },
    },
    async (request, reply) => {
      const { note, replayed } = await createNote(app.ctx, scopeOf(request), request.params.id, request.body.note.body, idempotencyKeyOf(request));
      return reply.status(replayed ? 200 : 201).send(note);
    },
  );

  typed.delete(`${prefix}/:id/notes/:noteId`, { schema: { tags, summary: 'Delete a note (its author or an administrator)', params: noteParamsSchema } }, async (request, reply) => {
    await deleteNote(app.ctx, scopeOf(request), request.params.id, request.params.noteId);
    return reply.status(204).send();
  });
}
