import {
  DEFAULT_EARNINGS_SETTINGS,
  earningsSettingsSchema,
  entryStatusAtStage,
  isEarningTier,
  ledgerTotals,
  shareBasisPoints,
  shareOfProfitCents,
  toCents,
  toUsd,
  type DealBody,
  type DealResponse,
  type EarningEntry,
  type EarningEntryStatus,
  type Earnings,
  type EarningsSettings,
  type Payout,
  type PayoutWithEntries,
  type PayoutBlockCode,
  type PayoutProviderKind,
  VOIDING_STAGE,
} from '@sunin/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { payoutsQuerySchema } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import { earningsEntryEvent, enqueueWebhookEvents } from '../webhooks/webhook-events.js';
import type { Executor } from '../../db/client.js';
import { deals, earningEntries, payoutAccounts, payouts, projects, taxForms, users, type DealRow, type EarningEntryRow, type NotificationRow, type PayoutRow, type ProjectRow, type UserRow } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { offsetOf } from '../../lib/pagination.js';
import { recordAudit } from '../audit/audit.service.js';
import { fullName } from '../users/full-name.js';
import { projectName } from '../projects/project-name.js';
import { createNotifications, publishNotifications } from '../notifications/notifications.service.js';
import { readSetting, writeSetting, type Setting } from '../settings/settings.service.js';
import { clawbackUntil, readPayoutSettings } from './payout-settings.service.js';
import { applyDueClawbacks, asReadAt, atRiskOf, clawbackOnTrigger, existingClawback, type ClawbackActor } from './clawback-ledger.js';
import { nextTierOf } from './next-tier.js';
import { listStatements } from './statement.service.js';
import { sendPayouts } from './payout-sending.service.js';

/**
 * The earnings ledger of DOMAIN.md 2 (issue 17 item 2, docs/decisions/020-earnings-ledger.md).
 * Money moves in whole cents; every write runs in one transaction with its audit entry and the
 * partner's notifications, which are pushed after the commit.
 */

export const readEarningsSettings = (db: Executor): Promise<Setting<EarningsSettings>> => readSetting(db, 'earnings', earningsSettingsSchema, DEFAULT_EARNINGS_SETTINGS);

export async function writeEarningsSettings(ctx: AppContext, actorId: number, next: EarningsSettings): Promise<void> {
  const current = await readEarningsSettings(ctx.db);
  const flat = (value: EarningsSettings) =>
    Object.fromEntries(Object.entries(value.tiers).flatMap(([tier, setting]) => [[`${tier}.share_rate`, setting.share_rate], [`${tier}.minimum_payout_usd`, setting.minimum_payout_usd]]));
  // Audited field by field (tier.field), stored whole.
  await writeSetting(ctx, actorId, 'earnings', flat(current.value), flat(next), next);
}

/** The share and minimum payout of an account type now; tiers without a share earn nothing. */
function tierTerms(settings: EarningsSettings, accountType: string): { shareBp: number | null; minimumCents: number } {
  if (!isEarningTier(accountType)) return { shareBp: null, minimumCents: 0 };
  const tier = settings.tiers[accountType];
  return { shareBp: shareBasisPoints(tier.share_rate), minimumCents: toCents(tier.minimum_payout_usd) };
}

/**
 * An entry as answered. `clawbackWindowDays` (the payout settings' window) gives a paid deal
 * entry its `clawback_until` while that is still ahead; without it, or once past, it is null.
 */
