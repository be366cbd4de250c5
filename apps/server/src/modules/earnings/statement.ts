import type { EarningEntryKind, EarningEntryStatus, PayoutStatus } from '@sunin/contract';
import { addMonths, monthEndIn, monthStartIn } from '../../lib/business-date.js';
import { projectName } from '../projects/project-name.js';

/**
 * A partner's monthly statement (issue 38 item 3, docs/decisions/048), computed from the ledger's
 * rows alone, so it can be checked on random ledgers. The balance is what the business owes the
 * partner: approved and not yet paid out. At an instant t,
 *
 *   balance(t) = the amounts of entries approved before t (deal, adjustment and clawback entries
 *                now approved or paid; an expected or void entry was never approved)
 *              - the amounts of payouts created before t that had not failed before t.
 *
 * A month is [start, end) in BUSINESS_TIME_ZONE: opening = balance(start), closing = balance(end),
 * and between them each approval and each payout is a line, and each payout that failed in the
 * month is a line giving its amount back. So closing = opening + earned + adjustments + payouts.
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
  created_at: Date;
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

export type StatementLineKind = 'earned' | 'adjustment' | 'clawback' | 'payout' | 'payout_failed';

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
  /** Adjustments and clawbacks approved in the month. */
  adjustments_cents: number;
  /** Minus the payouts created in the month, plus the ones that failed in it (returned). */
  payouts_cents: number;
  closing_cents: number;
  /** Every movement of the month, in time order. */
  lines: StatementLine[];
}

/** When an entry counted towards the balance: its approval (older rows without one, their creation), or never. */
export function approvedAt(entry: StatementEntryRow): Date | null {
  if (entry.status !== 'approved' && entry.status !== 'paid') return null;
  return entry.approved_at ?? entry.created_at;
}

/** When a payout gave its amount back: when it failed (a failed payout without a date, at once), or never. */
export function returnedAt(payout: StatementPayoutRow): Date | null {
  return payout.status === 'failed' ? (payout.settled_at ?? payout.created_at) : null;
}

/** What the business owed the partner just before `at` (approved and not paid out). */
export function balanceBefore(entries: readonly StatementEntryRow[], payouts: readonly StatementPayoutRow[], at: Date): number {
  const t = at.getTime();
  let cents = 0;
  for (const entry of entries) {
    const approved = approvedAt(entry);
    if (approved && approved.getTime() < t) cents += entry.amount_cents;
  }
  for (const payout of payouts) {
    if (payout.created_at.getTime() >= t) continue;
    const returned = returnedAt(payout);
    if (!returned || returned.getTime() >= t) cents -= payout.amount_cents;
  }
  return cents;
}

const inMonth = (at: Date | null, start: Date, end: Date): at is Date => at !== null && at.getTime() >= start.getTime() && at.getTime() < end.getTime();
const ORDER: Record<StatementLineKind, number> = { earned: 0, adjustment: 1, clawback: 2, payout_failed: 3, payout: 4 };

function entryLine(entry: StatementEntryRow, at: Date): StatementLine {
  // The project's name is kept on the entry, so a deleted project still names its line.
  const project = entry.company_name.trim() || (entry.project_id === null ? null : projectName({ id: entry.project_id, company_name: '' }));
  if (entry.kind === 'deal') return { at, kind: 'earned', description: `Earned: ${project ?? 'a deal'}`, amount_cents: entry.amount_cents };
  const label = entry.kind === 'clawback' ? 'Clawback' : 'Adjustment';
  const reason = entry.reason.trim();
  const description = [label, project, reason].filter(Boolean).join(': ');
  return { at, kind: entry.kind, description, amount_cents: entry.amount_cents };
}

/** One month's statement (`YYYY-MM` in `timeZone`) from a partner's entries and payouts. */
export function computeStatement(entries: readonly StatementEntryRow[], payouts: readonly StatementPayoutRow[], month: string, timeZone: string): Statement {
  const start = monthStartIn(timeZone, month);
  const end = monthEndIn(timeZone, month);
  const lines: StatementLine[] = [];
  for (const entry of entries) {
    const at = approvedAt(entry);
    if (inMonth(at, start, end)) lines.push(entryLine(entry, at));
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
    adjustments_cents: sum(['adjustment', 'clawback']),
    payouts_cents: sum(['payout', 'payout_failed']),
    closing_cents: balanceBefore(entries, payouts, end),
    lines,
  };
}

/** The month of a partner's first ledger movement (an approval or a payout), or null for none. */
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
