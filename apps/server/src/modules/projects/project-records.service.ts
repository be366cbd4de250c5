import { and, asc, count, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { auditedFields, diff, recordProjectEvent } from '../audit/audit.service.js';
import { contacts, projectLinks, tickets } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { findProject, findWritableProject, touchProject, type ProjectScope } from './project-access.js';

/**
 * A sub-record write by the admin area is recorded against its project: the action names the
 * record (`contact_updated`), and record_id names the record, with each changed field beside it.
 */
async function audit(tx: Executor, scope: ProjectScope, projectId: number, action: string, recordId: number, before: Record<string, unknown> | null, after: Record<string, unknown> | null): Promise<void> {
  const fields = auditedFields(before ?? after ?? {}).filter((field) => field !== 'id' && field !== 'project_id');
  const changes = diff(before, after, fields);
  if (before && after && Object.keys(changes).length === 0) return;
  await recordProjectEvent(tx, scope, { action, entityType: 'project', entityId: projectId, changes: { record_id: { before: before ? recordId : null, after: after ? recordId : null }, ...changes } });
}

type RecordTable = PgTable & { id: PgColumn; project_id: PgColumn; updated_at: PgColumn };

/**
 * Contacts, project links and tickets share one shape: rows under a project, reached only
 * through a project the scope may see (404 otherwise), written only by a scope that may write.
 * One service serves all three, for members and the admin area alike.
 */
export function projectRecords<Table extends RecordTable, Row extends { id: number; project_id: number }, Insert>(table: Table, label: string, auditName: string) {
  const notFound = () => new AppError('not_found', `${label} not found.`);
  // Drizzle's builders cannot infer rows from a generic table; the public signatures carry the types.
  const t = table as unknown as typeof contacts;
  const scoped = (projectId: number, id: number) => and(eq(t.project_id, projectId), eq(t.id, id));

  return {
    async list(ctx: AppContext, scope: ProjectScope, projectId: number, limit = 100, offset = 0): Promise<{ rows: Row[]; total: number }> {
      await findProject(ctx.db, scope, projectId);
      const [totals] = await ctx.db.select({ n: count() }).from(t).where(eq(t.project_id, projectId));
      const rows = await ctx.db.select().from(t).where(eq(t.project_id, projectId)).orderBy(asc(t.id)).limit(limit).offset(offset);
      return { rows: rows as unknown as Row[], total: totals?.n ?? 0 };
    },

    async get(ctx: AppContext, scope: ProjectScope, projectId: number, id: number): Promise<Row> {
      await findProject(ctx.db, scope, projectId);
      const [row] = await ctx.db.select().from(t).where(scoped(projectId, id)).limit(1);
      if (!row) throw notFound();
      return row as unknown as Row;
    },

    async create(ctx: AppContext, scope: ProjectScope, projectId: number, values: Insert): Promise<Row> {
      return ctx.db.transaction(async (tx) => {
        await findWritableProject(tx, scope, projectId);
        const [row] = await tx
          .insert(t)
          .values({ ...(values as object), project_id: projectId } as typeof contacts.$inferInsert)
          .returning();
        await touchProject(tx, projectId);
        if (row) await audit(tx, scope, projectId, `${auditName}_created`, row.id, null, row);
        return row as unknown as Row;
      });
    },

    async update(ctx: AppContext, scope: ProjectScope, projectId: number, id: number, values: Partial<Insert>): Promise<Row> {
      return ctx.db.transaction(async (tx) => {
        await findWritableProject(tx, scope, projectId);
        const [before] = await tx.select().from(t).where(scoped(projectId, id)).limit(1).for('update');
        const [row] = await tx
          .update(t)
          .set({ ...(values as object), updated_at: new Date() } as Partial<typeof contacts.$inferInsert>)
          .where(scoped(projectId, id))
          .returning();
        if (!row) throw notFound();
        await touchProject(tx, projectId);
        await audit(tx, scope, projectId, `${auditName}_updated`, id, before ?? null, row);
        return row as unknown as Row;
      });
    },

    async remove(ctx: AppContext, scope: ProjectScope, projectId: number, id: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        await findWritableProject(tx, scope, projectId);
        const [deleted] = await tx.delete(t).where(scoped(projectId, id)).returning();
        if (!deleted) throw notFound();
        await touchProject(tx, projectId);
        await audit(tx, scope, projectId, `${auditName}_deleted`, id, deleted, null);
      });
    },
  };
}

export const contactRecords = projectRecords<typeof contacts, typeof contacts.$inferSelect, Omit<typeof contacts.$inferInsert, 'project_id'>>(contacts, 'Contact', 'contact');
export const linkRecords = projectRecords<typeof projectLinks, typeof projectLinks.$inferSelect, Omit<typeof projectLinks.$inferInsert, 'project_id'>>(projectLinks, 'Link', 'link');
export const ticketRecords = projectRecords<typeof tickets, typeof tickets.$inferSelect, Omit<typeof tickets.$inferInsert, 'project_id'>>(tickets, 'Ticket', 'ticket');
