import { ADMIN_CHANGED_EVENT, toUsd, type AuditChanges, type PayoutProviderKind } from '@sunin/contract';
import { and, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { earningsEntryEvent, enqueueWebhookEvent, enqueueWebhookEvents } from '../webhooks/webhook-events.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { earningEntries, payoutAccounts, payoutEvents, payouts, users, type EarningEntryRow, type NotificationRow } from '../../db/schema/index.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { failureText, PayoutProviderUnreachable, providerAccountSchema, providerPayoutSchema, type ConnectEvent, type PayoutAccountState, type SendResult } from '../../lib/payouts/index.js';
import { accountStateOf } from '../../lib/payouts/stripe-provider.js';
import { recordAudit } from '../audit/audit.service.js';
import { createNotifications, fullAccessAdminIds, publishNotifications } from '../notifications/notifications.service.js';
import { fullName } from '../users/full-name.js';

/**
 * Payouts sent, not only recorded (issue 38 item 2, docs/decisions/047). payPartner records a
 * payout pending in the caller's transaction; after the commit the caller sends it here; the
 * provider's answer (Stripe's webhook, the local provider's settling) comes back as a
 * Stripe-shaped event to handlePayoutEvent, and every outcome goes through applyPayoutStatus.
 */

/** A pending payout never handed to the provider (a crash between commit and send) is re-sent after this long. */
export const UNSENT_PAYOUT_AGE_MS = 60_000;
/** The sweep runs this often (and once at start-up). */
export const PAYOUT_SWEEP_INTERVAL_MS = 60_000;

export type PayoutEventOutcome = 'applied' | 'stale' | 'ignored' | 'duplicate';

const money = (cents: number) => toUsd(cents).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** Administrators' open Payables and payout lists read again (a status changed outside a request). */
async function announceToAdmins(ctx: AppContext): Promise<void> {
  try {
    await ctx.bus.publish({ admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: '/api/admin/payouts' } } });
  } catch (error) {
    ctx.log.warn({ err: error }, 'admin change publish failed');
  }
}

/** Claims an event id in payout_events inside `tx`; false when it was handled before. */
async function claimEvent(tx: Executor, event: { id: string; type: string; provider: PayoutProviderKind }): Promise<boolean> {
  const [claimed] = await tx.insert(payoutEvents).values({ id: event.id, type: event.type, provider: event.provider, outcome: 'applied' }).onConflictDoNothing().returning({ id: payoutEvents.id });
  return Boolean(claimed);
}

async function recordOutcome(tx: Executor, eventId: string, outcome: PayoutEventOutcome): Promise<void> {
  if (outcome !== 'applied') await tx.update(payoutEvents).set({ outcome }).where(eq(payoutEvents.id, eventId));
}

async function eventSeen(ctx: AppContext, eventId: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: payoutEvents.id }).from(payoutEvents).where(eq(payoutEvents.id, eventId));
  return Boolean(row);
}

/**
 * The one place a payout's status changes (issue 38 item 2), for both providers, in one
 * transaction with the event id (when an event brought it), the audit entry and the
 * notifications:
 * - paid: a pending payout is paid (settled_at); the partner hears it arrived. A payout already
 *   paid, or failed (its entries payable again), stays as it is.
 * - failed: a pending payout fails with the reason; its entries are approved again, without
 *   payout and paid_at, so they are payable again; audited `payout_failed`; the partner hears
 *   why and what to do, and every full_access_admin hears it too. A paid payout fails only when
 *   Stripe says so (its bank returned the money days later); a failed one changes nothing.
 */
export async function applyPayoutStatus(
  ctx: AppContext,
  payoutId: number,
  status: 'paid' | 'failed',
  reason: string | null,
  event?: { id: string; type: string; provider: PayoutProviderKind },
  providerRef?: string | null,
): Promise<PayoutEventOutcome> {
  const { outcome, notified, webhooks } = await ctx.db.transaction(async (tx): Promise<Applied> => {
    if (event && !(await claimEvent(tx, event))) return { outcome: 'duplicate', notified: [], webhooks: 0 };
    const result = await applyInTransaction(tx, payoutId, status, reason, event?.provider, providerRef ?? null);
    if (event) await recordOutcome(tx, event.id, result.outcome);
    return result;
  });
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  if (outcome === 'applied') await announceToAdmins(ctx);
  return outcome;
}

/** A status applied in its transaction: the outcome, the notifications to push and the webhook deliveries written. */
interface Applied {
  outcome: PayoutEventOutcome;
  notified: NotificationRow[];
  webhooks: number;
}

