import type { EarningEntryKind, EarningEntryStatus, PayoutStatus } from '@sunin/contract';
import { addMonths, monthEndIn, monthStartIn } from '../../lib/business-date.js';
import { projectName } from '../projects/project-name.js';

/**
 * A partner's monthly statement (issue 38 item 3, docs/decisions/048), computed from the ledger's
 * rows alone, so it can be checked on random ledgers. The balance is what the business owes the
 * partner: approved and not yet paid out. An entry counts from its approval until it is voided
 * (an approved deal entry voided when its deal is cancelled, a clawback voided with the deal
 * entry it claws back): voiding is a movement of its own month, never a rewrite of the months
 * before. At an instant t,
 *
 *   balance(t) = the amounts of entries approved before t and not voided before t (deal,
 *                adjustment and clawback entries now approved or paid, or void with an
 *                `approved_at` before their `voided_at`; an expected entry, or one voided before
 *                it was approved, never counted)
 *              - the amounts of payouts created before t that had not failed before t.
 *
 * A month is [start, end) in BUSINESS_TIME_ZONE: opening = balance(start), closing = balance(end),
 * and between them each approval, each voiding of a counted entry (minus its amount, in the
 * adjustments) and each payout is a line, and each payout that failed in the month is a line
 * giving its amount back. So closing = opening + earned + adjustments + payouts.
 */

/** The columns of an earning entry a statement reads. */
export interface StatementEntryRow {
  id: number;
  kind: EarningEntryKind;
  status: EarningEntryStatus;
  amount_cents: number;
  project_id: number | null;
  company_name: string;
  reason: string;
  approved_at: Date | null;
  voided_at: Date | null;
  created_at: Date;
  /** A deal entry's deal was cancelled (names a voided line's cause); absent reads as no. */
  deal_cancelled?: boolean;
}

/** The columns of a payout a statement reads. */
export interface StatementPayoutRow {
  id: number;
  amount_cents: number;
  status: PayoutStatus;
  reference: string;
  failure_reason: string | null;
  created_at: Date;
  settled_at: Date | null;
}

export type StatementLineKind = 'earned' | 'adjustment' | 'clawback' | 'voided' | 'payout' | 'payout_failed';

export interface StatementLine {
  at: Date;
  kind: StatementLineKind;
  description: string;
  amount_cents: number;
}

export interface Statement {
  month: string;
  /** The first instant of the month and the first of the next, in the business time zone. */
  start: Date;
  end: Date;
  opening_cents: number;
  /** Deal entries approved in the month. */
  earned_cents: number;
  /** Adjustments and clawbacks approved in the month, and minus the counted entries voided in it. */
  adjustments_cents: number;
  /** Minus the payouts created in the month, plus the ones that failed in it (returned). */
  payouts_cents: number;
  closing_cents: number;
  /** Every movement of the month, in time order. */
  lines: StatementLine[];
}

/**
 * When an entry counted towards the balance: from its approval (older rows without one, their
 * creation) until it was voided (null: still counts), or never (null). A void entry counted only
 * when it was approved before it was voided; one voided without a `voided_at`, which no path
 * writes, is taken as never counted.
 */
export function countedSpan(entry: StatementEntryRow): { from: Date; until: Date | null } | null {
  if (entry.status === 'approved' || entry.status === 'paid') return { from: entry.approved_at ?? entry.created_at, until: null };
  if (entry.status === 'void' && entry.approved_at && entry.voided_at && entry.voided_at.getTime() > entry.approved_at.getTime()) return { from: entry.approved_at, until: entry.voided_at };
  return null;
}

/** When an entry started to count towards the balance, or null when it never did. */
export const approvedAt = (entry: StatementEntryRow): Date | null => countedSpan(entry)?.from ?? null;

/** When an entry that counted stopped counting (voided), or null. */
export const voidedAt = (entry: StatementEntryRow): Date | null => countedSpan(entry)?.until ?? null;

/** When a payout gave its amount back: when it failed (a failed payout without a date, at once), or never. */
export function returnedAt(payout: StatementPayoutRow): Date | null {
  return payout.status === 'failed' ? (payout.settled_at ?? payout.created_at) : null;
}

/** What the business owed the partner just before `at` (approved and not paid out). */
export function balanceBefore(entries: readonly StatementEntryRow[], payouts: readonly StatementPayoutRow[], at: Date): number {
  const t = at.getTime();
  let cents = 0;
  for (const entry of entries) {
    const span = countedSpan(entry);
    if (span && span.from.getTime() < t && (span.until === null || span.until.getTime() >= t)) cents += entry.amount_cents;
  }
  for (const payout of payouts) {
    if (payout.created_at.getTime() >= t) continue;
    const returned = returnedAt(payout);
    if (!returned || returned.getTime() >= t) cents -= payout.amount_cents;
  }
  return cents;
}

