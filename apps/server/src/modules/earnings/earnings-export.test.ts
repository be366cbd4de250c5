import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningEntries, payouts } from '../../db/schema/index.js';
import { createTestApp, createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { makePayoutReady } from '../../test/payout-ready.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin({ BUSINESS_TIME_ZONE: 'America/Los_Angeles' })));
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object, who: SignedIn = admin, app: TestApp = t) =>
  app.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });
const today = () => new Date().toISOString().slice(0, 10);
function records(res: { rawPayload: Buffer }): string[][] {
  const text = res.rawPayload.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1)) as string[][];
}

/** 21:30 on Feb 28 in Los Angeles, already Mar 1 in UTC and 14:30 on Mar 1 in Tokyo. */
const EVENING = new Date('2026-03-01T05:30:00Z');
const NOON = new Date('2026-03-02T20:00:00Z');

let partner: SignedIn;
let projectId: number;
let dealEntryId: number;
let adjustmentId: number;
let payoutId: number;

beforeAll(async () => {
  partner = await t.signIn({ first_name: '=Sum(A1)', last_name: 'Smith, "Jo"', account_type: 'sales_partner', email: 'csv-partner@example.com' });
  await makePayoutReady(t, partner.user.id);
  const created = await call('POST', '/admin/projects', { project: { user_id: partner.user.id, company_name: '@Evil Co', project_stage: 'Project Completion' } });
  projectId = created.json().id;
  const deal = await call('PUT', `/admin/projects/${projectId}/deal`, { contract_value_usd: 123_456.78, net_profit_usd: 2_057.5 }); // 60 % = 1,234.50
  dealEntryId = deal.json().deal.entry.id;
  const paid = await call('POST', '/admin/payouts', { user_id: partner.user.id, reference: '+ACH 0042' });
  expect(paid.statusCode, paid.body).toBe(201);
  payoutId = paid.json().id;
  const adjustment = await call('POST', '/admin/earnings/adjustments', { user_id: partner.user.id, amount_usd: -120, reason: '-Overpaid, see "memo"' });
  adjustmentId = adjustment.json().id;
  await t.db.update(earningEntries).set({ created_at: EVENING, approved_at: EVENING, paid_at: NOON }).where(eq(earningEntries.id, dealEntryId));
  await t.db.update(earningEntries).set({ created_at: NOON, approved_at: NOON }).where(eq(earningEntries.id, adjustmentId));
  await t.db.update(payouts).set({ created_at: EVENING }).where(eq(payouts.id, payoutId));
});

describe('GET /api/admin/earnings.csv (issue 37 item 1)', () => {
  it('writes every ledger entry with its partner, deal, share, plain amounts and dates in the business time zone', async () => {
    const res = await call('GET', '/admin/earnings.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="earnings-${today()}.csv"; filename*=UTF-8''earnings-${today()}.csv`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = records(res);
    expect(rows[0]).toEqual(['Entry ID', 'Partner Name', 'Partner Email', 'Project ID', 'Company', 'Kind', 'Deal Contract Value', 'Net Profit', 'Share %', 'Amount', 'Status', 'Reason', 'Created', 'Approved', 'Paid', 'Voided', 'Payout ID']);
    const mine = rows.filter((row) => row[2] === 'csv-partner@example.com');
    expect(mine).toEqual([
      [String(dealEntryId), `'=Sum(A1) Smith, "Jo"`, 'csv-partner@example.com', String(projectId), "'@Evil Co", 'Deal', '123456.78', '2057.5', '60', '1234.5', 'Paid', '', '2026-02-28', '2026-02-28', '2026-03-02', '', String(payoutId)],
      [String(adjustmentId), `'=Sum(A1) Smith, "Jo"`, 'csv-partner@example.com', '', '', 'Adjustment', '', '', '', '-120', 'Approved', `'-Overpaid, see "memo"`, '2026-03-02', '2026-03-02', '', '', ''],
    ]);
    // Quoted as RFC 4180 wants: the comma and the quotes inside a quoted cell.
    expect(res.rawPayload.toString('utf8')).toContain(`,"'-Overpaid, see ""memo""",`);
    // Every entry of the ledger, in id order.
    const ids = rows.slice(1).map((row) => Number(row[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids.length).toBe((await t.db.select().from(earningEntries)).length);
  });

  it('dates each entry on its day in BUSINESS_TIME_ZONE: another zone, another day', async () => {
    const tokyo = await createTestApp({ BUSINESS_TIME_ZONE: 'Asia/Tokyo' }, { sameDatabaseAs: t });
    try {
      const tokyoAdmin = await tokyo.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
      const row = records(await call('GET', '/admin/earnings.csv', undefined, tokyoAdmin, tokyo)).find((cells) => cells[0] === String(dealEntryId));
      expect(row?.slice(12, 15)).toEqual(['2026-03-01', '2026-03-01', '2026-03-03']);
      const payout = records(await call('GET', '/admin/payouts.csv', undefined, tokyoAdmin, tokyo)).find((cells) => cells[0] === String(payoutId));
      expect(payout?.[6]).toBe('2026-03-01');
    } finally {
      await tokyo.close();
    }
  });
});

describe('GET /api/admin/payouts.csv (issue 37 item 1)', () => {
  it('writes every payout with its partner, plain amount, reference neutralised, who paid, the day and its entries', async () => {
    const res = await call('GET', '/admin/payouts.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="payouts-${today()}.csv"; filename*=UTF-8''payouts-${today()}.csv`);
    const rows = records(res);
    expect(rows[0]).toEqual(['Payout ID', 'Partner', 'Partner Email', 'Amount', 'Reference', 'Paid By', 'Paid Date', 'Status', 'Settled Date', 'Failure Reason', 'Entry IDs']);
    // Sent through the local provider and not settled yet: on its way (issue 38).
    expect(rows.filter((row) => row[0] === String(payoutId))).toEqual([[String(payoutId), `'=Sum(A1) Smith, "Jo"`, 'csv-partner@example.com', '1234.5', "'+ACH 0042", 'Avery Admin', '2026-02-28', 'On its way', '', '', String(dealEntryId)]]);
  });

  it('lists the entries a payout paid, space-separated in id order', async () => {
    const sales = await t.signIn({ first_name: 'Multi', last_name: 'Entry', account_type: 'sales_partner' });
    await makePayoutReady(t, sales.user.id);
    const entryIds: number[] = [];
    for (const name of ['One', 'Two']) {
      const project = (await call('POST', '/admin/projects', { project: { user_id: sales.user.id, company_name: name, project_stage: 'Project Completion' } })).json().id;
      entryIds.push((await call('PUT', `/admin/projects/${project}/deal`, { contract_value_usd: 1000, net_profit_usd: 100 })).json().deal.entry.id);
    }
    const run = await call('POST', '/admin/payout_runs', { payout_run: { payments: [{ user_id: sales.user.id, payable_usd: 120 }], reference: 'Run 7' } });
    const id = run.json().payouts[0].id;
    const row = records(await call('GET', '/admin/payouts.csv')).find((cells) => cells[0] === String(id));
    expect(row?.slice(3, 11)).toEqual(['120', 'Run 7', 'Avery Admin', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'On its way', '', '', entryIds.join(' ')]);
  });
});