async function applyInTransaction(
  tx: Executor,
  payoutId: number,
  status: 'paid' | 'failed',
  reason: string | null,
  eventProvider: PayoutProviderKind | undefined,
  providerRef: string | null,
): Promise<Applied> {
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) return { outcome: 'ignored', notified: [], webhooks: 0 };
  const [partner] = await tx.select({ name: fullName, last4: payoutAccounts.bank_last4 }).from(users).leftJoin(payoutAccounts, eq(payoutAccounts.user_id, users.id)).where(eq(users.id, payout.user_id));
  const now = new Date();
  const amount = money(payout.amount_cents);

  if (status === 'paid') {
    if (payout.status !== 'pending') return { outcome: 'stale', notified: [], webhooks: 0 };
    await tx.update(payouts).set({ status: 'paid', settled_at: now, updated_at: now }).where(eq(payouts.id, payout.id));
    const webhooks = await enqueueWebhookEvent(tx, 'payout.paid', {
      ownerId: payout.user_id,
      at: now,
      data: { payout: { id: payout.id, owner_id: payout.user_id, amount_usd: toUsd(payout.amount_cents), method: payout.method, reference: payout.reference, paid_at: now.toISOString() } },
    });
    await recordAudit(tx, { actorId: null, action: 'payout_paid', entityType: 'user', entityId: payout.user_id, changes: { status: { before: 'pending', after: 'paid' }, record_id: { before: null, after: payout.id } } });
    const bank = partner?.last4 ? ` ending ${partner.last4}` : '';
    const notified = await createNotifications(tx, [payout.user_id], { kind: 'earnings', title: 'Payout sent', message: `Your payout of ${amount} arrived in your bank account${bank} (reference ${payout.reference}).`, subject: null });
    return { outcome: 'applied', notified, webhooks };
  }

  if (payout.status === 'failed') return { outcome: 'stale', notified: [], webhooks: 0 };
  // Paid, then failed: only Stripe's word (the bank returned the payout) undoes a payment.
  if (payout.status === 'paid' && eventProvider !== 'stripe') return { outcome: 'stale', notified: [], webhooks: 0 };
  const why = reason ?? 'The payout failed.';
  // A refusal at sending time stores the provider's reference with the failure, in this one
  // transaction: a reference committed alone would leave a pending payout the sweep never re-sends.
  const reference = providerRef && !payout.provider_ref ? { provider_ref: providerRef } : {};
  await tx.update(payouts).set({ status: 'failed', failure_reason: why, settled_at: now, updated_at: now, ...reference }).where(eq(payouts.id, payout.id));
  const returned = await tx.update(earningEntries).set({ status: 'approved', payout_id: null, paid_at: null, updated_at: now }).where(eq(earningEntries.payout_id, payout.id)).returning();
  const { voided, clawbacks } = await voidNeverPaidClawedBack(tx, returned, now);
  // Each entry once, as it stands now: the returned ones still approved, the voided deals, their voided clawbacks.
  const webhooks = await enqueueWebhookEvents(tx, [...returned.filter((entry) => !voided.some((gone) => gone.id === entry.id)), ...voided, ...clawbacks].map(earningsEntryEvent));
  const againCents = payout.amount_cents - voided.reduce((total, entry) => total + entry.amount_cents, 0);
  const changes: AuditChanges = { status: { before: payout.status, after: 'failed' }, failure_reason: { before: null, after: why }, amount_usd: { before: toUsd(payout.amount_cents), after: null }, record_id: { before: null, after: payout.id } };
  if (voided.length > 0) changes.voided_entry_ids = { before: null, after: voided.map((entry) => entry.id).join(' ') };
  await recordAudit(tx, { actorId: null, action: 'payout_failed', entityType: 'user', entityId: payout.user_id, changes });
  const cancelled = voided.length > 0 ? ` ${voided.map((entry) => `${money(entry.amount_cents)} from ${entry.company_name || 'a deal'}`).join(', ')} is void instead: its deal ended while the payout was on its way, and its clawback is cancelled with it.` : '';
  const notified = await createNotifications(tx, [payout.user_id], {
    kind: 'earnings',
    title: 'Payout failed',
    message:
      againCents > 0
        ? `Your payout of ${amount} could not be sent: ${why} ${voided.length > 0 ? money(againCents) : 'The money'} is payable to you again: update your payout account on Earnings, and it goes with the next payout.${cancelled}`
        : `Your payout of ${amount} could not be sent: ${why}${cancelled}`,
    subject: null,
  });
  const admins = (await fullAccessAdminIds(tx)).filter((id) => id !== payout.user_id);
  notified.push(
    ...(await createNotifications(tx, admins, {
      kind: 'earnings',
      title: 'Payout failed',
      message: `Payout to ${partner?.name ?? `user ${payout.user_id}`} failed: ${why} Their ${amount} is payable again on Payables.`,
      subject: null,
    })),
  );
  return { outcome: 'applied', notified, webhooks };
}

