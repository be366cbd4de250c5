import { ledgerTotals } from '@sunin/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, monthIn, monthStartIn } from '../../lib/business-date.js';
import { balanceBefore, computeStatement, firstActivityMonth, monthsBetween, type StatementEntryRow, type StatementPayoutRow } from './statement.js';

const LA = 'America/Los_Angeles';
const HOUR = 3_600_000;

let nextId = 1;
function entry(fields: Partial<StatementEntryRow> & Pick<StatementEntryRow, 'kind' | 'amount_cents'>): StatementEntryRow {
  const at = fields.approved_at ?? new Date('2026-11-10T18:00:00Z');
  return { id: nextId++, status: 'approved', project_id: null, company_name: '', reason: '', approved_at: at, voided_at: null, created_at: at, ...fields };
}
function payout(fields: Partial<StatementPayoutRow> & Pick<StatementPayoutRow, 'amount_cents' | 'created_at'>): StatementPayoutRow {
  return { id: nextId++, status: 'paid', reference: 'ACH 1', failure_reason: null, settled_at: fields.created_at, ...fields };
}

describe('computeStatement (issue 38 item 3)', () => {
  it('opens with what was owed before the month, lists its movements and closes with the sum', () => {
    const entries = [
      entry({ kind: 'deal', amount_cents: 50_000, project_id: 7, company_name: 'Acme Solar', approved_at: new Date('2026-10-20T18:00:00Z'), status: 'paid' }),
      entry({ kind: 'deal', amount_cents: 120_000, project_id: 8, company_name: 'Beta Farms', approved_at: new Date('2026-11-03T18:00:00Z') }),
      entry({ kind: 'adjustment', amount_cents: -2_500, reason: 'Permit fee shared', approved_at: new Date('2026-11-05T18:00:00Z') }),
      entry({ kind: 'clawback', amount_cents: -10_000, project_id: 9, company_name: 'Gamma', reason: 'Deal cancelled', approved_at: new Date('2026-11-06T18:00:00Z') }),
      // Not approved: never on a statement.
      entry({ kind: 'deal', amount_cents: 999_999, status: 'expected', approved_at: null }),
      entry({ kind: 'deal', amount_cents: 888_888, status: 'void', approved_at: null }),
    ];
    const payouts = [
      payout({ id: 41, amount_cents: 50_000, created_at: new Date('2026-11-02T18:00:00Z'), status: 'failed', failure_reason: 'Account closed', settled_at: new Date('2026-11-04T18:00:00Z') }),
      payout({ id: 42, amount_cents: 157_500, created_at: new Date('2026-11-20T18:00:00Z'), status: 'pending', settled_at: null }),
    ];
    const statement = computeStatement(entries, payouts, '2026-11', LA);
    expect(statement.start.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(statement.end.toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(statement.opening_cents).toBe(50_000);
    expect(statement.earned_cents).toBe(120_000);
    expect(statement.adjustments_cents).toBe(-12_500);
    expect(statement.payouts_cents).toBe(-50_000 + 50_000 - 157_500);
    expect(statement.closing_cents).toBe(50_000 + 120_000 - 12_500 - 157_500);
    expect(statement.lines.map((line) => [line.description, line.amount_cents])).toEqual([
      ['Payout #41 (ACH 1)', -50_000],
      ['Earned: Beta Farms', 120_000],
      ['Payout #41 failed: Account closed, returned', 50_000],
      ['Adjustment: Permit fee shared', -2_500],
      ['Clawback: Gamma: Deal cancelled', -10_000],
      ['Payout #42 (ACH 1)', -157_500],
    ]);
  });

  it('dates a movement by the business time zone: 23:30 on the last evening in Los Angeles is that month', () => {
    const late = entry({ kind: 'deal', amount_cents: 1_000, approved_at: new Date('2026-12-01T07:30:00Z') }); // Nov 30, 23:30 PST
    expect(computeStatement([late], [], '2026-11', LA).earned_cents).toBe(1_000);
    expect(computeStatement([late], [], '2026-12', LA).opening_cents).toBe(1_000);
    expect(computeStatement([late], [], '2026-12', 'UTC').earned_cents).toBe(1_000);
  });

  it('counts a payout that failed in a later month as out at the month end, and returned in the month it failed', () => {
    const entries = [entry({ kind: 'deal', amount_cents: 30_000, approved_at: new Date('2026-10-05T18:00:00Z') })];
    const payouts = [payout({ amount_cents: 30_000, created_at: new Date('2026-10-25T18:00:00Z'), status: 'failed', failure_reason: 'Bank refused', settled_at: new Date('2026-11-02T18:00:00Z') })];
    const october = computeStatement(entries, payouts, '2026-10', LA);
    const november = computeStatement(entries, payouts, '2026-11', LA);
    expect(october.closing_cents).toBe(0);
    expect(november.opening_cents).toBe(0);
    expect(november.payouts_cents).toBe(30_000);
    expect(november.closing_cents).toBe(30_000);
  });

  it('keeps an issued month true when an approved deal is voided later: the voiding is a line of its own month (the reviewer’s scenario)', () => {
    // D approved in October and unpaid; November's statement is issued with D in its closing;
    // the deal is cancelled in December, which voids D (clawbacks.service.ts cancelDeal).
    const d = entry({ kind: 'deal', amount_cents: 80_000, project_id: 12, company_name: 'Delta Dairy', approved_at: new Date('2026-10-14T18:00:00Z') });
    const other = entry({ kind: 'deal', amount_cents: 5_000, company_name: 'Echo Farms', approved_at: new Date('2026-12-02T18:00:00Z') });
    const before = [{ ...d }, other];
    const issuedOctober = computeStatement(before, [], '2026-10', LA);
    const issuedNovember = computeStatement(before, [], '2026-11', LA);
    expect([issuedNovember.opening_cents, issuedNovember.closing_cents]).toEqual([80_000, 80_000]);

    const after = [{ ...d, status: 'void' as const, voided_at: new Date('2026-12-09T18:00:00Z'), deal_cancelled: true }, other];
    // Re-downloading October and November gives what was issued.
    expect(computeStatement(after, [], '2026-10', LA)).toEqual(issuedOctober);
    expect(computeStatement(after, [], '2026-11', LA)).toEqual(issuedNovember);
    const december = computeStatement(after, [], '2026-12', LA);
    expect(december.opening_cents).toBe(issuedNovember.closing_cents);
    expect(december.earned_cents).toBe(5_000);
    expect(december.adjustments_cents).toBe(-80_000);
    expect(december.closing_cents).toBe(5_000);
    expect(december.closing_cents).toBe(december.opening_cents + december.earned_cents + december.adjustments_cents + december.payouts_cents);
    expect(december.lines.map((line) => [line.kind, line.description, line.amount_cents, line.at.toISOString()])).toEqual([
      ['earned', 'Earned: Echo Farms', 5_000, '2026-12-02T18:00:00.000Z'],
      ['voided', 'Voided: Delta Dairy: deal cancelled', -80_000, '2026-12-09T18:00:00.000Z'],
    ]);
    // January: nothing moves, D stays out.
    expect(computeStatement(after, [], '2027-01', LA)).toMatchObject({ opening_cents: 5_000, closing_cents: 5_000, lines: [] });
  });

  it('returns a failed payout and voids the returned entry with its clawback in the same month, each its own line', () => {
    // D approved and paid out in October by a payout still pending; the deal is cancelled in
    // November (a clawback, applied); the payout fails in December, which returns D, voids it
    // and voids the clawback. An expected clawback voided never counted: no line at all.
    const voidAt = new Date('2026-12-03T18:00:00Z');
    const d = entry({ kind: 'deal', amount_cents: 40_000, company_name: 'Delta Dairy', approved_at: new Date('2026-10-05T18:00:00Z'), status: 'void', voided_at: voidAt, deal_cancelled: true });
    const clawback = entry({ kind: 'clawback', amount_cents: -40_000, company_name: 'Delta Dairy', reason: 'Deal cancelled', approved_at: new Date('2026-11-20T18:00:00Z'), status: 'void', voided_at: voidAt });
    const neverCounted = entry({ kind: 'clawback', amount_cents: -9_000, company_name: 'Foxtrot', status: 'void', approved_at: null, voided_at: voidAt });
    const pending = payout({ id: 77, amount_cents: 40_000, created_at: new Date('2026-10-25T18:00:00Z'), status: 'failed', failure_reason: 'Account closed', settled_at: voidAt });
    const rows = [d, clawback, neverCounted];
    const [october, november, december] = ['2026-10', '2026-11', '2026-12'].map((month) => computeStatement(rows, [pending], month, LA));
    expect([october!.opening_cents, october!.closing_cents]).toEqual([0, 0]);
    expect([november!.opening_cents, november!.adjustments_cents, november!.closing_cents]).toEqual([0, -40_000, -40_000]);
    expect(december!.opening_cents).toBe(-40_000);
    expect(december!.lines.map((line) => [line.kind, line.description, line.amount_cents])).toEqual([
      ['payout_failed', 'Payout #77 failed: Account closed, returned', 40_000],
      ['voided', 'Voided: Delta Dairy: deal cancelled', -40_000],
      ['voided', 'Clawback voided: Delta Dairy: Deal cancelled', 40_000],
    ]);
    expect([december!.adjustments_cents, december!.payouts_cents, december!.closing_cents]).toEqual([0, 40_000, 0]);
  });

  it('never counts a void entry that was not approved before it was voided, or has no voiding time', () => {
    const at = new Date('2026-11-10T18:00:00Z');
    const rows = [
      entry({ kind: 'deal', amount_cents: 1_000, status: 'void', approved_at: null, voided_at: at }),
      entry({ kind: 'deal', amount_cents: 2_000, status: 'void', approved_at: at, voided_at: at }),
      entry({ kind: 'deal', amount_cents: 4_000, status: 'void', approved_at: at, voided_at: null }),
    ];
    for (const month of ['2026-10', '2026-11', '2026-12']) expect(computeStatement(rows, [], month, LA)).toMatchObject({ opening_cents: 0, closing_cents: 0, lines: [] });
    expect(firstActivityMonth(rows, [], (when) => monthIn(LA, when))).toBeNull();
  });

  it('knows the first month with activity', () => {
    const entries = [entry({ kind: 'deal', amount_cents: 1, approved_at: new Date('2026-03-01T07:00:00Z') }), entry({ kind: 'deal', amount_cents: 1, status: 'expected', approved_at: null, created_at: new Date('2025-01-01T00:00:00Z') })];
    expect(firstActivityMonth(entries, [], (at) => monthIn(LA, at))).toBe('2026-02');
    expect(firstActivityMonth([], [], (at) => monthIn(LA, at))).toBeNull();
    expect(monthsBetween('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
  });
});

/**
 * The reconciliation on random ledgers: events as the services write them (a deal approved or
 * expected and approved later, an adjustment either way, a clawback applied or still to come and
 * applied later, a deal cancelled: an expected or approved deal entry voided, a paid one clawed
 * back; a payout of the whole approved balance created pending or recorded paid, a pending payout
 * settling paid or failing later: a failure returns its entries, and a returned entry whose deal
 * was cancelled meanwhile is voided with its clawback, unless that was paid), over several
 * months around the daylight-saving changes.
 */
type Event =
  | { type: 'deal'; cents: number; gap: number }
  | { type: 'expected'; cents: number; gap: number }
  | { type: 'approve'; pick: number; gap: number }
  | { type: 'adjustment'; cents: number; gap: number }
  | { type: 'clawback'; cents: number; applied: boolean; gap: number }
  | { type: 'apply'; pick: number; gap: number }
  | { type: 'cancel'; pick: number; applied: boolean; inPending: boolean; gap: number }
  | { type: 'payout'; pending: boolean; gap: number }
  | { type: 'settle'; pick: number; fail: boolean; gap: number };

/** Minutes between events: up to about three weeks, so a ledger spans several months. */
const gap = fc.integer({ min: 1, max: 30_000 });
const eventArb: fc.Arbitrary<Event> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant('deal' as const), cents: fc.integer({ min: 1, max: 5_000_000 }), gap }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('expected' as const), cents: fc.integer({ min: 1, max: 5_000_000 }), gap }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('approve' as const), pick: fc.nat(), gap }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('adjustment' as const), cents: fc.integer({ min: -500_000, max: 500_000 }).filter((c) => c !== 0), gap }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('clawback' as const), cents: fc.integer({ min: 1, max: 2_000_000 }), applied: fc.boolean(), gap }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('apply' as const), pick: fc.nat(), gap }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('cancel' as const), pick: fc.nat(), applied: fc.boolean(), inPending: fc.boolean(), gap }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('payout' as const), pending: fc.boolean(), gap }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('settle' as const), pick: fc.nat(), fail: fc.boolean(), gap }) },
);