export function toEntryResponse(row: EarningEntryRow, clawbackWindowDays?: number, now = new Date()): EarningEntry {
  const until = clawbackWindowDays !== undefined && row.kind === 'deal' && row.status === 'paid' && row.paid_at ? clawbackUntil(row.paid_at, clawbackWindowDays) : null;
  return {
    id: row.id,
    user_id: row.user_id,
    project_id: row.project_id,
    company_name: row.company_name,
    kind: row.kind,
    share_rate: row.share_bp === null ? null : row.share_bp / 10_000,
    net_profit_usd: row.net_profit_cents === null ? null : toUsd(row.net_profit_cents),
    amount_usd: toUsd(row.amount_cents),
    status: row.status,
    reason: row.reason,
    payout_id: row.payout_id,
    applies_at: row.applies_at?.toISOString() ?? null,
    clawback_until: until && until > now ? until.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const money = (cents: number) => toUsd(cents).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** The timestamps a status brings with it. */
function stamped(status: EarningEntryStatus, now: Date): { status: EarningEntryStatus; approved_at?: Date; voided_at: Date | null } {
  if (status === 'approved') return { status, approved_at: now, voided_at: null };
  if (status === 'void') return { status, voided_at: now };
  return { status, voided_at: null };
}

interface Notice {
  userId: number;
  title: string;
  message: string;
  projectId: number | null;
}

async function notify(tx: Executor, notices: Notice[]): Promise<NotificationRow[]> {
  const rows: NotificationRow[] = [];
  for (const notice of notices) rows.push(...(await createNotifications(tx, [notice.userId], { kind: 'earnings', title: notice.title, message: notice.message, subject: notice.projectId ? { project_id: notice.projectId } : null })));
  return rows;
}

function statusNotice(entry: EarningEntryRow, project: { id: number; company_name: string }): Notice | null {
  if (entry.status === 'approved') return { userId: entry.user_id, title: 'Earnings approved', message: `Your ${money(entry.amount_cents)} from ${projectName(project)} is approved.`, projectId: project.id };
  if (entry.status === 'void') return { userId: entry.user_id, title: 'Earnings voided', message: `Your expected ${money(entry.amount_cents)} from ${projectName(project)} is void: the project was archived.`, projectId: project.id };
  return null;
}

/** What a ledger write inside a caller's transaction leaves to do after the commit: push the notifications, wake the webhook worker when `webhooks` > 0. */
export interface LedgerFollowUp {
  notified: NotificationRow[];
  webhooks: number;
}

/**
 * A project's stage moved (called by the project services inside their transaction): its deal
 * entry follows DOMAIN.md 2.
 */
export async function followStage(tx: Executor, project: ProjectRow, by?: ClawbackActor): Promise<LedgerFollowUp> {
  const [entry] = await tx
    .select()
    .from(earningEntries)
    .where(and(eq(earningEntries.project_id, project.id), eq(earningEntries.kind, 'deal')))
    .for('update');
  if (!entry) return { notified: [], webhooks: 0 };
  // Issue 38 item 4: a cancelled deal's entry stays as the cancellation left it; a paid one
  // archived is clawed back (inside the window, when the reason is on).
  const [deal] = await tx.select({ cancelled_at: deals.cancelled_at }).from(deals).where(eq(deals.project_id, project.id));
  if (deal?.cancelled_at) return { notified: [], webhooks: 0 };
  if (entry.status === 'paid' && project.project_stage === VOIDING_STAGE) {
    const owner = await userRow(tx, entry.user_id);
    const settings = (await readPayoutSettings(tx)).value;
    const actor = by ?? { actorId: null, timeZone: 'UTC' };
    const { notified, webhooks } = await clawbackOnTrigger(tx, actor, { entry, reason: 'project_archived', note: null, settings, ownerName: `${owner.first_name} ${owner.last_name}`.trim() });
    return { notified, webhooks };
  }
  const status = entryStatusAtStage(entry.status, project.project_stage);
  if (status === entry.status) return { notified: [], webhooks: 0 };
  const [updated] = await tx
    .update(earningEntries)
    .set({ ...stamped(status, new Date()), updated_at: new Date() })
    .where(eq(earningEntries.id, entry.id))
    .returning();
  const webhooks = updated ? await enqueueWebhookEvents(tx, [earningsEntryEvent(updated)]) : 0;
  const notice = updated ? statusNotice(updated, project) : null;
  return { notified: notice ? await notify(tx, [notice]) : [], webhooks };
}

/**
 * A deleted project takes no money with it: an entry not yet approved is voided first (its
 * earnings.entry_changed says so before the project goes). Answers the webhook deliveries written.
 */
export async function voidForDeletedProject(tx: Executor, projectId: number): Promise<number> {
  const voided = await tx
    .update(earningEntries)
    .set({ status: 'void', voided_at: new Date(), updated_at: new Date() })
    .where(and(eq(earningEntries.project_id, projectId), eq(earningEntries.kind, 'deal'), eq(earningEntries.status, 'expected')))
    .returning();
  return enqueueWebhookEvents(tx, voided.map(earningsEntryEvent));
}

async function lockedProject(tx: Executor, projectId: number): Promise<ProjectRow> {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
  if (!project) throw notFound('Project');
  return project;
}

async function userRow(db: Executor, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  return user;
}

async function dealEntryOf(tx: Executor, projectId: number): Promise<EarningEntryRow | undefined> {
  const [entry] = await tx.select().from(earningEntries).where(and(eq(earningEntries.project_id, projectId), eq(earningEntries.kind, 'deal')));
  return entry;
}

async function dealResponse(db: Executor, projectId: number, deal: DealRow | undefined, entry: EarningEntryRow | undefined, shareBp: number | null): Promise<DealResponse> {
  let recordedBy: string | null = null;
  if (deal?.recorded_by) {
    const [user] = await db.select({ name: fullName }).from(users).where(eq(users.id, deal.recorded_by));
    recordedBy = user?.name ?? null;
  }
  return {
    deal: deal
      ? {
          project_id: projectId,
          contract_value_usd: toUsd(deal.contract_value_cents),
          net_profit_usd: toUsd(deal.net_profit_cents),
          recorded_by_name: recordedBy,
          updated_at: deal.updated_at.toISOString(),
          entry: entry ? toEntryResponse(entry) : null,
          cancelled_at: deal.cancelled_at?.toISOString() ?? null,
          cancel_reason: deal.cancel_reason,
          clawback: await clawbackResponse(db, entry),
        }
      : null,
    share_rate: shareBp === null ? null : shareBp / 10_000,
  };
}

/** The clawback of a deal entry, as read now (issue 38 item 4). */
async function clawbackResponse(db: Executor, entry: EarningEntryRow | undefined): Promise<EarningEntry | null> {
  const clawback = entry ? await existingClawback(db, entry.id) : undefined;
  return clawback ? toEntryResponse(asReadAt(clawback, new Date())) : null;
}

/** GET /api/admin/projects/{id}/deal. */
export async function getDeal(ctx: AppContext, projectId: number): Promise<DealResponse> {
  const [row] = await ctx.db.select({ project: projects, owner: users }).from(projects).innerJoin(users, eq(users.id, projects.user_id)).where(eq(projects.id, projectId));
  if (!row) throw notFound('Project');
  const [deal] = await ctx.db.select().from(deals).where(eq(deals.project_id, projectId));
  const entry = await dealEntryOf(ctx.db, projectId);
  const { shareBp } = tierTerms((await readEarningsSettings(ctx.db)).value, row.owner.account_type);
  return dealResponse(ctx.db, projectId, deal, entry, entry?.share_bp ?? shareBp);
}

/**
 * PUT /api/admin/projects/{id}/deal: records or corrects the deal, and the owner's entry with
 * it. An entry not yet paid is recomputed at the owner's share now; a paid one is history, so
 * the difference becomes an approved adjustment on the same project (DOMAIN.md 2).
 */
export async function recordDeal(ctx: AppContext, actorId: number, projectId: number, body: DealBody): Promise<DealResponse> {
  const contractCents = toCents(body.contract_value_usd);
  const profitCents = toCents(body.net_profit_usd);
  const { response, notified, webhooks } = await ctx.db.transaction(async (tx) => {
    const project = await lockedProject(tx, projectId);
    const owner = await userRow(tx, project.user_id);
    const now = new Date();
    const [before] = await tx.select().from(deals).where(eq(deals.project_id, projectId));
    if (before?.cancelled_at) throw new AppError('conflict', 'This deal is cancelled: it can no longer be corrected.');
    const [deal] = await tx
      .insert(deals)
      .values({ project_id: projectId, contract_value_cents: contractCents, net_profit_cents: profitCents, recorded_by: actorId, created_at: now, updated_at: now })
      .onConflictDoUpdate({ target: deals.project_id, set: { contract_value_cents: contractCents, net_profit_cents: profitCents, recorded_by: actorId, updated_at: now } })
      .returning();
    const { shareBp } = tierTerms((await readEarningsSettings(tx)).value, owner.account_type);
    const existing = await dealEntryOf(tx, projectId);
    const notices: Notice[] = [];
    let entry = existing;
    let webhooks = 0;

    if (existing && existing.status === 'paid') {
      const owed = shareOfProfitCents(profitCents, existing.share_bp ?? 0);
      const [accounted] = await tx
        .select({ cents: sql<string>`coalesce(sum(${earningEntries.amount_cents}), 0)` })
        .from(earningEntries)
        .where(and(eq(earningEntries.project_id, projectId), inArray(earningEntries.kind, ['deal', 'adjustment']), sql`${earningEntries.status} <> 'void'`));
      const difference = owed - Number(accounted?.cents ?? 0);
      if (difference !== 0) {
        const added = await tx
          .insert(earningEntries)
          .values({
            user_id: existing.user_id,
            project_id: projectId,
            kind: 'adjustment',
            company_name: project.company_name,
            amount_cents: difference,
            status: 'approved',
            approved_at: now,
            reason: `Deal corrected after payment: net profit now ${money(profitCents)}.`,
            created_by: actorId,
          })
          .returning();
        webhooks += await enqueueWebhookEvents(tx, added.map(earningsEntryEvent));
        notices.push({ userId: existing.user_id, title: 'Earnings adjusted', message: `${projectName(project)}: an adjustment of ${money(difference)} after the deal was corrected.`, projectId });
      }
    } else if (existing) {
      const bp = shareBp ?? existing.share_bp ?? 0;
      const amount = shareOfProfitCents(profitCents, bp);
      const status = entryStatusAtStage(existing.status === 'void' ? 'expected' : existing.status, project.project_stage);
      [entry] = await tx
        .update(earningEntries)
        .set({ share_bp: bp, net_profit_cents: profitCents, amount_cents: amount, company_name: project.company_name, ...(status === existing.status ? {} : stamped(status, now)), updated_at: now })
        .where(eq(earningEntries.id, existing.id))
        .returning();
      if (entry && (entry.amount_cents !== existing.amount_cents || entry.status !== existing.status)) {
        webhooks += await enqueueWebhookEvents(tx, [earningsEntryEvent(entry)]);
        notices.push({ userId: entry.user_id, title: 'Earnings updated', message: `${projectName(project)}: your ${entry.status} earnings are now ${money(entry.amount_cents)}.`, projectId });
      }
    } else if (shareBp !== null) {
      const status = entryStatusAtStage('expected', project.project_stage);
      [entry] = await tx
        .insert(earningEntries)
        .values({
          user_id: owner.id,
          project_id: projectId,
          kind: 'deal',
          company_name: project.company_name,
          share_bp: shareBp,
          net_profit_cents: profitCents,
          amount_cents: shareOfProfitCents(profitCents, shareBp),
          created_by: actorId,
          ...stamped(status, now),
        })
        .returning();
      if (entry) {
        webhooks += await enqueueWebhookEvents(tx, [earningsEntryEvent(entry)]);
        notices.push({
          userId: owner.id,
          title: 'Earnings recorded',
          message: `${projectName(project)}: ${money(entry.amount_cents)} (${entry.share_bp! / 100} % of the net profit) is ${entry.status === 'approved' ? 'approved' : entry.status === 'void' ? 'void, as the project is archived' : 'expected'}.`,
          projectId,
        });
      }
    }

    await recordAudit(tx, {
      actorId,
      action: before ? 'deal_updated' : 'deal_recorded',
      entityType: 'project',
      entityId: projectId,
      changes: Object.fromEntries(
        (
          [
            ['contract_value_usd', before ? toUsd(before.contract_value_cents) : null, body.contract_value_usd],
            ['net_profit_usd', before ? toUsd(before.net_profit_cents) : null, body.net_profit_usd],
          ] as const
        )
          .filter(([, was, now]) => was !== now)
          .map(([field, was, now]) => [field, { before: was, after: now }]),
      ),
    });
    return { response: await dealResponse(tx, projectId, deal, entry, entry?.share_bp ?? shareBp), notified: await notify(tx, notices), webhooks };
  });
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  return response;
}

/** POST /api/admin/earnings/{entryId}/approve: an expected entry approved before Project Completion. */
export async function approveEntry(ctx: AppContext, actorId: number, entryId: number): Promise<EarningEntry> {
  const { entry, notified, webhooks } = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(earningEntries).where(eq(earningEntries.id, entryId)).for('update');
    if (!current) throw notFound('Earnings entry');
    if (current.status === 'approved') return { entry: current, notified: [], webhooks: 0 };
    if (current.status !== 'expected') throw new AppError('conflict', current.status === 'paid' ? 'This entry is already paid.' : 'This entry is void: its project was archived before approval.');
    const now = new Date();
    const [updated] = await tx.update(earningEntries).set({ ...stamped('approved', now), updated_at: now }).where(eq(earningEntries.id, entryId)).returning();
    if (!updated) throw notFound('Earnings entry');
    const webhooks = await enqueueWebhookEvents(tx, [earningsEntryEvent(updated)]);
    await recordAudit(tx, { actorId, action: 'earning_approved', entityType: 'user', entityId: updated.user_id, changes: { status: { before: 'expected', after: 'approved' }, record_id: { before: null, after: updated.id } } });
    const notice = statusNotice(updated, { id: updated.project_id ?? 0, company_name: updated.company_name });
    return { entry: updated, notified: notice ? await notify(tx, [{ ...notice, projectId: updated.project_id }]) : [], webhooks };
  });
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  return toEntryResponse(entry);
}

