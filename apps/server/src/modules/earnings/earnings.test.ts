import type { DealResponse, Earnings, EarningEntry, PayoutWithEntries } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEntries, earningEntries, notifications } from '../../db/schema/index.js';
import type { BusMessage } from '../../lib/bus.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { makePayoutReady } from '../../test/payout-ready.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

type Person = Awaited<ReturnType<TestApp['signIn']>>;
const as = (who: Person | null) => (who ? who.auth : {});
const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: Person | null = admin, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: as(who), ...(payload ? { payload } : {}) });

async function newProject(owner: Person, company_name: string, project_stage = 'Project Initiation'): Promise<number> {
  const res = await call('POST', '/admin/projects', admin, { project: { user_id: owner.user.id, company_name, project_stage } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const setStage = async (id: number, project_stage: string) => expect((await call('PUT', `/admin/projects/${id}`, admin, { project: { project_stage } })).statusCode).toBe(200);
async function recordDeal(id: number, contract_value_usd: number, net_profit_usd: number): Promise<DealResponse> {
  const res = await call('PUT', `/admin/projects/${id}/deal`, admin, { contract_value_usd, net_profit_usd });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const earningsOf = async (who: Person): Promise<Earnings> => (await call('GET', '/user/earnings', who)).json();
const titlesOf = async (who: Person) => (await t.db.select().from(notifications).where(eq(notifications.user_id, who.user.id)).orderBy(notifications.id)).map((note) => note.title).filter((title) => title.startsWith('Earnings') || title.startsWith('Payout'));

describe('deals and the ledger (issue 17 item 2)', () => {
  it('records a referral partner’s expected 20 %, approves it at Project Completion, and tells the partner live each time', async () => {
    const referral = await t.signIn({ first_name: 'Rae', account_type: 'referral_partner' });
    await makePayoutReady(t, referral.user.id);
    const other = await t.signIn({ first_name: 'Oli', account_type: 'sales_partner' });
    await makePayoutReady(t, other.user.id);
    const id = await newProject(referral, 'Harbor Cold Storage', 'Financing and Documentation');
    const published: BusMessage[] = [];
    const stop = t.app.ctx.bus.onMessage((message) => published.push(message));

    const before = await call('GET', `/admin/projects/${id}/deal`);
    expect(before.json()).toEqual({ deal: null, share_rate: 0.2 });
    const deal = await recordDeal(id, 250_000, 48_250.55);
    expect(deal.deal).toMatchObject({ contract_value_usd: 250_000, net_profit_usd: 48_250.55, recorded_by_name: 'Avery Admin' });
    expect(deal.deal?.entry).toMatchObject({ user_id: referral.user.id, project_id: id, company_name: 'Harbor Cold Storage', kind: 'deal', share_rate: 0.2, net_profit_usd: 48_250.55, amount_usd: 9650.11, status: 'expected' });

    await setStage(id, 'Project Completion');
    const mine = await earningsOf(referral);
    expect(mine.entries).toEqual([expect.objectContaining({ id: deal.deal!.entry!.id, status: 'approved', amount_usd: 9650.11 })]);
    expect(mine.totals).toEqual({ expected_usd: 0, approved_usd: 9650.11, paid_usd: 0, payable_usd: 9650.11 });
    expect(mine).toMatchObject({ share_rate: 0.2, minimum_payout_usd: 2500, payouts: [] });
    expect(await titlesOf(referral)).toEqual(['Earnings recorded', 'Earnings approved']);
    // Pushed to the partner as it happened, as notifications.
    // (Through Redis the messages come back asynchronously: wait for them.)
    const pushed = () =>
      published.flatMap((message) => ('userId' in message && 'event' in message && message.userId === referral.user.id && message.event.type === 'notification_created' ? [(message.event.payload as { title: string }).title] : []));
    await vi.waitFor(() => expect(pushed()).toEqual(expect.arrayContaining(['Earnings recorded', 'Earnings approved'])));
    stop();

    // Nobody else sees it.
    expect((await earningsOf(other)).entries).toEqual([]);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'project'), eq(auditEntries.entity_id, id), eq(auditEntries.action, 'deal_recorded')));
    expect(audit[0]?.changes).toEqual({ contract_value_usd: { before: null, after: 250_000 }, net_profit_usd: { before: null, after: 48_250.55 } });
  });

  it('holds a referral partner’s payout until the minimum, then pays the whole balance once', async () => {
    const referral = await t.signIn({ account_type: 'referral_partner' });
    await makePayoutReady(t, referral.user.id);
    const small = await newProject(referral, 'Small Job', 'Project Completion');
    await recordDeal(small, 40_000, 5_000); // 20 % = $1,000 approved at once (already at Project Completion)
    const refused = await call('POST', '/admin/payouts', admin, { user_id: referral.user.id, reference: 'ACH-1' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/below the minimum payout of \$2,500\.00/);
    expect((await earningsOf(referral)).totals).toEqual({ expected_usd: 0, approved_usd: 1000, paid_usd: 0, payable_usd: 0 });

    const big = await newProject(referral, 'Big Job');
    const bigDeal = await recordDeal(big, 100_000, 7_500); // $1,500 expected
    const approved = await call('POST', `/admin/earnings/${bigDeal.deal!.entry!.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<EarningEntry>().status).toBe('approved');

    const paid = await call('POST', '/admin/payouts', admin, { user_id: referral.user.id, reference: 'ACH-2' });
    expect(paid.statusCode, paid.body).toBe(201);
    const payout = paid.json<PayoutWithEntries>();
    expect(payout).toMatchObject({ user_id: referral.user.id, amount_usd: 2500, reference: 'ACH-2', paid_by_name: 'Avery Admin' });
    expect(payout.entries.map((entry) => [entry.company_name, entry.status, entry.payout_id])).toEqual([
      ['Small Job', 'paid', payout.id],
      ['Big Job', 'paid', payout.id],
    ]);
    expect((await call('POST', '/admin/payouts', admin, { user_id: referral.user.id, reference: 'ACH-3' })).statusCode).toBe(409);
    const ledger = await earningsOf(referral);
    expect(ledger.totals).toEqual({ expected_usd: 0, approved_usd: 0, paid_usd: 2500, payable_usd: 0 });
    expect(ledger.payouts).toEqual([expect.objectContaining({ id: payout.id, amount_usd: 2500 })]);
    expect(await titlesOf(referral)).toContain('Payout on its way');
    // Approving a paid entry is refused.
    expect((await call('POST', `/admin/earnings/${bigDeal.deal!.entry!.id}/approve`)).statusCode).toBe(409);

    const list = await call('GET', `/admin/payouts?user_id=${referral.user.id}`);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()).toEqual([expect.objectContaining({ id: payout.id, user_name: expect.any(String) })]);
  });

  it('voids an entry archived before approval, restores it when unarchived, and keeps an approved one when archived', async () => {
    const sales = await t.signIn({ account_type: 'sales_partner' });
    await makePayoutReady(t, sales.user.id);
    const id = await newProject(sales, 'On Hold');
    const entryId = (await recordDeal(id, 90_000, 10_000)).deal!.entry!.id;
    expect((await earningsOf(sales)).entries[0]).toMatchObject({ status: 'expected', amount_usd: 6000, share_rate: 0.6 });
    await setStage(id, 'Archived');
    expect((await earningsOf(sales)).entries[0]).toMatchObject({ id: entryId, status: 'void' });
    expect((await call('POST', `/admin/earnings/${entryId}/approve`)).statusCode).toBe(409);
    await setStage(id, 'Presentation Ready');
    expect((await earningsOf(sales)).entries[0]).toMatchObject({ id: entryId, status: 'expected' });
    await setStage(id, 'Project Completion');
    await setStage(id, 'Archived');
    expect((await earningsOf(sales)).entries[0]).toMatchObject({ id: entryId, status: 'approved' });
    expect(await titlesOf(sales)).toEqual(['Earnings recorded', 'Earnings voided', 'Earnings approved']);
  });

  it('recomputes an unpaid entry when the deal is corrected, and adds an adjustment for a paid one', async () => {
    const sales = await t.signIn({ account_type: 'sales_partner' });
    await makePayoutReady(t, sales.user.id);
    const id = await newProject(sales, 'Corrected');
    await recordDeal(id, 100_000, 10_000);
    const corrected = await recordDeal(id, 100_000, 12_000);
    expect(corrected.deal?.entry).toMatchObject({ amount_usd: 7200, status: 'expected' });
    await setStage(id, 'Project Completion');
    expect((await call('POST', '/admin/payouts', admin, { user_id: sales.user.id, reference: 'W-1' })).statusCode).toBe(201);

    const afterPayment = await recordDeal(id, 100_000, 11_000);
    expect(afterPayment.deal?.entry).toMatchObject({ amount_usd: 7200, status: 'paid' }); // history is not edited
    const ledger = await earningsOf(sales);
    const adjustment = ledger.entries.find((entry) => entry.kind === 'adjustment');
    expect(adjustment).toMatchObject({ project_id: id, amount_usd: -600, status: 'approved', reason: expect.stringMatching(/Deal corrected/) });
    expect(ledger.totals).toMatchObject({ approved_usd: -600, payable_usd: 0, paid_usd: 7200 });
    // Saving the same figures again adds nothing.
    await recordDeal(id, 100_000, 11_000);
    expect((await earningsOf(sales)).entries.filter((entry) => entry.kind === 'adjustment')).toHaveLength(1);
  });

  it('adds adjustments, positive and negative, to the payable balance', async () => {
    const sales = await t.signIn({ account_type: 'sales_partner' });
    await makePayoutReady(t, sales.user.id);
    const bonus = await call('POST', '/admin/earnings/adjustments', admin, { user_id: sales.user.id, amount_usd: 300, reason: 'Launch bonus' });
    expect(bonus.statusCode, bonus.body).toBe(201);
    expect(bonus.json()).toMatchObject({ kind: 'adjustment', amount_usd: 300, status: 'approved', project_id: null, reason: 'Launch bonus' });
    await call('POST', '/admin/earnings/adjustments', admin, { user_id: sales.user.id, amount_usd: -120.5, reason: 'Chargeback' });
    expect((await earningsOf(sales)).totals).toEqual({ expected_usd: 0, approved_usd: 179.5, paid_usd: 0, payable_usd: 179.5 });
    expect((await call('POST', '/admin/earnings/adjustments', admin, { user_id: 2_000_000_000, amount_usd: 5, reason: 'Nobody' })).statusCode).toBe(404);
    expect((await call('POST', '/admin/earnings/adjustments', admin, { user_id: sales.user.id, amount_usd: 0, reason: 'Zero' })).statusCode).toBe(422);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'user'), eq(auditEntries.entity_id, sales.user.id)));
    expect(audit.map((entry) => entry.action)).toEqual(['earning_adjusted', 'earning_adjusted']);
  });

  it('records no entry for an owner whose account type earns no share, and voids an expected entry when the project is deleted', async () => {
    const staff = await t.signIn({ account_type: 'administrative_partner' });
    const id = await newProject(staff, 'Staff Deal');
    const deal = await recordDeal(id, 10_000, 1_000);
    expect(deal).toMatchObject({ deal: { entry: null }, share_rate: null });

    const sales = await t.signIn({ account_type: 'sales_partner' });

    await makePayoutReady(t, sales.user.id);
    const gone = await newProject(sales, 'Cancelled');
    const entryId = (await recordDeal(gone, 10_000, 1_000)).deal!.entry!.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/projects/${gone}`, headers: admin.auth })).statusCode).toBeLessThan(300);
    const [entry] = await t.db.select().from(earningEntries).where(eq(earningEntries.id, entryId));
    expect(entry).toMatchObject({ status: 'void', project_id: null, company_name: 'Cancelled' });
  });
});