const inMonth = (at: Date | null, start: Date, end: Date): at is Date => at !== null && at.getTime() >= start.getTime() && at.getTime() < end.getTime();
const ORDER: Record<StatementLineKind, number> = { earned: 0, adjustment: 1, clawback: 2, payout_failed: 3, voided: 4, payout: 5 };

/** The name a line gives an entry's project: the name kept on the entry, so a deleted project still names its line. */
function projectOf(entry: StatementEntryRow): string | null {
  return entry.company_name.trim() || (entry.project_id === null ? null : projectName({ id: entry.project_id, company_name: '' }));
}

function entryLine(entry: StatementEntryRow, at: Date): StatementLine {
  const project = projectOf(entry);
  if (entry.kind === 'deal') return { at, kind: 'earned', description: `Earned: ${project ?? 'a deal'}`, amount_cents: entry.amount_cents };
  const label = entry.kind === 'clawback' ? 'Clawback' : 'Adjustment';
  const reason = entry.reason.trim();
  const description = [label, project, reason].filter(Boolean).join(': ');
  return { at, kind: entry.kind, description, amount_cents: entry.amount_cents };
}

/** A counted entry voided: its amount leaves the balance in the month it was voided. */
function voidLine(entry: StatementEntryRow, at: Date): StatementLine {
  const project = projectOf(entry);
  const parts =
    entry.kind === 'deal'
      ? ['Voided', project ?? 'a deal', entry.deal_cancelled ? 'deal cancelled' : '']
      : [entry.kind === 'clawback' ? 'Clawback voided' : 'Adjustment voided', project, entry.reason.trim()];
  return { at, kind: 'voided', description: parts.filter(Boolean).join(': '), amount_cents: -entry.amount_cents };
}

/** One month's statement (`YYYY-MM` in `timeZone`) from a partner's entries and payouts. */
export function computeStatement(entries: readonly StatementEntryRow[], payouts: readonly StatementPayoutRow[], month: string, timeZone: string): Statement {
  const start = monthStartIn(timeZone, month);
  const end = monthEndIn(timeZone, month);
  const lines: StatementLine[] = [];
  for (const entry of entries) {
    const span = countedSpan(entry);
    if (!span) continue;
    if (inMonth(span.from, start, end)) lines.push(entryLine(entry, span.from));
    if (inMonth(span.until, start, end)) lines.push(voidLine(entry, span.until));
  }
  for (const payout of payouts) {
    if (inMonth(payout.created_at, start, end)) lines.push({ at: payout.created_at, kind: 'payout', description: `Payout #${payout.id} (${payout.reference})`, amount_cents: -payout.amount_cents });
    const returned = returnedAt(payout);
    if (inMonth(returned, start, end)) {
      const why = payout.failure_reason?.trim() || 'no reason given';
      lines.push({ at: returned, kind: 'payout_failed', description: `Payout #${payout.id} failed: ${why}, returned`, amount_cents: payout.amount_cents });
    }
  }
  lines.sort((a, b) => a.at.getTime() - b.at.getTime() || ORDER[a.kind] - ORDER[b.kind]);
  const sum = (kinds: StatementLineKind[]) => lines.reduce((total, line) => (kinds.includes(line.kind) ? total + line.amount_cents : total), 0);
  return {
    month,
    start,
    end,
    opening_cents: balanceBefore(entries, payouts, start),
    earned_cents: sum(['earned']),
    adjustments_cents: sum(['adjustment', 'clawback', 'voided']),
    payouts_cents: sum(['payout', 'payout_failed']),
    closing_cents: balanceBefore(entries, payouts, end),
    lines,
  };
}

/** The month of a partner's first ledger movement (an approval or a payout; a voiding comes after its approval), or null for none. */
export function firstActivityMonth(entries: readonly StatementEntryRow[], payouts: readonly StatementPayoutRow[], monthOf: (at: Date) => string): string | null {
  let first: Date | null = null;
  const consider = (at: Date | null) => {
    if (at && (first === null || at < first)) first = at;
  };
  for (const entry of entries) consider(approvedAt(entry));
  for (const payout of payouts) consider(payout.created_at);
  return first === null ? null : monthOf(first);
}

/** Whether a statement has anything to say: a movement in the month, or money owed either way. */
export const statementHasActivity = (statement: Statement): boolean => statement.lines.length > 0 || statement.opening_cents !== 0 || statement.closing_cents !== 0;

/** The months from `first` to `last`, both included. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let month = first; month <= last; month = addMonths(month, 1)) months.push(month);
  return months;
}