/**
 * Money that never left cannot be clawed back (issue 38 review): a deal entry returned by a
 * failed payout whose clawback is not netted yet (expected, or approved and unpaid) ended while
 * the payout was on its way (its deal cancelled or its project archived). Both become void, so
 * the cancelled deal is not paid later and the clawback does not take back what was never
 * received. A clawback already netted against another payout stays, and the returned entry stays
 * approved: it gives back what that clawback took. Answers the deal entries and the clawbacks voided.
 */
async function voidNeverPaidClawedBack(tx: Executor, returned: EarningEntryRow[], now: Date): Promise<{ voided: EarningEntryRow[]; clawbacks: EarningEntryRow[] }> {
  const dealIds = returned.filter((entry) => entry.kind === 'deal').map((entry) => entry.id);
  if (dealIds.length === 0) return { voided: [], clawbacks: [] };
  const clawbacks = await tx
    .update(earningEntries)
    .set({ status: 'void', voided_at: now, updated_at: now })
    .where(and(eq(earningEntries.kind, 'clawback'), inArray(earningEntries.clawback_of, dealIds), inArray(earningEntries.status, ['expected', 'approved'])))
    .returning();
  const ids = clawbacks.map((clawback) => clawback.clawback_of).filter((id): id is number => id !== null);
  if (ids.length === 0) return { voided: [], clawbacks };
  return { voided: await tx.update(earningEntries).set({ status: 'void', voided_at: now, updated_at: now }).where(inArray(earningEntries.id, ids)).returning(), clawbacks };
}

/**
 * Hands a pending payout to the provider, after the commit that recorded it (and again from the
 * sweep, `resend`, when that never happened). A refusal (no account ready, the provider says
 * no) fails it at once through applyPayoutStatus; a provider out of reach leaves it pending
 * without a reference, for the sweep. The provider's reference is stored once.
 */
export async function sendPayout(ctx: AppContext, payoutId: number, options: { resend?: boolean } = {}): Promise<void> {
  const [row] = await ctx.db.select({ payout: payouts, account: payoutAccounts }).from(payouts).leftJoin(payoutAccounts, eq(payoutAccounts.user_id, payouts.user_id)).where(eq(payouts.id, payoutId));
  if (!row || row.payout.status !== 'pending' || row.payout.provider_ref) return;
  const { payout, account } = row;
  const provider = ctx.payouts;
  if (payout.method !== provider.kind) {
    await applyPayoutStatus(ctx, payout.id, 'failed', 'The payout provider changed before this payout was sent.');
    return;
  }
  if (!account || account.provider !== provider.kind || account.status !== 'active') {
    await applyPayoutStatus(ctx, payout.id, 'failed', 'There is no payout account ready to receive it.');
    return;
  }
  let result: SendResult;
  try {
    result = await provider.send(payout, account.account_ref, options);
  } catch (error) {
    // Not decided: the sweep sends it again (the idempotency key makes that safe).
    if (error instanceof PayoutProviderUnreachable) ctx.log.warn({ err: error, payoutId }, 'payout not sent: the provider is out of reach; the sweep retries');
    else ctx.log.error({ err: error, payoutId }, 'payout not sent; the sweep retries');
    return;
  }
  if (result.status === 'failed') {
    await applyPayoutStatus(ctx, payout.id, 'failed', result.failureReason, undefined, result.providerRef);
    return;
  }
  if (result.providerRef) {
    await ctx.db
      .update(payouts)
      .set({ provider_ref: result.providerRef, updated_at: new Date() })
      .where(and(eq(payouts.id, payout.id), isNull(payouts.provider_ref)));
  }
  if (provider.kind === 'local') {
    provider.later(async () => {
      try {
        await settleLocalPayout(ctx, payout.id);
      } catch (error) {
        ctx.log.error({ err: error, payoutId }, 'local payout settling failed; the sweep retries');
      }
    });
  }
}

/** Each payout in turn, after its commit; one partner's trouble never stops the others (each is logged). */
export async function sendPayouts(ctx: AppContext, payoutIds: readonly number[]): Promise<void> {
  for (const id of payoutIds) {
    try {
      await sendPayout(ctx, id);
    } catch (error) {
      ctx.log.error({ err: error, payoutId: id }, 'payout not sent; the sweep retries');
    }
  }
}