/** POST /api/admin/earnings/adjustments: a correction entry, approved at once (negative allowed). */
export async function addAdjustment(ctx: AppContext, actorId: number, input: { user_id: number; amount_usd: number; reason: string }): Promise<EarningEntry> {
  const { entry, notified, webhooks } = await ctx.db.transaction(async (tx) => {
    await userRow(tx, input.user_id);
    const now = new Date();
    const [row] = await tx
      .insert(earningEntries)
      .values({ user_id: input.user_id, kind: 'adjustment', amount_cents: toCents(input.amount_usd), status: 'approved', approved_at: now, reason: input.reason, created_by: actorId })
      .returning();
    if (!row) throw new Error('insert returned no row');
    const webhooks = await enqueueWebhookEvents(tx, [earningsEntryEvent(row)]);
    await recordAudit(tx, { actorId, action: 'earning_adjusted', entityType: 'user', entityId: input.user_id, changes: { amount_usd: { before: null, after: input.amount_usd }, reason: { before: null, after: input.reason }, record_id: { before: null, after: row.id } } });
    const notified = await notify(tx, [{ userId: input.user_id, title: 'Earnings adjusted', message: `An adjustment of ${money(row.amount_cents)}: ${input.reason}`, projectId: null }]);
    return { entry: row, notified, webhooks };
  });
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  return toEntryResponse(entry);
}