describe('earnings settings', () => {
  it('answers the defaults, saves new shares for deals recorded from then on, and audits the change', async () => {
    const res = await call('GET', '/admin/earnings-settings');
    expect(res.json()).toMatchObject({ settings: { tiers: { referral_partner: { share_rate: 0.2, minimum_payout_usd: 2500 } } }, updated_at: null });
    const settings = structuredClone(res.json().defaults);
    settings.tiers.sales_partner.share_rate = 0.65;
    const saved = await call('PUT', '/admin/earnings-settings', admin, { settings });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ settings: { tiers: { sales_partner: { share_rate: 0.65 } } }, updated_by_name: 'Avery Admin' });

    const sales = await t.signIn({ account_type: 'sales_partner' });

    await makePayoutReady(t, sales.user.id);
    const id = await newProject(sales, 'New Rate');
    expect((await recordDeal(id, 10_000, 1_000)).deal?.entry).toMatchObject({ share_rate: 0.65, amount_usd: 650 });
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'setting'), eq(auditEntries.action, 'earnings_updated')));
    expect(entry?.changes).toEqual({ 'sales_partner.share_rate': { before: 0.6, after: 0.65 } });
    // The partner's page explains the ladder with the configured shares (issue 34 item 7).
    expect((await earningsOf(sales)).share_ladder).toEqual({ referral_partner: 0.2, sales_partner: 0.65, enterprize_partner: 0.7 });

    expect((await call('PUT', '/admin/earnings-settings', admin, { settings: { tiers: { referral_partner: { share_rate: 2, minimum_payout_usd: 0 } } } })).statusCode).toBe(422);
    settings.tiers.sales_partner.share_rate = 0.6;
    await call('PUT', '/admin/earnings-settings', admin, { settings });
  });
});

