import { PAYING_SUBSCRIPTION_STATUSES } from '@sunin/contract';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { earningEntries, payouts, projects, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { auditedFields, diff, recordAudit } from '../audit/audit.service.js';
import { closeSockets, endSessionsIn, userChanged } from '../auth/sessions.service.js';
import { assertAdminPassword } from './admin.service.js';

export const DELETE_USER_MESSAGES = {
  self: 'You cannot delete your own account.',
  owns: (what: string) => `This user still has ${what}: reassign or archive first.`,
  paying: 'This user has a paying subscription: cancel it first.',
} as const;

/** What keeps a user from being deleted: the records that would go with them and are not theirs alone to lose. */
async function heldRecords(tx: Executor, userId: number): Promise<string[]> {
  const held: string[] = [];
  const countOf = async (table: typeof projects | typeof earningEntries | typeof payouts) => (await tx.select({ n: count() }).from(table).where(eq(table.user_id, userId)))[0]?.n ?? 0;
  if ((await countOf(projects)) > 0) held.push('projects');
  if ((await countOf(earningEntries)) > 0) held.push('earnings-ledger entries');
  if ((await countOf(payouts)) > 0) held.push('payouts');
  return held;
}

/**
 * An administrator deletes a user (issue 34 item 2), with the administrator's password. Only a
 * user who holds nothing the business keeps: projects, earnings-ledger entries and payouts
 * answer 409 (they would go with the user through the foreign keys), as does a paying
 * subscription. The rest that hangs on the user (sessions, tokens, accounts, notifications,
 * preferences, subscriptions' local rows) goes with the row in one transaction; the audit
 * trail keeps the entry and its actor. Never the administrator's own account (422).
 *
 * The user's row is locked first: a project or ledger entry being written for the user holds a
 * key-share lock on it, so the counts see every such write, and none can slip in after them.
 */
export async function deleteUser(ctx: AppContext, actor: UserRow, userId: number, currentPassword: string | undefined): Promise<void> {
  await assertAdminPassword(actor, currentPassword);
  if (actor.id === userId) throw new AppError('validation_failed', DELETE_USER_MESSAGES.self, { id: DELETE_USER_MESSAGES.self });
  const jtis = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
    if (!user) throw new AppError('not_found', 'User not found.');
    const held = await heldRecords(tx, userId);
    if (held.length > 0) throw new AppError('conflict', DELETE_USER_MESSAGES.owns(held.join(', ')));
    if (user.subscription_status && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status)) throw new AppError('conflict', DELETE_USER_MESSAGES.paying);
    const ended = await endSessionsIn(tx, userId, { allExcept: null }, 'signed_out_by_admin');
    await tx.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, { actorId: actor.id, action: 'deleted', entityType: 'user', entityId: userId, changes: diff(user, null, auditedFields(user)) });
    return ended;
  });
  ctx.log.info({ adminId: actor.id, userId }, 'user deleted by an administrator');
  await userChanged(ctx, [userId]);
  await closeSockets(ctx, userId, jtis);
}
