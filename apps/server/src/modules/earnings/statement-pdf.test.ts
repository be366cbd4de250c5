import { describe, expect, it } from 'vitest';
import { pdfText } from '../../test/pdf-text.js';
import { computeStatement, type StatementEntryRow, type StatementPayoutRow } from './statement.js';
import { buildStatementPdf, formatCents, monthLabel, statementFileName } from './statement-pdf.js';

const LA = 'America/Los_Angeles';
const business = { name: 'SunIn', website: 'https://portal.sunin.example' };
const partner = { name: 'Dana Partner', company_name: 'Dana Solar LLC' };
const generatedAt = new Date('2026-12-01T09:00:00Z');

function entries(count: number): StatementEntryRow[] {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(2026, 10, 1 + (index % 29), 18, index % 60));
    return { id: index + 1, kind: index % 10 === 9 ? 'adjustment' : 'deal', status: 'approved', amount_cents: index % 10 === 9 ? -12_000 : 123_450, project_id: index + 100, company_name: `Customer ${index + 1} Inc`, reason: 'Permit fee shared', approved_at: at, voided_at: null, created_at: at };
  });
}

describe('formatting (issue 38 item 3)', () => {
  it('writes money as dollars with cents, negatives with a minus before the sign', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
    expect(formatCents(-12_000)).toBe('-$120.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(100_000_000_000)).toBe('$1,000,000,000.00');
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(statementFileName('2026-11')).toBe('sunin-statement-2026-11.pdf');
  });
});

describe('buildStatementPdf (issue 38 item 3)', () => {
  it('titles the statement and shows who, the month, its days, the balances and each line', async () => {
    const rows = entries(3);
    rows[2] = { ...rows[2]!, kind: 'adjustment', amount_cents: -12_000, reason: 'Permit fee shared', project_id: null, company_name: '' };
    const payouts: StatementPayoutRow[] = [{ id: 9, amount_cents: 246_900, status: 'failed', reference: 'ACH 77', failure_reason: 'Account closed', created_at: new Date('2026-11-20T18:00:00Z'), settled_at: new Date('2026-11-22T18:00:00Z') }];
    const statement = computeStatement(rows, payouts, '2026-11', LA);
    const bytes = await buildStatementPdf({ statement, partner, business, timeZone: LA, generatedAt });
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { runs, pages } = pdfText(bytes);
    const text = runs.join('\n');
    expect(pages).toBe(1);
    for (const expected of ['Earnings statement', 'November 2026: Nov 1, 2026 to Nov 30, 2026', 'SunIn', 'Dana Partner, Dana Solar LLC', 'Opening balance', 'Closing balance', 'Earned: Customer 1 Inc', '$1,234.50', '-$120.00', 'Adjustment: Permit fee shared', 'Payout #9 (ACH 77)', '-$2,469.00', 'Payout #9 failed: Account closed, returned', '$2,469.00', 'Nov 2, 2026']) {
      expect(text, expected).toContain(expected);
    }
    // Closing: 2 x $1,234.50 - $120.00, the payout out and back.
    expect(text).toContain('$2,349.00');
  });

  it('is deterministic for one input', async () => {
    const statement = computeStatement(entries(5), [], '2026-11', LA);
    const first = await buildStatementPdf({ statement, partner, business, timeZone: LA, generatedAt });
    const second = await buildStatementPdf({ statement, partner, business, timeZone: LA, generatedAt });
    expect(first.equals(second)).toBe(true);
  });

  it('runs over several pages when long: 200 lines, each printed once, numbered pages, the header repeated', async () => {
    const statement = computeStatement(entries(200), [], '2026-11', LA);
    expect(statement.lines).toHaveLength(200);
    const { runs, pages } = pdfText(await buildStatementPdf({ statement, partner, business, timeZone: LA, generatedAt }));
    expect(pages).toBeGreaterThanOrEqual(4);
    const text = runs.join('\n');
    for (let index = 1; index <= 200; index += 1) {
      const description = index % 10 === 0 ? null : `Earned: Customer ${index} Inc`;
      if (description) expect(runs.filter((run) => run === description), description).toHaveLength(1);
    }
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Earnings (continued)');
  });

  it('says so when a month has no movement', async () => {
    const statement = computeStatement([], [], '2026-11', LA);
    const text = pdfText(await buildStatementPdf({ statement, partner, business, timeZone: LA, generatedAt })).runs.join('\n');
    expect(text).toContain('No earnings were approved this month.');
    expect(text).toContain('No payouts this month.');
    expect(text).toContain('$0.00');
  });
});
