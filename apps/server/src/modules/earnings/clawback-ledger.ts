import { CLAWBACK_REASON_LABELS, toUsd, type ClawbackReason, type EarningEntryStatus, type PayoutSettings } from '@sunin/contract';
import { and, eq, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { earningEntries, type EarningEntryRow, type NotificationRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { longDateIn } from '../../lib/business-date.js';
import { recordAudit } from '../audit/audit.service.js';
import { createNotifications, fullAccessAdminIds } from '../notifications/notifications.service.js';
import { projectName } from '../projects/project-name.js';
import { earningsEntryEvent, enqueueWebhookEvents } from '../webhooks/webhook-events.js';
import { clawbackUntil } from './payout-settings.service.js';

/**
 * Clawbacks with a window (issue 38 item 4, docs/decisions/049-clawbacks.md): the ledger side,
 * which earnings.service.ts calls inside its transactions (a stage change, a payout), so it
 * imports nothing from it. A clawback is an entry of kind `clawback`, negative, pointing at the
 * paid deal entry it takes back (`clawback_of`, one per entry); `expected` with its `applies_at`
 * while the partner is told, `approved` from then on, so the ledger's one rule nets it against
 * the next payouts (a payout marks it paid with the rest). Each write here also writes its
 * earnings.entry_changed webhooks and answers how many (`webhooks`): the caller wakes the
 * webhook worker after its commit when there are any.
 */

const money = (cents: number) => toUsd(cents).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const DAY_MS = 86_400_000;

/** Who acts and how dates are told: the administrator (null for none), and BUSINESS_TIME_ZONE. */
export interface ClawbackActor {
  actorId: number | null;
  timeZone: string;
}

/** A clawback still waiting for its date, but due at `now`: reads treat it as applied (netted) already. */
export const isDueClawback = (entry: Pick<EarningEntryRow, 'kind' | 'status' | 'applies_at'>, now: Date): boolean =>
  entry.kind === 'clawback' && entry.status === 'expected' && entry.applies_at !== null && entry.applies_at <= now;

/**
 * An entry's status as a read at `now` answers it: a due clawback is approved even before the
 * hourly job (or the next payout) writes it, so a read never waits on the job and the payables
 * list shows the balance a payout will pay. Reads never write.
 */
export const statusAt = (entry: EarningEntryRow, now: Date): EarningEntryStatus => (isDueClawback(entry, now) ? 'approved' : entry.status);
export const asReadAt = (entry: EarningEntryRow, now: Date): EarningEntryRow => (isDueClawback(entry, now) ? { ...entry, status: 'approved' } : entry);

/** The entries a payable balance counts at `now`, in SQL: the approved ones and the due clawbacks. */
export const countsAsApproved = (now: Date): SQL =>
  or(eq(earningEntries.status, 'approved'), and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.status, 'expected'), lte(earningEntries.applies_at, now)))!;

/**
 * What a clawback of a paid deal entry takes back: the entry plus its project's adjustments that
 * are not void (paid, or approved and about to be paid), never below zero.
 */
export async function clawableCents(tx: Executor, entry: EarningEntryRow): Promise<number> {
  if (entry.project_id === null) return Math.max(0, entry.amount_cents);
  const [row] = await tx
    .select({ cents: sql<string>`coalesce(sum(${earningEntries.amount_cents}), 0)` })
    .from(earningEntries)
    .where(and(eq(earningEntries.project_id, entry.project_id), eq(earningEntries.user_id, entry.user_id), eq(earningEntries.kind, 'adjustment'), inArray(earningEntries.status, ['approved', 'paid'])));
  return Math.max(0, entry.amount_cents + Number(row?.cents ?? 0));
}

export const existingClawback = async (tx: Executor, entryId: number): Promise<EarningEntryRow | undefined> =>
  (await tx.select().from(earningEntries).where(and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.clawback_of, entryId))))[0];

/** Whether a paid entry can still be clawed back without an override at `now`. */
export function insideWindow(entry: EarningEntryRow, settings: PayoutSettings, now: Date): boolean {
  return entry.paid_at !== null && clawbackUntil(entry.paid_at, settings.clawback_window_days) >= now;
}

export interface ScheduleClawback {
  /** The paid deal entry, locked by the caller (`for update`). */
  entry: EarningEntryRow;
  reason: ClawbackReason;
  note: string | null;
  settings: PayoutSettings;
  /** An administrator's override of the window, with their note (audited `clawback_override`). */
  override?: { note: string };
  now?: Date;
}