export async function payoutResponses(db: Executor, rows: PayoutRow[]): Promise<Payout[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.user_id, row.paid_by].filter((id): id is number => id !== null)))];
  const names = new Map((ids.length ? await db.select({ id: users.id, name: fullName }).from(users).where(inArray(users.id, ids)) : []).map((user) => [user.id, user.name]));
  return rows.map((row) => ({
    id: row.id,
    user_id: row.user_id,
    user_name: names.get(row.user_id) ?? '',
    amount_usd: toUsd(row.amount_cents),
    reference: row.reference,
    paid_by_name: row.paid_by === null ? null : (names.get(row.paid_by) ?? null),
    method: row.method,
    status: row.status,
    failure_reason: row.failure_reason,
    settled_at: row.settled_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }));
}

/** Why a payout is refused: the codes a payout run answers per refused partner. */
export type PayoutRefusal = 'nothing_payable' | 'below_minimum' | PayoutBlockCode | 'not_found' | 'amount_changed';

/** A partner nothing can be paid to now: a 409 `conflict` whose `refusal` says why. */
export class PayoutRefused extends AppError {
  constructor(
    readonly refusal: PayoutRefusal,
    message: string,
  ) {
    // A missing tax form is its own 422 (issue 38); a missing payout account, like the balance rules, a 409.
    super(refusal === 'not_found' ? 'not_found' : refusal === 'tax_form_required' ? 'tax_form_required' : 'conflict', message);
    this.name = 'PayoutRefused';
  }
}

