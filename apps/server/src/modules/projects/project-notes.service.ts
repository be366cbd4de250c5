import { SITE_VISIT_MESSAGES, type ProjectNote } from '@sunin/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation, type Executor } from '../../db/client.js';
import { projectNotes, users, type ProjectNoteRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { recordProjectEvent } from '../audit/audit.service.js';
import { findProject, findWritableProject, isAdmin, touchProject, type ProjectScope } from './project-access.js';

/**
 * A project's notes (issue 41 item 2): written at a site visit by the project's owner or an
 * administrator, listed oldest first (a visit's notes read in the order they were taken),
 * never edited, deleted by their author or an administrator. Each write is an event of the
 * project's timeline (note_created, note_deleted) with the note's text.
 */

const selection = {
  note: projectNotes,
  authorName: sql<string | null>`nullif(trim(${users.first_name} || ' ' || ${users.last_name}), '')`,
};

function toNote(row: ProjectNoteRow, authorName: string | null): ProjectNote {
  return { id: row.id, project_id: row.project_id, body: row.body, author_id: row.author_id, author_name: authorName, created_at: row.created_at.toISOString() };
}

async function findNote(db: Executor, projectId: number, where: ReturnType<typeof eq>): Promise<ProjectNote | undefined> {
  const [found] = await db.select(selection).from(projectNotes).leftJoin(users, eq(users.id, projectNotes.author_id)).where(and(eq(projectNotes.project_id, projectId), where)).limit(1);
  return found ? toNote(found.note, found.authorName) : undefined;
}

export async function listNotes(ctx: AppContext, scope: ProjectScope, projectId: number, limit: number, offset: number): Promise<{ rows: ProjectNote[]; total: number }> {
  await findProject(ctx.db, scope, projectId);
  const [totals] = await ctx.db.select({ n: count() }).from(projectNotes).where(eq(projectNotes.project_id, projectId));
  const rows = await ctx.db
    .select(selection)
    .from(projectNotes)
    .leftJoin(users, eq(users.id, projectNotes.author_id))
    .where(eq(projectNotes.project_id, projectId))
    .orderBy(asc(projectNotes.id))
    .limit(limit)
    .offset(offset);
  return { rows: rows.map(({ note, authorName }) => toNote(note, authorName)), total: totals?.n ?? 0 };
}

/**
 * Adds a note. With a `clientRef` (the Idempotency-Key) the project already has, the note made
 * then is answered and nothing is added, also when two copies race (the unique index decides).
 */
export async function createNote(ctx: AppContext, scope: ProjectScope, projectId: number, body: string, clientRef?: string): Promise<{ note: ProjectNote; replayed: boolean }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await findWritableProject(tx, scope, projectId);
      if (clientRef) {
        const existing = await findNote(tx, projectId, eq(projectNotes.client_ref, clientRef));
        if (existing) return { note: existing, replayed: true };
      }
      const [row] = await tx.insert(projectNotes).values({ project_id: projectId, author_id: scope.user.id, body, client_ref: clientRef ?? null }).returning();
      if (!row) throw new Error('insert returned no row');
      await touchProject(tx, projectId);
      await recordProjectEvent(tx, scope, { action: 'note_created', entityType: 'project', entityId: projectId, changes: { record_id: { before: null, after: row.id }, body: { before: null, after: row.body } } });
      const note = await findNote(tx, projectId, eq(projectNotes.id, row.id));
      return { note: note!, replayed: false };
    });
  } catch (error) {
    const raced = clientRef && isUniqueViolation(error) ? await findNote(ctx.db, projectId, eq(projectNotes.client_ref, clientRef)) : undefined;
    if (raced) return { note: raced, replayed: true };
    throw error;
  }
}

/** Deletes a note: its author, or an administrator (in either area); anyone else who sees the project gets 403. */
export async function deleteNote(ctx: AppContext, scope: ProjectScope, projectId: number, noteId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await findWritableProject(tx, scope, projectId);
    const [note] = await tx.select().from(projectNotes).where(and(eq(projectNotes.project_id, projectId), eq(projectNotes.id, noteId))).limit(1).for('update');
    if (!note) throw new AppError('not_found', SITE_VISIT_MESSAGES.noteNotFound);
    if (note.author_id !== scope.user.id && !scope.admin && !isAdmin(scope.user)) throw new AppError('forbidden', SITE_VISIT_MESSAGES.noteDeleteForbidden);
    await tx.delete(projectNotes).where(eq(projectNotes.id, note.id));
    await touchProject(tx, projectId);
    await recordProjectEvent(tx, scope, { action: 'note_deleted', entityType: 'project', entityId: projectId, changes: { record_id: { before: note.id, after: null }, body: { before: note.body, after: null } } });
  });
}