/**
 * Schedules the clawback of a paid deal entry inside the caller's transaction: the entry
 * (negative, `expected`, applying after the notice days), its audit entry and the partner's
 * notice with the date. 409 when it is not a paid deal entry, when it is already clawed back or
 * when nothing was paid on it. The caller has checked the window (or the override).
 */
export async function scheduleClawback(tx: Executor, actor: ClawbackActor, input: ScheduleClawback): Promise<{ clawback: EarningEntryRow; notified: NotificationRow[]; webhooks: number }> {
  const { entry, reason, note, settings } = input;
  const now = input.now ?? new Date();
  if (entry.kind !== 'deal' || entry.status !== 'paid' || !entry.paid_at) throw new AppError('conflict', 'Only a paid deal entry can be clawed back: this one is not paid.');
  if (await existingClawback(tx, entry.id)) throw new AppError('conflict', 'This entry is already clawed back.');
  const cents = await clawableCents(tx, entry);
  if (cents <= 0) throw new AppError('conflict', 'Nothing was paid on this entry once its adjustments are counted: there is nothing to claw back.');
  const appliesAt = new Date(now.getTime() + settings.clawback_notice_days * DAY_MS);
  const label = CLAWBACK_REASON_LABELS[reason];
  const text = note ? `${label}: ${note}` : label;
  const [clawback] = await tx
    .insert(earningEntries)
    .values({
      user_id: entry.user_id,
      project_id: entry.project_id,
      kind: 'clawback',
      company_name: entry.company_name,
      amount_cents: -cents,
      status: 'expected',
      applies_at: appliesAt,
      clawback_of: entry.id,
      reason: text,
      created_by: actor.actorId,
      created_at: now,
      updated_at: now,
    })
    .returning();
  if (!clawback) throw new Error('insert returned no row');
  const webhooks = await enqueueWebhookEvents(tx, [earningsEntryEvent(clawback)]);
  const record = { before: null, after: clawback.id };
  await recordAudit(tx, {
    actorId: actor.actorId,
    action: 'clawback_scheduled',
    entityType: 'user',
    entityId: entry.user_id,
    changes: {
      amount_usd: { before: null, after: toUsd(clawback.amount_cents) },
      reason: { before: null, after: text },
      clawback_of: { before: null, after: entry.id },
      applies_at: { before: null, after: appliesAt.toISOString() },
      record_id: record,
    },
  });
  if (input.override) {
    await recordAudit(tx, {
      actorId: actor.actorId,
      action: 'clawback_override',
      entityType: 'user',
      entityId: entry.user_id,
      changes: { note: { before: null, after: input.override.note }, paid_at: { before: null, after: entry.paid_at.toISOString() }, record_id: record },
    });
  }
  const project = { id: entry.project_id ?? 0, company_name: entry.company_name };
  const notified = await createNotifications(tx, [entry.user_id], {
    kind: 'earnings',
    title: 'Clawback scheduled',
    message: `${money(cents)} from ${projectName(project)} will be clawed back on ${longDateIn(actor.timeZone, appliesAt)}: ${text}.`,
    subject: entry.project_id ? { project_id: entry.project_id } : null,
  });
  return { clawback, notified, webhooks };
}

/**
 * A trigger of the settings' reasons fired on a project (archived after payment, deal
 * cancelled): its paid deal entry is clawed back when the reason is enabled and the payment is
 * inside the window; outside it nothing is created and the full-access administrators are told
 * that an override is needed. An entry already clawed back is left alone. `entry` is locked.
 */