/** Why a partner cannot be paid now, whatever their balance. */
export interface PayoutBlock {
  code: PayoutBlockCode;
  message: string;
}

/**
 * The one place that decides whether partners may be paid now, beyond their balance (issue 38):
 * no W-9 tax form (`tax_form_required`), or nowhere to send the money (`payout_account_required`:
 * no payout account at the configured provider that is ready for payouts). Payables show the
 * reason and every payout, single or in a run, is refused with it.
 */
export async function payoutBlocks(db: Executor, userIds: readonly number[], provider: PayoutProviderKind): Promise<Map<number, PayoutBlock>> {
  const blocks = new Map<number, PayoutBlock>();
  if (userIds.length === 0) return blocks;
  const rows = await db
    .select({ id: users.id, name: fullName, form: taxForms.user_id, account: payoutAccounts.status, accountProvider: payoutAccounts.provider })
    .from(users)
    .leftJoin(taxForms, eq(taxForms.user_id, users.id))
    .leftJoin(payoutAccounts, eq(payoutAccounts.user_id, users.id))
    .where(inArray(users.id, [...userIds]));
  for (const row of rows) {
    if (row.form === null) blocks.set(row.id, { code: 'tax_form_required', message: `${row.name} has not given their W-9 tax form: no payout can be made until they do (on their Earnings page).` });
    else if (row.account !== 'active' || row.accountProvider !== provider)
      blocks.set(row.id, { code: 'payout_account_required', message: `${row.name} has no payout account ready to receive payouts: they set it up on their Earnings page.` });
  }
  return blocks;
}