describe('access', () => {
  it('keeps every admin earnings route to full-access admins, and 404s what does not exist', async () => {
    const member = await t.signIn({ account_type: 'sales_partner' });
    const id = await newProject(member, 'Mine');
    for (const [method, url, body] of [
      ['GET', `/admin/projects/${id}/deal`],
      ['PUT', `/admin/projects/${id}/deal`, { contract_value_usd: 1, net_profit_usd: 1 }],
      ['POST', '/admin/earnings/1/approve'],
      ['POST', '/admin/earnings/adjustments', { user_id: member.user.id, amount_usd: 5, reason: 'x' }],
      ['POST', '/admin/payouts', { user_id: member.user.id, reference: 'x' }],
      ['GET', '/admin/payouts'],
      ['GET', `/admin/users/${member.user.id}/earnings`],
      ['GET', '/admin/earnings-settings'],
    ] as const) {
      expect((await call(method, url, member, body)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, null, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call('GET', '/user/earnings', null)).statusCode).toBe(401);
    expect((await call('PUT', '/admin/projects/2000000000/deal', admin, { contract_value_usd: 1, net_profit_usd: 1 })).statusCode).toBe(404);
    expect((await call('POST', '/admin/earnings/2000000000/approve')).statusCode).toBe(404);
    expect((await call('POST', '/admin/payouts', admin, { user_id: 2_000_000_000, reference: 'x' })).statusCode).toBe(404);
    expect((await call('PUT', `/admin/projects/${id}/deal`, admin, { contract_value_usd: 'lots', net_profit_usd: 1 })).statusCode).toBe(422);
    expect((await call('GET', '/admin/payouts?user_id=abc')).statusCode).toBe(422);
    const ledger = await call('GET', `/admin/users/${member.user.id}/earnings`);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json<Earnings>()).toMatchObject({ share_rate: 0.6, minimum_payout_usd: 0 });
    // Every tier's share, so the page can explain the ladder behind "up to 70 %" (issue 34 item 7).
    expect(ledger.json<Earnings>().share_ladder).toEqual({ referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 });
  });
});