/** The local provider settles one pending payout: its Stripe-shaped event goes through the one handler. */
async function settleLocalPayout(ctx: AppContext, payoutId: number): Promise<void> {
  const provider = ctx.payouts;
  if (provider.kind !== 'local') return;
  const [row] = await ctx.db.select({ payout: payouts, account: payoutAccounts }).from(payouts).leftJoin(payoutAccounts, eq(payoutAccounts.user_id, payouts.user_id)).where(eq(payouts.id, payoutId));
  if (!row || row.payout.status !== 'pending' || row.payout.method !== 'local' || !row.payout.provider_ref) return;
  await handlePayoutEvent(ctx, provider.settlementEvent(row.payout, row.account), 'local');
}

/**
 * The local provider settles every payout it was sent at least `olderThanMs` ago (0: all of
 * them, which tests await instead of a timer). Answers how many it settled.
 */
export async function settleLocalPayouts(ctx: AppContext, options: { olderThanMs?: number; now?: Date } = {}): Promise<number> {
  if (ctx.payouts.kind !== 'local') return 0;
  const before = new Date((options.now ?? new Date()).getTime() - (options.olderThanMs ?? 0));
  const due = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), eq(payouts.method, 'local'), isNotNull(payouts.provider_ref), lte(payouts.created_at, before)))
    .orderBy(payouts.id);
  for (const { id } of due) await settleLocalPayout(ctx, id);
  return due.length;
}

/**
 * The sweep (now and every minute, once per cluster): a pending payout never handed to the
 * provider for a minute is sent again, and the local provider settles what a timer left (the
 * process was stopped), so no payout stays pending for ever after a crash.
 */
export async function sweepPayouts(ctx: AppContext, now = new Date()): Promise<{ resent: number; settled: number }> {
  const unsent = await ctx.db
    .select({ id: payouts.id })
    .from(payouts)
    .where(and(eq(payouts.status, 'pending'), isNull(payouts.provider_ref), lte(payouts.created_at, new Date(now.getTime() - UNSENT_PAYOUT_AGE_MS))))
    .orderBy(payouts.id);
  for (const { id } of unsent) {
    try {
      await sendPayout(ctx, id, { resend: true });
    } catch (error) {
      ctx.log.error({ err: error, payoutId: id }, 'payout sweep: re-send failed');
    }
  }
  const settled = ctx.payouts.kind === 'local' ? await settleLocalPayouts(ctx, { olderThanMs: ctx.payouts.settleMs, now }) : 0;
  return { resent: unsent.length, settled };
}

/** sweepPayouts now and every PAYOUT_SWEEP_INTERVAL_MS, once per cluster. Returns the stop function. */
export function schedulePayoutSweep(ctx: AppContext, locks: ClusterLocks): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'payout-sweep',
    async () => {
      await sweepPayouts(ctx);
    },
    PAYOUT_SWEEP_INTERVAL_MS,
    (error) => ctx.log.error({ err: error }, 'payout sweep failed'),
  );
}

/**
 * The one handler of payout-provider events: Stripe's Connect webhook and the local provider's
 * settling alike. payout.paid and payout.failed name our payout in their metadata (and happen
 * on the partner's account); account.updated refreshes the partner's payout account. Every
 * event id is kept in payout_events with its effect, so a replay changes nothing.
 */
export async function handlePayoutEvent(ctx: AppContext, event: ConnectEvent, provider: PayoutProviderKind): Promise<PayoutEventOutcome> {
  const record = { id: event.id, type: event.type, provider };
  if (event.type === 'account.updated') return applyAccountEvent(ctx, event, provider);
  if (event.type !== 'payout.paid' && event.type !== 'payout.failed') return ignore(ctx, record);
  const parsed = providerPayoutSchema.safeParse(event.data.object);
  const payoutId = parsed.success ? Number(parsed.data.metadata.payout_id) : NaN;
  if (!parsed.success || !Number.isSafeInteger(payoutId) || payoutId <= 0) return ignore(ctx, record);
  const [row] = await ctx.db.select({ payout: payouts, accountRef: payoutAccounts.account_ref }).from(payouts).leftJoin(payoutAccounts, eq(payoutAccounts.user_id, payouts.user_id)).where(eq(payouts.id, payoutId));
  // Not ours, another provider's, or another account's: recorded and left alone.
  if (!row || row.payout.method !== provider || (event.account !== undefined && event.account !== row.accountRef)) return ignore(ctx, record);
  if (event.type === 'payout.paid') return applyPayoutStatus(ctx, payoutId, 'paid', null, record);
  // Stripe returned the payout's money to the connected account: the transfer is reversed first,
  // so the money is back on the platform before the entries are payable again. A reversal that
  // fails answers the webhook 500 and Stripe delivers the event again.
  const payouts_ = ctx.payouts;
  if (payouts_.kind === 'stripe' && row.payout.provider_ref && row.payout.status !== 'failed' && !(await eventSeen(ctx, event.id))) await payouts_.reverse(row.payout.provider_ref, payoutId);
  return applyPayoutStatus(ctx, payoutId, 'failed', failureText(parsed.data.failure_message, parsed.data.failure_code), record);
}