/** The tier minimum of an account type, in cents (zero for tiers without one). */
export const minimumPayoutCents = (settings: EarningsSettings, accountType: string): number => tierTerms(settings, accountType).minimumCents;

export interface PaidPartner extends LedgerFollowUp {
  payout: PayoutRow;
  entries: EarningEntryRow[];
}

/**
 * Pays the partner's whole payable balance (DOMAIN.md 2) inside the caller's transaction, with
 * its audit entry and the partner's notification (pushed by the caller after the commit). The
 * partner's user row is locked first and the approved entries read after it, so two
 * administrators paying at once (one payout or two runs) cannot pay an entry twice: the second
 * waits, then finds nothing approved. POST /api/admin/payouts and the payout run both pay here.
 * The run gives `expectedCents`, the balance its administrator confirmed: a payable balance that
 * differs now (an entry approved, voided or adjusted since) is refused `amount_changed`, read
 * after the lock so nothing can change it between the check and the payout.
 */
export async function payPartner(tx: Executor, provider: PayoutProviderKind, actorId: number, userId: number, reference: string, expectedCents?: number): Promise<PaidPartner> {
  const [partner] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!partner) throw new PayoutRefused('not_found', 'User not found.');
  // Issue 38 item 4: clawbacks due now are applied under the lock, before the balance is read.
  const clawbacks = await applyDueClawbacks(tx, { userId: partner.id });
  const minimumCents = minimumPayoutCents((await readEarningsSettings(tx)).value, partner.account_type);
  const approved = await tx.select().from(earningEntries).where(and(eq(earningEntries.user_id, partner.id), eq(earningEntries.status, 'approved'))).for('update');
  const { payable_cents, approved_cents } = ledgerTotals(approved, minimumCents);
  if (payable_cents <= 0) {
    if (approved_cents <= 0) throw new PayoutRefused('nothing_payable', 'Nothing is payable: the partner has no approved earnings to pay.');
    throw new PayoutRefused('below_minimum', `Nothing is payable yet: the approved ${money(approved_cents)} is below the minimum payout of ${money(minimumCents)}.`);
  }
  // A balance is owed but cannot be sent: the block says why (checked after the balance, so a
  // partner owed nothing hears that first).
  const blocked = (await payoutBlocks(tx, [partner.id], provider)).get(partner.id);
  if (blocked) throw new PayoutRefused(blocked.code, blocked.message);
  if (expectedCents !== undefined && payable_cents !== expectedCents) {
    const name = `${partner.first_name} ${partner.last_name}`.trim();
    throw new PayoutRefused('amount_changed', `${name}'s payable balance is now ${money(payable_cents)}, not ${money(expectedCents)}: reload Payables and confirm again.`);
  }
  const now = new Date();
  // Pending until the provider says paid or failed (issue 38 item 2): the caller sends it after the commit.
  const [payout] = await tx.insert(payouts).values({ user_id: partner.id, amount_cents: payable_cents, reference, paid_by: actorId, method: provider, status: 'pending', created_at: now, updated_at: now }).returning();
  if (!payout) throw new Error('insert returned no row');
  const paid = await tx
    .update(earningEntries)
    .set({ status: 'paid', payout_id: payout.id, paid_at: now, updated_at: now })
    .where(inArray(earningEntries.id, approved.map((entry) => entry.id)))
    .returning();
  const webhooks = clawbacks.webhooks + (await enqueueWebhookEvents(tx, paid.map(earningsEntryEvent)));
  await recordAudit(tx, { actorId, action: 'payout_recorded', entityType: 'user', entityId: partner.id, changes: { amount_usd: { before: null, after: toUsd(payable_cents) }, reference: { before: null, after: reference }, record_id: { before: null, after: payout.id } } });
  const notified = await notify(tx, [{ userId: partner.id, title: 'Payout on its way', message: `A payout of ${money(payable_cents)} is on its way to your bank account (reference ${reference}).`, projectId: null }]);
  return { payout, entries: paid, notified: [...clawbacks.notified, ...notified], webhooks };
}