export async function clawbackOnTrigger(
  tx: Executor,
  actor: ClawbackActor,
  input: { entry: EarningEntryRow; reason: ClawbackReason; note: string | null; settings: PayoutSettings; ownerName: string; now?: Date },
): Promise<{ clawback: EarningEntryRow | null; notified: NotificationRow[]; webhooks: number }> {
  const { entry, reason, settings } = input;
  const now = input.now ?? new Date();
  if (entry.kind !== 'deal' || entry.status !== 'paid' || !entry.paid_at) return { clawback: null, notified: [], webhooks: 0 };
  if (!settings.clawback_reasons.includes(reason)) return { clawback: null, notified: [], webhooks: 0 };
  if (await existingClawback(tx, entry.id)) return { clawback: null, notified: [], webhooks: 0 };
  if (insideWindow(entry, settings, now)) {
    if ((await clawableCents(tx, entry)) <= 0) return { clawback: null, notified: [], webhooks: 0 };
    return scheduleClawback(tx, actor, { entry, reason, note: input.note, settings, now });
  }
  const project = { id: entry.project_id ?? 0, company_name: entry.company_name };
  const ended = clawbackUntil(entry.paid_at, settings.clawback_window_days);
  const admins = await fullAccessAdminIds(tx);
  const notified = await createNotifications(tx, admins, {
    kind: 'earnings',
    title: 'Clawback needs an override',
    message:
      `${projectName(project)} (${input.ownerName || 'no owner name'}): ${CLAWBACK_REASON_LABELS[reason].toLowerCase()}, but its payment on ${longDateIn(actor.timeZone, entry.paid_at)} is outside ` +
      `the ${settings.clawback_window_days}-day clawback window (ended ${longDateIn(actor.timeZone, ended)}). Nothing was clawed back: claw it back from the partner's earnings with an override and a note if it should be.`,
    subject: entry.project_id ? { project_id: entry.project_id } : null,
  });
  return { clawback: null, notified, webhooks: 0 };
}

/**
 * Applies the clawbacks due at `now` (one partner's, or a batch of anyone's): approved from the
 * moment applied, so the ledger nets them against the next payout; each partner is told. Rows a
 * concurrent run holds are skipped by the job (one partner's payout waits for them), and the
 * status condition is checked again after any wait,
 * so a clawback is applied (and told) once.
 */
export async function applyDueClawbacks(tx: Executor, options: { userId?: number; now?: Date; limit?: number } = {}): Promise<{ applied: EarningEntryRow[]; notified: NotificationRow[]; webhooks: number }> {
  const now = options.now ?? new Date();
  const due = and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.status, 'expected'), isNotNull(earningEntries.applies_at), lte(earningEntries.applies_at, now));
  const where = options.userId === undefined ? due : and(due, eq(earningEntries.user_id, options.userId));
  const ids = tx
    .select({ id: earningEntries.id })
    .from(earningEntries)
    .where(where)
    .limit(options.limit ?? 500)
    // The job skips rows another run holds; one partner's payout waits for them instead, so it
    // never pays the gross amount past a due clawback (the job locks only clawback rows: no cycle).
    .for('update', options.userId === undefined ? { skipLocked: true } : {});
  const applied = await tx.update(earningEntries).set({ status: 'approved', approved_at: now, updated_at: now }).where(and(inArray(earningEntries.id, ids), where)).returning();
  const webhooks = await enqueueWebhookEvents(tx, applied.map(earningsEntryEvent));
  const notified: NotificationRow[] = [];
  for (const entry of applied) {
    const project = { id: entry.project_id ?? 0, company_name: entry.company_name };
    notified.push(
      ...(await createNotifications(tx, [entry.user_id], {
        kind: 'earnings',
        title: 'Clawback applied',
        message: `${money(-entry.amount_cents)} from ${projectName(project)} was clawed back: it is taken from your next payouts.`,
        subject: entry.project_id ? { project_id: entry.project_id } : null,
      })),
    );
  }
  return { applied, notified, webhooks };
}

/**
 * Money already paid that a clawback could still take back (`at_risk` of GET /api/user/earnings):
 * each paid deal entry inside the window, what a clawback of it would take less what one
 * scheduled already takes, and the latest day one could. Pure: the partner's entries in.
 */
export function atRiskOf(entries: readonly EarningEntryRow[], windowDays: number, now: Date): { cents: number; until: Date | null; byEntry: Map<number, number> } {
  const byEntry = new Map<number, number>();
  let cents = 0;
  let until: Date | null = null;
  for (const entry of entries) {
    if (entry.kind !== 'deal' || entry.status !== 'paid' || !entry.paid_at) continue;
    const ends = clawbackUntil(entry.paid_at, windowDays);
    if (ends < now) continue;
    const adjusted = entries
      .filter((other) => other.kind === 'adjustment' && other.project_id !== null && other.project_id === entry.project_id && (other.status === 'approved' || other.status === 'paid'))
      .reduce((sum, other) => sum + other.amount_cents, 0);
    const scheduled = entries.filter((other) => other.kind === 'clawback' && other.clawback_of === entry.id && other.status !== 'void').reduce((sum, other) => sum - other.amount_cents, 0);
    const remaining = Math.max(0, entry.amount_cents + adjusted - scheduled);
    if (remaining <= 0) continue;
    byEntry.set(entry.id, remaining);
    cents += remaining;
    if (!until || ends > until) until = ends;
  }
  return { cents, until, byEntry };
}
