import { ledgerTotals, toCents, toUsd, type Payable, type PayablesResponse, type PayoutRunBody, type PayoutRunResponse } from '@sunin/contract';
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { earningEntries, payouts, users, type EarningEntryRow, type PayoutRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { publishNotifications } from '../notifications/notifications.service.js';
import { fullName } from '../users/full-name.js';
import { asReadAt, countsAsApproved } from './clawback-ledger.js';
import { sendPayouts } from './payout-sending.service.js';
import { minimumPayoutCents, payoutBlocks, PayoutRefused, payoutResponses, payPartner, readEarningsSettings, toEntryResponse, type PaidPartner } from './earnings.service.js';

/**
 * Payables and payout runs (issue 37 item 1, docs/decisions/042-payables-and-payout-runs.md):
 * who the business owes now, company-wide, and paying several partners at once through the
 * same payPartner as a single payout.
 */

const DAY_MS = 86_400_000;
/** When an approved entry became owed: its approval, or its creation for one approved at once. */
const owedSince = (entry: EarningEntryRow): Date => entry.approved_at ?? entry.created_at;

/**
 * GET /api/admin/payables: every partner whose approved, unpaid balance is payable now by
 * ledgerTotals' rule (positive and at least the tier's minimum), the oldest debt first. Only
 * partners whose approved sum is positive are read, with their approved entries.
 */
export async function listPayables(ctx: AppContext, now = new Date()): Promise<PayablesResponse> {
  const owing = ctx.db
    .select({ user_id: earningEntries.user_id })
    .from(earningEntries)
    .where(countsAsApproved(now))
    .groupBy(earningEntries.user_id)
    .having(sql`sum(${earningEntries.amount_cents}) > 0`);
  const entries = await ctx.db
    .select()
    .from(earningEntries)
    .where(and(countsAsApproved(now), inArray(earningEntries.user_id, owing)))
    .orderBy(sql`coalesce(${earningEntries.approved_at}, ${earningEntries.created_at})`, asc(earningEntries.id));
  // A clawback due now counts as applied: the balance shown is the one payPartner pays (issue 38 item 4).
  const byUser = new Map<number, EarningEntryRow[]>();
  for (const entry of entries.map((row) => asReadAt(row, now))) byUser.set(entry.user_id, [...(byUser.get(entry.user_id) ?? []), entry]);
  const ids = [...byUser.keys()];
  if (ids.length === 0) return { payables: [], total_usd: 0 };

  const partners = await ctx.db
    .select({ id: users.id, name: fullName, email: users.email, company_name: users.company_name, account_type: users.account_type })
    .from(users)
    .where(inArray(users.id, ids));
  const settings = (await readEarningsSettings(ctx.db)).value;
  const blocks = await payoutBlocks(ctx.db, ids, ctx.payouts.kind);
  const lastFailed = await lastFailedPayouts(ctx, ids);
  const payables: Payable[] = [];
  for (const partner of partners) {
    const owed = byUser.get(partner.id) ?? [];
    const minimumCents = minimumPayoutCents(settings, partner.account_type);
    const { payable_cents } = ledgerTotals(owed, minimumCents);
    if (payable_cents <= 0) continue;
    const oldest = owed.map(owedSince).reduce((a, b) => (b < a ? b : a));
    payables.push({
      user_id: partner.id,
      user_name: partner.name,
      email: partner.email,
      company_name: partner.company_name,
      account_type: partner.account_type,
      payable_usd: toUsd(payable_cents),
      minimum_payout_usd: toUsd(minimumCents),
      oldest_entry_at: oldest.toISOString(),
      oldest_age_days: Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / DAY_MS)),
      entries: owed.map((entry) => toEntryResponse(entry)),
      blocked_reason: blocks.get(partner.id)?.message ?? null,
      blocked_code: blocks.get(partner.id)?.code ?? null,
      last_failed_payout: lastFailed.get(partner.id) ?? null,
    });
  }
  payables.sort((a, b) => a.oldest_entry_at.localeCompare(b.oldest_entry_at) || a.user_id - b.user_id);
  // What a run could pay now: blocked partners are listed but not counted.
  const totalCents = payables.reduce((total, payable) => (payable.blocked_reason ? total : total + Math.round(payable.payable_usd * 100)), 0);
  return { payables, total_usd: toUsd(totalCents) };
}