async function ignore(ctx: AppContext, record: { id: string; type: string; provider: PayoutProviderKind }): Promise<PayoutEventOutcome> {
  const [row] = await ctx.db.insert(payoutEvents).values({ ...record, outcome: 'ignored' }).onConflictDoNothing().returning({ id: payoutEvents.id });
  return row ? 'ignored' : 'duplicate';
}

/**
 * account.updated: the partner's payout account follows the provider. Stripe's account is read
 * again from Stripe (the event only says it changed; events may arrive out of order), the local
 * provider's is taken from the event. The partner hears when it becomes ready or needs attention.
 */
async function applyAccountEvent(ctx: AppContext, event: ConnectEvent, provider: PayoutProviderKind): Promise<PayoutEventOutcome> {
  const record = { id: event.id, type: event.type, provider };
  const parsed = providerAccountSchema.safeParse(event.data.object);
  if (!parsed.success) return ignore(ctx, record);
  if (await eventSeen(ctx, event.id)) return 'duplicate';
  const [known] = await ctx.db.select({ user_id: payoutAccounts.user_id }).from(payoutAccounts).where(and(eq(payoutAccounts.account_ref, parsed.data.id), eq(payoutAccounts.provider, provider)));
  if (!known) return ignore(ctx, record);
  const payoutsProvider = ctx.payouts;
  const state: PayoutAccountState = payoutsProvider.kind === 'stripe' && provider === 'stripe' ? await payoutsProvider.accountState(parsed.data.id) : accountStateOf(parsed.data);
  const { outcome, notified } = await ctx.db.transaction(async (tx): Promise<{ outcome: PayoutEventOutcome; notified: NotificationRow[] }> => {
    if (!(await claimEvent(tx, record))) return { outcome: 'duplicate', notified: [] };
    const result = await updateAccount(tx, known.user_id, state);
    await recordOutcome(tx, record.id, result.outcome);
    return result;
  });
  await publishNotifications(ctx, notified);
  if (outcome === 'applied') await announceToAdmins(ctx);
  return outcome;
}

/** Writes a payout account's new state with its audit entry; the partner hears a change of status. */
export async function updateAccount(tx: Executor, userId: number, state: PayoutAccountState & { local_failure?: string | null }, actorId: number | null = null): Promise<{ outcome: PayoutEventOutcome; notified: NotificationRow[] }> {
  const [current] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, userId)).for('update');
  if (!current) return { outcome: 'ignored', notified: [] };
  const next = { status: state.status, bank_last4: state.bank_last4 ?? current.bank_last4, requirement: state.requirement, local_failure: state.local_failure === undefined ? current.local_failure : state.local_failure };
  const changes: AuditChanges = Object.fromEntries(
    (['status', 'bank_last4', 'requirement'] as const).filter((field) => current[field] !== next[field]).map((field) => [field, { before: current[field], after: next[field] }]),
  );
  const failureChanged = next.local_failure !== current.local_failure;
  if (Object.keys(changes).length === 0 && !failureChanged) return { outcome: 'stale', notified: [] };
  await tx.update(payoutAccounts).set({ ...next, updated_at: new Date() }).where(eq(payoutAccounts.user_id, userId));
  // Never the account number: its last four digits, and whether transfers to it fail (local).
  if (failureChanged) changes.transfers_fail = { before: current.local_failure !== null, after: next.local_failure !== null };
  await recordAudit(tx, { actorId, action: 'payout_account_updated', entityType: 'user', entityId: userId, changes });
  if (current.status === next.status || actorId !== null) return { outcome: 'applied', notified: [] };
  const notice =
    next.status === 'active'
      ? { title: 'Ready for payouts', message: 'Your payout account is ready: payouts go to it from now on.' }
      : next.status === 'restricted'
        ? { title: 'Payout account needs attention', message: `${next.requirement ?? 'Your payout provider needs more information.'} Finish it from your Earnings page, or payouts wait.` }
        : null;
  const notified = notice ? await createNotifications(tx, [userId], { kind: 'earnings', ...notice, subject: null }) : [];
  return { outcome: 'applied', notified };
}