type LedgerEntry = StatementEntryRow & { payout_id: number | null; clawback_of: number | null };

interface Ledger {
  entries: LedgerEntry[];
  payouts: StatementPayoutRow[];
  /** After each event: its time, the approved unpaid balance as the entries' statuses said then, and the rows as they stood. */
  history: Array<{ at: number; approved: number; entries: StatementEntryRow[]; payouts: StatementPayoutRow[] }>;
  /** How many entries were voided after being approved, and of those after a payout failed (so the property is seen to cover both). */
  voidedAfterApproval: number;
  voidedAfterFailure: number;
  first: Date;
  last: Date;
}

function play(events: Event[], startAt: number): Ledger {
  const entries: LedgerEntry[] = [];
  const payouts: StatementPayoutRow[] = [];
  const history: Ledger['history'] = [];
  let voidedAfterApproval = 0;
  let voidedAfterFailure = 0;
  let id = 1;
  let t = startAt;
  const pickOf = <Row>(rows: Row[], pick: number): Row | undefined => rows[pick % Math.max(1, rows.length)];
  for (const event of events) {
    t += event.gap * 60_000;
    const at = new Date(t);
    const add = (fields: Partial<LedgerEntry> & Pick<StatementEntryRow, 'kind' | 'amount_cents'>) => {
      const row: LedgerEntry = { id: id++, status: 'approved', project_id: id, company_name: `Co ${id}`, reason: 'why', approved_at: at, voided_at: null, created_at: at, payout_id: null, clawback_of: null, ...fields };
      entries.push(row);
      return row;
    };
    /** As cancelDeal and the failed payout write it: `voided_at` set, `approved_at` kept. */
    const voidEntry = (row: LedgerEntry) => {
      if (row.status === 'approved') voidedAfterApproval += 1;
      Object.assign(row, { status: 'void', voided_at: at });
    };
    if (event.type === 'deal') add({ kind: 'deal', amount_cents: event.cents });
    else if (event.type === 'expected') add({ kind: 'deal', amount_cents: event.cents, status: 'expected', approved_at: null });
    else if (event.type === 'approve') {
      const row = pickOf(
        entries.filter((e) => e.kind === 'deal' && e.status === 'expected'),
        event.pick,
      );
      if (row) Object.assign(row, { status: 'approved', approved_at: at });
    } else if (event.type === 'adjustment') add({ kind: 'adjustment', amount_cents: event.cents });
    else if (event.type === 'clawback') add({ kind: 'clawback', amount_cents: -event.cents, ...(event.applied ? {} : { status: 'expected' as const, approved_at: null }) });
    else if (event.type === 'apply') {
      const row = pickOf(
        entries.filter((e) => e.kind === 'clawback' && e.status === 'expected'),
        event.pick,
      );
      if (row) Object.assign(row, { status: 'approved', approved_at: at });
    } else if (event.type === 'cancel') {
      // Half the time a deal paid by a pending payout, if any: the payout may fail afterwards.
      const cancellable = entries.filter((e) => e.kind === 'deal' && e.status !== 'void' && !e.deal_cancelled);
      const inPending = cancellable.filter((e) => payouts.some((p) => p.id === e.payout_id && p.status === 'pending'));
      const row = pickOf(event.inPending && inPending.length > 0 ? inPending : cancellable, event.pick);
      if (row) {
        row.deal_cancelled = true;
        if (row.status === 'paid') add({ kind: 'clawback', amount_cents: -row.amount_cents, project_id: row.project_id, company_name: row.company_name, clawback_of: row.id, ...(event.applied ? {} : { status: 'expected' as const, approved_at: null }) });
        else voidEntry(row);
      }
    } else if (event.type === 'payout') {
      const approved = entries.filter((row) => row.status === 'approved');
      const cents = approved.reduce((total, row) => total + row.amount_cents, 0);
      if (cents > 0) {
        const row: StatementPayoutRow = { id: id++, amount_cents: cents, status: event.pending ? 'pending' : 'paid', reference: `ref ${id}`, failure_reason: null, created_at: at, settled_at: event.pending ? null : at };
        payouts.push(row);
        for (const paid of approved) Object.assign(paid, { status: 'paid', payout_id: row.id });
      }
    } else {
      const row = pickOf(
        payouts.filter((p) => p.status === 'pending'),
        event.pick,
      );
      if (row) {
        Object.assign(row, { status: event.fail ? 'failed' : 'paid', settled_at: at, failure_reason: event.fail ? 'Account closed' : null });
        // A failed payout's entries are payable again, keeping their approval time; a deal
        // cancelled meanwhile has its entry voided, with its clawback unless that was paid.
        if (event.fail)
          for (const back of entries.filter((e) => e.payout_id === row.id)) {
            Object.assign(back, { status: 'approved', payout_id: null });
            if (back.kind !== 'deal' || !back.deal_cancelled) continue;
            const clawback = entries.find((e) => e.clawback_of === back.id);
            if (clawback?.status === 'paid') continue;
            voidEntry(back);
            voidedAfterFailure += 1;
            if (clawback && clawback.status !== 'void') voidEntry(clawback);
          }
      }
    }
    history.push({ at: t, approved: ledgerTotals(entries, 0).approved_cents, entries: entries.map((row) => ({ ...row })), payouts: payouts.map((row) => ({ ...row })) });
  }
  return { entries, payouts, history, voidedAfterApproval, voidedAfterFailure, first: new Date(startAt), last: new Date(t) };
}