/** Each partner's newest payout, when it failed (issue 38 item 2): the admin sees why before paying again. */
async function lastFailedPayouts(ctx: AppContext, userIds: number[]): Promise<Map<number, Payable['last_failed_payout']>> {
  const newest = await ctx.db
    .selectDistinctOn([payouts.user_id])
    .from(payouts)
    .where(inArray(payouts.user_id, userIds))
    .orderBy(payouts.user_id, desc(payouts.created_at), desc(payouts.id));
  return new Map(
    newest
      .filter((payout) => payout.status === 'failed')
      .map((payout) => [payout.user_id, { id: payout.id, amount_usd: toUsd(payout.amount_cents), failure_reason: payout.failure_reason, settled_at: payout.settled_at?.toISOString() ?? null }]),
  );
}

/**
 * POST /api/admin/payout_runs: one payout per ticked partner, in the order given, each in its
 * own transaction through payPartner with the amount the administrator confirmed, each partner
 * notified after its own commit. A partner who cannot be paid (nothing payable, below the
 * minimum, blocked, unknown, a payable balance other than the one confirmed, or a failure while
 * paying) is listed in `refused` and the others are still paid. With nobody paid it is a 409
 * `conflict` whose `fields` give each partner's reason, keyed by user id.
 */
export async function runPayouts(ctx: AppContext, actorId: number, run: PayoutRunBody['payout_run']): Promise<PayoutRunResponse> {
  const paid: PayoutRow[] = [];
  const refusals: { user_id: number; code: string; message: string }[] = [];
  for (const { user_id: userId, payable_usd } of run.payments) {
    let result: PaidPartner;
    try {
      result = await ctx.db.transaction((tx) => payPartner(tx, ctx.payouts.kind, actorId, userId, run.reference, toCents(payable_usd)));
    } catch (error) {
      if (error instanceof PayoutRefused) {
        refusals.push({ user_id: userId, code: error.refusal, message: error.message });
      } else {
        // This partner's transaction rolled back; the payouts before it stand, so say so rather than answer 500.
        ctx.log.error({ err: error, userId }, 'payout run: a payout failed');
        refusals.push({ user_id: userId, code: 'failed', message: 'The payout could not be recorded. Nothing was paid to this partner: try again.' });
      }
      continue;
    }
    // Committed: the partner is paid whatever happens to the live push (the notification row is written).
    paid.push(result.payout);
    if (result.webhooks > 0) ctx.webhooks.wake();
    try {
      await publishNotifications(ctx, result.notified);
    } catch (error) {
      ctx.log.error({ err: error, userId }, 'payout run: the paid partner’s notification could not be pushed');
    }
    // Then sent (issue 38 item 2); a refusal fails this payout alone, and the sweep re-sends one left unsent.
    await sendPayouts(ctx, [result.payout.id]);
  }
  const refusedIds = refusals.map((refusal) => refusal.user_id);
  const names = new Map((refusedIds.length ? await ctx.db.select({ id: users.id, name: fullName }).from(users).where(inArray(users.id, refusedIds)) : []).map((user) => [user.id, user.name]));
  const refused = refusals.map((refusal) => ({ user_id: refusal.user_id, user_name: names.get(refusal.user_id) ?? '', code: refusal.code, message: refusal.message }));
  if (paid.length === 0) {
    const list = refused.map((refusal) => `${refusal.user_name || `User ${refusal.user_id}`}: ${refusal.message}`).join(' ');
    throw new AppError('conflict', `Nobody was paid. ${list}`, Object.fromEntries(refused.map((refusal) => [String(refusal.user_id), refusal.message])));
  }
  // As they are after sending: a payout refused at once answers failed, with why.
  const sent = await ctx.db.select().from(payouts).where(inArray(payouts.id, paid.map((payout) => payout.id)));
  const byId = new Map(sent.map((payout) => [payout.id, payout]));
  return { payouts: await payoutResponses(ctx.db, paid.map((payout) => byId.get(payout.id) ?? payout)), refused };
}
