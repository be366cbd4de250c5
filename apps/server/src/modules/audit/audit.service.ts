import { ADMIN_ONLY_PROJECT_ACTIONS, type AdminAuditQuery, type AuditChanges, type AuditEntityType, type AuditEntry, type ProjectActivityQuery } from '@sunin/contract';
import { and, count, desc, eq, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { auditEntries, proposalTickets, users } from '../../db/schema/index.js';
import { offsetOf } from '../../lib/pagination.js';

/**
 * Fields never written to the audit trail, whatever the entity: secrets and their digests
 * (docs/decisions/015-audit-trail-audit.md).
 */
const SECRET_FIELDS = new Set(['password', 'password_digest', 'mfa_secret', 'mfa_last_step', 'token', 'token_digest', 'stripe_customer_id', 'stripe_subscription_id']);

export interface AuditRecord {
  /** Null when no signed-in user acted: a customer through their link (issue 36 items 4 and 5). */
  actorId: number | null;
  action: string;
  entityType: AuditEntityType;
  entityId: number;
  changes?: AuditChanges;
}

const comparable = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value ?? null);

/** Each of `fields` whose value differs between the two rows, with its value before and after. */
export function diff(before: Record<string, unknown> | null, after: Record<string, unknown> | null, fields: readonly string[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (SECRET_FIELDS.has(field)) continue;
    const was = comparable(before?.[field]);
    const now = comparable(after?.[field]);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = { before: was, after: now };
  }
  return changes;
}

/**
 * The bookkeeping columns: when a row was written, and when a project entered its stage (the
 * stage change itself is audited); and a project's columns derived from others (migration 0019:
 * its stage's rank and its site's key follow the stage and the address, its deal value the deal,
 * each audited where it is written).
 */
export const STAMP_FIELDS = new Set(['created_at', 'updated_at', 'stage_entered_at', 'stage_rank', 'site_key', 'deal_value_cents']);

/** The fields of a row an entry may show: all but the secrets and the bookkeeping columns. */
export const auditedFields = (row: Record<string, unknown>): string[] => Object.keys(row).filter((field) => !SECRET_FIELDS.has(field) && !STAMP_FIELDS.has(field));

/** Writes one entry with the caller's transaction, so it exists exactly when the write does. */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await tx.insert(auditEntries).values({
    actor_id: record.actorId,
    action: record.action,
    entity_type: record.entityType,
    entity_id: record.entityId,
    changes: record.changes ?? {},
  });
}

/** The ids of a project's proposal tickets, as a subquery. */
const ticketIdsOf = (projectId: number) => sql`(select ${proposalTickets.id} from ${proposalTickets} where ${proposalTickets.project_id} = ${projectId})`;

/**
 * The entries of one entity. A project's include those of its proposal tickets: the ticket is
 * the project's Proposal tab, and its contacts, links and files are already recorded under it.
 */
function entityWhere(type: AuditEntityType | undefined, id: number | undefined): SQL | undefined {
  const own = and(type === undefined ? undefined : eq(auditEntries.entity_type, type), id === undefined ? undefined : eq(auditEntries.entity_id, id));
  if (type !== 'project' || id === undefined) return own;
  return or(own, and(eq(auditEntries.entity_type, 'proposal_ticket'), inArray(auditEntries.entity_id, ticketIdsOf(id))));
}

/** GET /api/admin/audit: newest first, filtered by entity and actor. */
export async function listAudit(ctx: AppContext, query: AdminAuditQuery, also?: SQL): Promise<{ rows: AuditEntry[]; total: number }> {
  const where = and(entityWhere(query.entity_type, query.entity_id), query.actor_id === undefined ? undefined : eq(auditEntries.actor_id, query.actor_id), also);
  const [totals] = await ctx.db.select({ n: count() }).from(auditEntries).where(where);
  const rows = await ctx.db
    .select({ entry: auditEntries, actorName: sql<string | null>`${users.first_name} || ' ' || ${users.last_name}` })
    .from(auditEntries)
    .leftJoin(users, eq(users.id, auditEntries.actor_id))
    .where(where)
    .orderBy(desc(auditEntries.created_at), desc(auditEntries.id))
    .limit(query.per_page)
    .offset(offsetOf(query));
  return {
    rows: rows.map(({ entry, actorName }) => ({
      id: entry.id,
      actor_id: entry.actor_id,
      actor_name: actorName,
      action: entry.action,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id,
      changes: entry.changes,
      created_at: entry.created_at.toISOString(),
    })),
    total: totals?.n ?? 0,
  };
}

/**
 * A write through the shared project services, by the member or the admin area: one event
 * (DESIGN.md "Events") that the admin audit trail and the project's timeline both read.
 */
export async function recordProjectEvent(tx: Executor, scope: { user: { id: number } }, record: Omit<AuditRecord, 'actorId'>): Promise<void> {
  await recordAudit(tx, { ...record, actorId: scope.user.id });
}

/**
 * GET /api/projects/{id}/activity (issue 18 item 2): the project's events and its proposal
 * tickets', newest first; a member does not see the admin-only ones (the deal's figures).
 */
export async function listProjectActivity(ctx: AppContext, projectId: number, query: ProjectActivityQuery, admin: boolean): Promise<{ rows: AuditEntry[]; total: number }> {
  return listAudit(ctx, { ...query, entity_type: 'project', entity_id: projectId }, admin ? undefined : notInArray(auditEntries.action, [...ADMIN_ONLY_PROJECT_ACTIONS]));
}