describe('statements reconcile with the ledger on random ledgers (issue 38 item 3)', () => {
  it('chains month to month, adds up, ends at the approved balance, pays out what was paid and never changes a month once it has ended', () => {
    let voided = 0;
    let afterFailure = 0;
    fc.assert(
      fc.property(fc.array(eventArb, { minLength: 1, maxLength: 60, size: 'max' }), fc.constantFrom(LA, 'UTC', 'America/New_York', 'Australia/Sydney'), fc.integer({ min: 0, max: 11 }), (events, zone, startMonth) => {
        const ledger = play(events, monthStartIn(zone, addMonths('2026-01', startMonth)).getTime() + HOUR);
        voided += ledger.voidedAfterApproval;
        afterFailure += ledger.voidedAfterFailure;
        const months = monthsBetween(monthIn(zone, ledger.first), monthIn(zone, ledger.last));
        const statements = months.map((month) => computeStatement(ledger.entries, ledger.payouts, month, zone));
        expect(statements[0]!.opening_cents).toBe(0);
        statements.forEach((statement, index) => {
          expect(statement.closing_cents).toBe(statement.opening_cents + statement.earned_cents + statement.adjustments_cents + statement.payouts_cents);
          expect(statement.lines.reduce((total, line) => total + line.amount_cents, 0)).toBe(statement.closing_cents - statement.opening_cents);
          if (index > 0) expect(statement.opening_cents).toBe(statements[index - 1]!.closing_cents);
          // The closing is the approved unpaid balance the ledger's statuses showed at the month end.
          const before = ledger.history.filter((point) => point.at < statement.end.getTime());
          const atEnd = before[before.length - 1];
          expect(statement.closing_cents).toBe(atEnd ? atEnd.approved : 0);
          // Issued at the month end, the statement stays true: the ledger as it stood then gives the same one.
          expect(computeStatement(atEnd?.entries ?? [], atEnd?.payouts ?? [], statement.month, zone)).toEqual(statement);
          // Each voided line is an entry that counted and was voided in the month.
          for (const line of statement.lines.filter((l) => l.kind === 'voided')) {
            expect(ledger.entries.some((row) => row.status === 'void' && row.voided_at?.getTime() === line.at.getTime() && row.amount_cents === -line.amount_cents)).toBe(true);
          }
        });
        const last = statements[statements.length - 1]!;
        expect(last.closing_cents).toBe(ledgerTotals(ledger.entries, 0).approved_cents);
        expect(balanceBefore(ledger.entries, ledger.payouts, new Date(ledger.last.getTime() + 1))).toBe(last.closing_cents);
        const paidOut: number = ledger.payouts.filter((row) => row.status !== 'failed').reduce((total, row) => total + row.amount_cents, 0);
        expect(statements.reduce((total, statement) => total + statement.payouts_cents, 0)).toBe(0 - paidOut || 0);
        expect(statements.reduce((total, statement) => total + statement.lines.filter((line) => line.kind === 'payout' || line.kind === 'payout_failed').reduce((sum, line) => sum + line.amount_cents, 0), 0)).toBe(0 - paidOut || 0);
      }),
      { numRuns: 300 },
    );
    // The runs did void approved entries (directly and after a payout failed).
    expect(voided).toBeGreaterThan(100);
    expect(afterFailure).toBeGreaterThan(10);
  });
});
