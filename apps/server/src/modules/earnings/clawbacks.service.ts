import type { clawbackBodySchema, DealResponse, EarningEntry } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.js';
import { isUniqueViolation, type ClusterLocks } from '../../db/client.js';
import { deals, earningEntries, projects, users } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { isoDateIn } from '../../lib/business-date.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { recordAudit } from '../audit/audit.service.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { projectName } from '../projects/project-name.js';
import { fullName } from '../users/full-name.js';
import { earningsEntryEvent, enqueueWebhookEvents } from '../webhooks/webhook-events.js';
import { applyDueClawbacks, clawbackOnTrigger, existingClawback, insideWindow, scheduleClawback } from './clawback-ledger.js';
import { getDeal, toEntryResponse } from './earnings.service.js';
import { clawbackUntil, readPayoutSettings } from './payout-settings.service.js';

/**
 * The administrators' clawbacks and cancelled deals (issue 38 item 4,
 * docs/decisions/049-clawbacks.md), and the hourly job that applies the clawbacks due. The
 * ledger rules are in clawback-ledger.ts.
 */

const money = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** A unique violation of `earning_entries_clawback_of_idx` (a clawback created meanwhile) answers 409. */
async function refusingDuplicates<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('conflict', 'This entry is already clawed back.');
    throw error;
  }
}

/**
 * POST /api/admin/projects/{id}/deal/cancel: the deal fell apart. Its entry, if not yet paid
 * (expected or approved), is voided and leaves the balance; if paid it is clawed back inside the
 * window when the reason is on (outside, the administrators are told an override is needed).
 * The project row and then the deal entry are locked, so two cancellations at once make one.
 */
export async function cancelDeal(ctx: AppContext, actorId: number, projectId: number, reason: string): Promise<DealResponse> {
  const { notified, webhooks } = await refusingDuplicates(() =>
    ctx.db.transaction(async (tx) => {
      const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
      if (!project) throw notFound('Project');
      const [deal] = await tx.select().from(deals).where(eq(deals.project_id, projectId)).for('update');
      if (!deal) throw new AppError('conflict', 'This project has no deal to cancel.');
      if (deal.cancelled_at) throw new AppError('conflict', 'This deal is already cancelled.');
      const now = new Date();
      await tx.update(deals).set({ cancelled_at: now, cancelled_by: actorId, cancel_reason: reason, updated_at: now }).where(eq(deals.project_id, projectId));
      const [entry] = await tx
        .select()
        .from(earningEntries)
        .where(and(eq(earningEntries.project_id, projectId), eq(earningEntries.kind, 'deal')))
        .for('update');
      const changes: Record<string, { before: unknown; after: unknown }> = { cancel_reason: { before: null, after: reason } };
      const notified = [];
      let webhooks = 0;
      // An approved entry that a netted clawback already took back (its payout failed after the
      // clawback was paid) gives that money back: voiding it would take it twice.
      const netted = entry?.status === 'approved' ? (await existingClawback(tx, entry.id))?.status === 'paid' : false;
      if (entry && (entry.status === 'expected' || entry.status === 'approved') && !netted) {
        const voided = await tx.update(earningEntries).set({ status: 'void', voided_at: now, updated_at: now }).where(eq(earningEntries.id, entry.id)).returning();
        webhooks += await enqueueWebhookEvents(tx, voided.map(earningsEntryEvent));
        changes.entry_status = { before: entry.status, after: 'void' };
        notified.push(
          ...(await createNotifications(tx, [entry.user_id], {
            kind: 'earnings',
            title: 'Earnings voided',
            message: `Your ${entry.status} ${money(entry.amount_cents)} from ${projectName(project)} is void: the deal was cancelled (${reason}).`,
            subject: { project_id: projectId },
          })),
        );
      } else if (entry?.status === 'paid') {
        const [owner] = await tx.select({ name: fullName }).from(users).where(eq(users.id, entry.user_id));
        const settings = (await readPayoutSettings(tx)).value;
        const result = await clawbackOnTrigger(tx, { actorId, timeZone: ctx.config.businessTimeZone }, { entry, reason: 'deal_cancelled', note: reason, settings, ownerName: owner?.name ?? '', now });
        if (result.clawback) changes.clawback_id = { before: null, after: result.clawback.id };
        notified.push(...result.notified);
        webhooks += result.webhooks;
      }
      await recordAudit(tx, { actorId, action: 'deal_cancelled', entityType: 'project', entityId: projectId, changes });
      return { notified, webhooks };
    }),
  );
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  return getDeal(ctx, projectId);
}

/**
 * POST /api/admin/earnings/clawbacks: an administrator claws back a paid deal entry. Inside the
 * window the reason is enough; outside it the answer is 409 unless the body overrides with a
 * note (audited `clawback_override`). The entry is locked, and the unique index on
 * `clawback_of` stands behind the lock: a second clawback of one entry is always a 409.
 */
export async function createClawback(ctx: AppContext, actorId: number, body: z.infer<typeof clawbackBodySchema>['clawback']): Promise<EarningEntry> {
  const { clawback, notified, webhooks } = await refusingDuplicates(() =>
    ctx.db.transaction(async (tx) => {
      const [entry] = await tx.select().from(earningEntries).where(eq(earningEntries.id, body.entry_id)).for('update');
      if (!entry) throw notFound('Earnings entry');
      if (entry.kind !== 'deal' || entry.status !== 'paid' || !entry.paid_at) throw new AppError('conflict', 'Only a paid deal entry can be clawed back: this one is not paid.');
      if (await existingClawback(tx, entry.id)) throw new AppError('conflict', 'This entry is already clawed back.');
      const settings = (await readPayoutSettings(tx)).value;
      const now = new Date();
      const inside = insideWindow(entry, settings, now);
      if (!inside && !body.override) {
        const zone = ctx.config.businessTimeZone;
        throw new AppError(
          'conflict',
          `This entry is outside the ${settings.clawback_window_days}-day clawback window (paid on ${isoDateIn(zone, entry.paid_at)}, window ended ${isoDateIn(zone, clawbackUntil(entry.paid_at, settings.clawback_window_days))}): override with a note to claw it back.`,
        );
      }
      return scheduleClawback(
        tx,
        { actorId, timeZone: ctx.config.businessTimeZone },
        { entry, reason: body.reason, note: body.note ?? null, settings, now, ...(inside ? {} : { override: { note: body.note! } }) },
      );
    }),
  );
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  return toEntryResponse(clawback);
}

/** Applies every clawback due at `now`, in batches, each batch in its own transaction. Answers how many. */
export async function applyDueClawbacksNow(ctx: AppContext, now = new Date()): Promise<number> {
  const batch = 500;
  let total = 0;
  for (;;) {
    const { applied, notified, webhooks } = await ctx.db.transaction((tx) => applyDueClawbacks(tx, { now, limit: batch }));
    await publishNotifications(ctx, notified);
    if (webhooks > 0) ctx.webhooks.wake();
    total += applied.length;
    if (applied.length < batch) return total;
  }
}

export const CLAWBACK_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** applyDueClawbacksNow now and every hour, once per cluster (docs/decisions/008). Returns the stop function. */
export function scheduleClawbacks(ctx: AppContext, locks: ClusterLocks, intervalMs = CLAWBACK_CHECK_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'clawbacks',
    async () => {
      const applied = await applyDueClawbacksNow(ctx);
      if (applied > 0) ctx.log.info({ applied }, 'clawbacks applied');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'applying clawbacks failed'),
  );
}
