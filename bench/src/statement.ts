/**
 * One month's earnings statement (npm run bench:statement; issue 38 item 3): a partner with 500
 * entries approved in the month (deals, adjustments and clawbacks) and payouts, one of them
 * failed and returned, computed from the rows (statement.ts) and laid out as a PDF
 * (statement-pdf.ts, about a dozen pages) in this process, as GET .../statement.pdf does after
 * reading the partner's rows. The first run (fonts loaded) apart, then the median and p95 of
 * BENCH_STATEMENT_RUNS runs beside the 300 ms target.
 */
import { computeStatement, type StatementEntryRow, type StatementPayoutRow } from '../../apps/server/src/modules/earnings/statement.js';
import { buildStatementPdf } from '../../apps/server/src/modules/earnings/statement-pdf.js';
import { fixed, kib, median, meets, note, percentile, printTable } from './lib/report.js';

const RUNS = Number(process.env.BENCH_STATEMENT_RUNS || 30);
const TARGET_MS = 300;
const ENTRIES = 500;
const ZONE = 'America/Los_Angeles';

function ledger(): { entries: StatementEntryRow[]; payouts: StatementPayoutRow[] } {
  const entries: StatementEntryRow[] = [];
  for (let index = 0; index < ENTRIES; index += 1) {
    const at = new Date(Date.UTC(2026, 10, 1 + (index % 29), 16, index % 60));
    const kind = index % 25 === 24 ? 'clawback' : index % 10 === 9 ? 'adjustment' : 'deal';
    const amount = kind === 'deal' ? 50_000 + ((index * 7919) % 400_000) : -(1_000 + ((index * 104_729) % 20_000));
    entries.push({ id: index + 1, kind, status: index % 3 === 0 ? 'paid' : 'approved', amount_cents: amount, project_id: 1_000 + index, company_name: `Customer ${index + 1} Cold Storage and Logistics`, reason: kind === 'deal' ? '' : 'Permit fee shared after the deal was corrected', approved_at: at, voided_at: null, created_at: at });
  }
  const payouts: StatementPayoutRow[] = [
    { id: 1, amount_cents: 4_000_000, status: 'failed', reference: 'tr_local_1', failure_reason: 'Account closed', created_at: new Date('2026-11-10T18:00:00Z'), settled_at: new Date('2026-11-12T18:00:00Z') },
    { id: 2, amount_cents: 4_000_000, status: 'paid', reference: 'tr_local_2', failure_reason: null, created_at: new Date('2026-11-14T18:00:00Z'), settled_at: new Date('2026-11-15T18:00:00Z') },
    { id: 3, amount_cents: 9_000_000, status: 'pending', reference: 'tr_local_3', failure_reason: null, created_at: new Date('2026-11-28T18:00:00Z'), settled_at: null },
  ];
  return { entries, payouts };
}

async function once(rows: ReturnType<typeof ledger>): Promise<Buffer> {
  const statement = computeStatement(rows.entries, rows.payouts, '2026-11', ZONE);
  return buildStatementPdf({ statement, partner: { name: 'Dana Partner', company_name: 'Dana Solar LLC' }, business: { name: 'SunIn', website: 'https://portal.sunin.example' }, timeZone: ZONE, generatedAt: new Date('2026-12-01T09:00:00Z') });
}

export async function runStatementBench(): Promise<void> {
  note(`\n## Earnings statement: one month of a partner with ${ENTRIES} entries, computed and laid out as a PDF, ${RUNS} runs`);
  const rows = ledger();
  let started = performance.now();
  const first = await once(rows);
  const firstMs = performance.now() - started;
  if (first.subarray(0, 5).toString() !== '%PDF-') throw new Error('The statement bench did not produce a PDF.');
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    started = performance.now();
    await once(rows);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const medianMs = median(times);
  const p95Ms = percentile(sorted, 95);
  printTable(`Statement PDF, one process (Node ${process.versions.node}), ${kib(first.length)} KiB`, ['measure', 'ms', 'target ms', 'meets'], [
    ['first run (loads the fonts)', fixed(firstMs, 1), '-', '-'],
    ['median', fixed(medianMs, 1), String(TARGET_MS), meets(medianMs < TARGET_MS)],
    ['p95', fixed(p95Ms, 1), String(TARGET_MS), meets(p95Ms < TARGET_MS)],
  ]);
}
