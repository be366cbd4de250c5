import { PAYING_SUBSCRIPTION_STATUSES, USER_DELETE_REFUSALS } from '@sunin/contract';
import { and, count, eq, isNull, ne, notInArray, or, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { auditEntries, billingSubscriptions, checkoutSessions, deals, earningEntries, payouts, projects, projectStageChanges, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { auditedFields, diff, recordAudit } from '../audit/audit.service.js';
import { closeSockets, endSessionsIn, userChanged } from '../auth/sessions.service.js';
import { assertAdminPassword } from './admin.service.js';

/** Subscription states after which the provider charges nothing more. */
const ENDED_SUBSCRIPTION_STATUSES = ['canceled', 'incomplete_expired'];

/** Whether `table` has a row where `where` holds. */
async function any(tx: Executor, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(table).where(where);
  return (row?.n ?? 0) > 0;
}

/** What keeps a user from being deleted: the records that would go with them and are not theirs alone to lose. */
async function heldRecords(tx: Executor, userId: number): Promise<string[]> {
  const held: string[] = [];
  if (await any(tx, projects, eq(projects.user_id, userId))) held.push('projects');
  if (await any(tx, earningEntries, eq(earningEntries.user_id, userId))) held.push('earnings-ledger entries');
  if (await any(tx, payouts, eq(payouts.user_id, userId))) held.push('payouts');
  return held;
}

/**
 * Whether the user's name is on records kept about others: their foreign keys are `set null`,
 * so deleting the user would silently erase who made the change (an audit entry about anyone
 * but themselves, a stage change, a deal, a payout or a ledger entry they recorded).
 */
async function actedOnOthers(tx: Executor, userId: number): Promise<boolean> {
  return (
    (await any(tx, auditEntries, and(eq(auditEntries.actor_id, userId), or(ne(auditEntries.entity_type, 'user'), ne(auditEntries.entity_id, userId))))) ||
    (await any(tx, projectStageChanges, eq(projectStageChanges.changed_by, userId))) ||
    (await any(tx, deals, eq(deals.recorded_by, userId))) ||
    (await any(tx, payouts, eq(payouts.paid_by, userId))) ||
    (await any(tx, earningEntries, eq(earningEntries.created_by, userId)))
  );
}

/**
 * A subscription the provider may still charge, or a checkout that may still become one: their
 * rows would go with the user while the provider went on billing a person the portal no longer has.
 */
async function stillBilled(tx: Executor, user: UserRow): Promise<boolean> {
  if (user.subscription_status && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status)) return true;
  return (
    (await any(tx, billingSubscriptions, and(eq(billingSubscriptions.user_id, user.id), isNull(billingSubscriptions.ended_at), notInArray(billingSubscriptions.provider_status, ENDED_SUBSCRIPTION_STATUSES)))) ||
    (await any(tx, checkoutSessions, and(eq(checkoutSessions.user_id, user.id), eq(checkoutSessions.status, 'open'))))
  );
}

/**
 * An administrator deletes a user (issue 34 item 2), with the administrator's password. Only a
 * user who holds nothing the business keeps: projects, earnings-ledger entries and payouts
 * answer 409 (they would go with the user through the foreign keys), as do a subscription the
 * provider may still charge or an open checkout, and a name on records kept about others. The rest that hangs on the user (sessions, tokens, accounts, notifications,
 * preferences, subscriptions' local rows) goes with the row in one transaction; the audit
 * trail keeps the entry and its actor. Never the administrator's own account (422).
 *
 * The user's row is locked first: a project or ledger entry being written for the user holds a
 * key-share lock on it, so the counts see every such write, and none can slip in after them.
 */
export async function deleteUser(ctx: AppContext, actor: UserRow, userId: number, currentPassword: string | undefined): Promise<void> {
  await assertAdminPassword(actor, currentPassword);
  if (actor.id === userId) throw new AppError('validation_failed', USER_DELETE_REFUSALS.self, { id: USER_DELETE_REFUSALS.self });
  const jtis = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!user) throw new AppError('not_found', 'User not found.');
    const held = await heldRecords(tx, userId);
    if (held.length > 0) throw new AppError('conflict', USER_DELETE_REFUSALS.owns(held.join(', ')));
    if (await stillBilled(tx, user)) throw new AppError('conflict', USER_DELETE_REFUSALS.paying);
    if (await actedOnOthers(tx, userId)) throw new AppError('conflict', USER_DELETE_REFUSALS.acted);
    const ended = await endSessionsIn(tx, userId, { allExcept: null }, 'signed_out_by_admin');
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, { actorId: actor.id, action: 'deleted', entityType: 'user', entityId: userId, changes: diff(user, null, auditedFields(user)) });
    return ended;
  });
  ctx.log.info({ adminId: actor.id, userId }, 'user deleted by an administrator');
  await userChanged(ctx, [userId]);
  await closeSockets(ctx, userId, jtis);
}