/** POST /api/admin/payouts: one partner's payout in its own transaction (409 when nothing is payable). */
export async function recordPayout(ctx: AppContext, actorId: number, input: { user_id: number; reference: string }): Promise<PayoutWithEntries> {
  const { payout, entries, notified, webhooks } = await ctx.db.transaction((tx) => payPartner(tx, ctx.payouts.kind, actorId, input.user_id, input.reference));
  await publishNotifications(ctx, notified);
  if (webhooks > 0) ctx.webhooks.wake();
  // Sent after the commit; a refusal at once fails it (and its entries are approved again).
  await sendPayouts(ctx, [payout.id]);
  const [now] = await ctx.db.select().from(payouts).where(eq(payouts.id, payout.id));
  const current = await ctx.db.select().from(earningEntries).where(inArray(earningEntries.id, entries.map((entry) => entry.id)));
  const [response] = await payoutResponses(ctx.db, [now ?? payout]);
  return { ...response!, entries: current.sort((a, b) => a.id - b.id).map((entry) => toEntryResponse(entry)) };
}

/** GET /api/admin/payouts: newest first, optionally one partner's. */
export async function listPayouts(ctx: AppContext, query: z.infer<typeof payoutsQuerySchema>): Promise<{ rows: Payout[]; total: number }> {
  const where = query.user_id === undefined ? undefined : eq(payouts.user_id, query.user_id);
  const [totals] = await ctx.db.select({ n: count() }).from(payouts).where(where);
  const rows = await ctx.db.select().from(payouts).where(where).orderBy(desc(payouts.created_at), desc(payouts.id)).limit(query.per_page).offset(offsetOf(query));
  return { rows: await payoutResponses(ctx.db, rows), total: totals?.n ?? 0 };
}

/** GET /api/user/earnings (the caller) and GET /api/admin/users/{id}/earnings: one partner's ledger. */
export async function earningsOf(ctx: AppContext, userId: number): Promise<Earnings> {
  const user = await userRow(ctx.db, userId);
  const settings = (await readEarningsSettings(ctx.db)).value;
  const { shareBp, minimumCents } = tierTerms(settings, user.account_type);
  const now = new Date();
  // A clawback due now reads as applied (approved) before the job writes it (issue 38 item 4).
  const entries = (await ctx.db.select().from(earningEntries).where(eq(earningEntries.user_id, userId)).orderBy(desc(earningEntries.updated_at), desc(earningEntries.id))).map((entry) => asReadAt(entry, now));
  const paid = await ctx.db.select().from(payouts).where(eq(payouts.user_id, userId)).orderBy(desc(payouts.created_at), desc(payouts.id));
  const totals = ledgerTotals(entries, minimumCents);
  const { clawback_window_days } = (await readPayoutSettings(ctx.db)).value;
  const atRisk = atRiskOf(entries, clawback_window_days, now);
  return {
    // An entry clawed back in full is no longer at risk: no `clawback_until`.
    entries: entries.map((entry) => {
      const answer = toEntryResponse(entry, clawback_window_days, now);
      return answer.clawback_until && !atRisk.byEntry.has(entry.id) ? { ...answer, clawback_until: null } : answer;
    }),
    totals: { expected_usd: toUsd(totals.expected_cents), approved_usd: toUsd(totals.approved_cents), paid_usd: toUsd(totals.paid_cents), payable_usd: toUsd(totals.payable_cents) },
    share_rate: shareBp === null ? null : shareBp / 10_000,
    minimum_payout_usd: toUsd(minimumCents),
    share_ladder: {
      referral_partner: settings.tiers.referral_partner.share_rate,
      sales_partner: settings.tiers.sales_partner.share_rate,
      enterprize_partner: settings.tiers.enterprize_partner.share_rate,
    },
    payouts: await payoutResponses(ctx.db, paid),
    next_tier: nextTierOf(user.account_type, settings),
    at_risk: { amount_usd: toUsd(atRisk.cents), until: atRisk.until?.toISOString() ?? null },
    statements: await listStatements(ctx.db, userId),
  };
}
