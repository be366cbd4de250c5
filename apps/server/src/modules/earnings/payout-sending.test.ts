import { LOCAL_ACCOUNT_CLOSED_REASON, LOCAL_FAILING_ACCOUNT_NUMBER, type PayablesResponse, type Payout, type PayoutRunResponse } from '@sunin/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, earningEntries, notifications, payoutAccounts, payoutEvents, payouts, taxForms } from '../../db/schema/index.js';
import type { LocalPayoutProvider } from '../../lib/payouts/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { payPartner } from './earnings.service.js';
import { applyPayoutStatus, handlePayoutEvent, sendPayout, settleLocalPayouts, sweepPayouts, UNSENT_PAYOUT_AGE_MS } from './payout-sending.service.js';

/**
 * Payouts sent through the local provider (issue 38 item 2): pending when made, settled by the
 * local provider's Stripe-shaped events through the one status handler. LOCAL_PAYOUT_SETTLE_MS
 * is 0 in tests: nothing settles until a test awaits settleLocalPayouts (or the sweep).
 */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn | null = admin, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });
const local = () => t.app.ctx.payouts as LocalPayoutProvider;

let seq = 0;
/** A payable partner (W-9 and an active local account) with one approved deal entry per net profit. */
async function partnerWith(netProfits: number[], options: { ready?: boolean } = {}): Promise<SignedIn> {
  const first_name = `Sent${++seq}`;
  const partner = await t.signIn({ first_name, last_name: 'Partner', account_type: 'sales_partner', company_name: `${first_name} Solar LLC` });
  if (options.ready !== false) await makePayoutReady(t, partner.user.id);
  for (const [index, net_profit_usd] of netProfits.entries()) {
    const created = await call('POST', '/admin/projects', admin, { project: { user_id: partner.user.id, company_name: `${first_name} Job ${index + 1}`, project_stage: 'Project Completion' } });
    expect(created.statusCode, created.body).toBe(201);
    const deal = await call('PUT', `/admin/projects/${created.json().id}/deal`, admin, { contract_value_usd: net_profit_usd * 5, net_profit_usd });
    expect(deal.json().deal.entry.status).toBe('approved');
  }
  return partner;
}
const pay = async (who: SignedIn, reference = 'ACH-1') => {
  const res = await call('POST', '/admin/payouts', admin, { user_id: who.user.id, reference });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payout & { entries: { status: string; payout_id: number | null }[] }>();
};
const payoutRow = async (id: number) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
const entriesOf = (who: SignedIn) => t.db.select().from(earningEntries).where(eq(earningEntries.user_id, who.user.id));
const titlesOf = async (userId: number) => (await t.db.select().from(notifications).where(eq(notifications.user_id, userId))).map((note) => note.title);
const notesOf = (userId: number, title: string) => t.db.select().from(notifications).where(and(eq(notifications.user_id, userId), eq(notifications.title, title)));
const payablesOf = async (who: SignedIn) => (await call('GET', '/admin/payables')).json<PayablesResponse>().payables.find((payable) => payable.user_id === who.user.id);

describe('a payout through the local provider', () => {
  it('is pending when made (its entries paid by it), then paid when the provider settles it', async () => {
    const partner = await partnerWith([300]);
    const made = await pay(partner, 'ACH-on-its-way');
    expect(made).toMatchObject({ method: 'local', status: 'pending', failure_reason: null, settled_at: null, amount_usd: 180, reference: 'ACH-on-its-way' });
    expect(made.entries).toEqual([expect.objectContaining({ status: 'paid', payout_id: made.id })]);
    expect((await payoutRow(made.id)).provider_ref).toBe(`tr_local_${made.id}`);
    expect((await notesOf(partner.user.id, 'Payout on its way')).map((note) => note.message)).toEqual(['A payout of $180.00 is on its way to your bank account (reference ACH-on-its-way).']);

    expect(await settleLocalPayouts(t.app.ctx)).toBeGreaterThanOrEqual(1);
    const settled = await payoutRow(made.id);
    expect(settled).toMatchObject({ status: 'paid', failure_reason: null });
    expect(settled.settled_at).toBeInstanceOf(Date);
    expect((await notesOf(partner.user.id, 'Payout sent')).map((note) => note.message)).toEqual(['Your payout of $180.00 arrived in your bank account ending 6789 (reference ACH-on-its-way).']);
    expect((await entriesOf(partner)).map((entry) => [entry.status, entry.payout_id])).toEqual([['paid', made.id]]);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, partner.user.id), eq(auditEntries.action, 'payout_paid')));
    expect(audit.map((entry) => [entry.actor_id, entry.changes])).toEqual([[null, { status: { before: 'pending', after: 'paid' }, record_id: { before: null, after: made.id } }]]);
    const [event] = await t.db.select().from(payoutEvents).where(eq(payoutEvents.id, `evt_local_payout_${made.id}_settled`));
    expect(event).toMatchObject({ type: 'payout.paid', provider: 'local', outcome: 'applied' });
  });

  it('fails when the provider says so: entries payable again, the partner and every admin told why, audited; paying again pays', async () => {
    const partner = await partnerWith([500, 250]);
    const made = await pay(partner, 'ACH-fails');
    local().failNext(partner.user.id, 'The bank refused the deposit.');
    await settleLocalPayouts(t.app.ctx);

    const failed = await payoutRow(made.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'The bank refused the deposit.' });
    expect(failed.settled_at).toBeInstanceOf(Date);
    expect((await entriesOf(partner)).map((entry) => [entry.status, entry.payout_id, entry.paid_at])).toEqual([
      ['approved', null, null],
      ['approved', null, null],
    ]);
    const [partnerNote] = await notesOf(partner.user.id, 'Payout failed');
    expect(partnerNote?.message).toBe('Your payout of $450.00 could not be sent: The bank refused the deposit. The money is payable to you again: update your payout account on Earnings, and it goes with the next payout.');
    const [adminNote] = await notesOf(admin.user.id, 'Payout failed').then((notes) => notes.filter((note) => note.message.includes(partner.user.first_name)));
    expect(adminNote?.message).toBe(`Payout to ${partner.user.first_name} Partner failed: The bank refused the deposit. Their $450.00 is payable again on Payables.`);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, partner.user.id), eq(auditEntries.action, 'payout_failed')));
    expect(audit.map((entry) => [entry.actor_id, entry.changes])).toEqual([
      [null, { status: { before: 'pending', after: 'failed' }, failure_reason: { before: null, after: 'The bank refused the deposit.' }, amount_usd: { before: 450, after: null }, record_id: { before: null, after: made.id } }],
    ]);

    // Payables list the partner again, with the failure; the history shows it.
    expect(await payablesOf(partner)).toMatchObject({ payable_usd: 450, last_failed_payout: { id: made.id, amount_usd: 450, failure_reason: 'The bank refused the deposit.', settled_at: failed.settled_at!.toISOString() } });
    const history = (await call('GET', `/admin/payouts?user_id=${partner.user.id}`)).json<Payout[]>();
    expect(history.map((payout) => [payout.status, payout.failure_reason])).toEqual([['failed', 'The bank refused the deposit.']]);

    // The retry is a new payout from Payables, through a run this time.
    const run = await call('POST', '/admin/payout_runs', admin, { payout_run: { payments: [{ user_id: partner.user.id, payable_usd: 450 }], reference: 'ACH-retry' } });
    expect(run.statusCode, run.body).toBe(201);
    const [retry] = run.json<PayoutRunResponse>().payouts;
    expect(retry).toMatchObject({ status: 'pending', method: 'local', amount_usd: 450 });
    await settleLocalPayouts(t.app.ctx);
    expect(await payoutRow(retry!.id)).toMatchObject({ status: 'paid' });
    expect((await entriesOf(partner)).every((entry) => entry.status === 'paid' && entry.payout_id === retry!.id)).toBe(true);
    expect(await payablesOf(partner)).toBeUndefined();
    const partnerView = (await call('GET', '/user/earnings', partner)).json<{ payouts: Payout[] }>();
    expect(partnerView.payouts.map((payout) => [payout.status, payout.failure_reason])).toEqual([
      ['paid', null],
      ['failed', 'The bank refused the deposit.'],
    ]);
  });

  it('changes nothing on a second event: the same event again, a second failure, or paid after failed', async () => {
    const partner = await partnerWith([400]);
    const made = await pay(partner);
    const event = local().settlementEvent(made as never, { account_ref: `acct_local_fixture_${partner.user.id}`, local_failure: 'Closed.' });
    expect(await handlePayoutEvent(t.app.ctx, event, 'local')).toBe('applied');
    expect(await handlePayoutEvent(t.app.ctx, event, 'local')).toBe('duplicate');
    expect(await applyPayoutStatus(t.app.ctx, made.id, 'failed', 'Again.')).toBe('stale');
    expect(await applyPayoutStatus(t.app.ctx, made.id, 'paid', null, { id: 'evt_late_paid', type: 'payout.paid', provider: 'local' })).toBe('stale');
    expect(await payoutRow(made.id)).toMatchObject({ status: 'failed', failure_reason: 'Closed.' });
    expect((await titlesOf(partner.user.id)).filter((title) => title === 'Payout failed')).toHaveLength(1);
    expect(await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, partner.user.id), eq(auditEntries.action, 'payout_failed')))).toHaveLength(1);
    expect((await entriesOf(partner)).map((entry) => entry.status)).toEqual(['approved']);
  });

  it('never undoes a paid local payout: a failure after paid is stale (only Stripe says a paid payout came back)', async () => {
    const partner = await partnerWith([350]);
    const made = await pay(partner);
    await settleLocalPayouts(t.app.ctx);
    expect(await applyPayoutStatus(t.app.ctx, made.id, 'failed', 'Late.', { id: 'evt_local_late_failure', type: 'payout.failed', provider: 'local' })).toBe('stale');
    expect(await payoutRow(made.id)).toMatchObject({ status: 'paid', failure_reason: null });
    expect((await entriesOf(partner)).map((entry) => entry.status)).toEqual(['paid']);
  });

  it('fails at once when there is no payout account ready, and the entries stay payable', async () => {
    const partner = await partnerWith([200]);
    // Made (as a run would, in its transaction), then the account goes before it is sent.
    const { payout } = await t.db.transaction((tx) => payPartner(tx, 'local', admin.user.id, partner.user.id, 'ACH-no-account'));
    await t.db.update(payoutAccounts).set({ status: 'restricted' }).where(eq(payoutAccounts.user_id, partner.user.id));
    await sendPayout(t.app.ctx, payout.id);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'failed', failure_reason: 'There is no payout account ready to receive it.', provider_ref: null });
    expect((await entriesOf(partner)).map((entry) => [entry.status, entry.payout_id])).toEqual([['approved', null]]);
  });

  it('the sweep sends a payout left unsent (a crash after the commit) and settles what a timer left', async () => {
    const partner = await partnerWith([450]);
    const { payout } = await t.db.transaction((tx) => payPartner(tx, 'local', admin.user.id, partner.user.id, 'ACH-crash'));
    // Younger than a minute: left to the request that made it.
    await sweepPayouts(t.app.ctx);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending', provider_ref: null });

    await t.db.update(payouts).set({ created_at: new Date(Date.now() - UNSENT_PAYOUT_AGE_MS - 1000) }).where(eq(payouts.id, payout.id));
    const swept = await sweepPayouts(t.app.ctx);
    expect(swept.resent).toBeGreaterThanOrEqual(1);
    // Sent, then settled by the same sweep (LOCAL_PAYOUT_SETTLE_MS is 0 here).
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'paid', provider_ref: `tr_local_${payout.id}` });
    expect((await notesOf(partner.user.id, 'Payout sent'))).toHaveLength(1);
  });
});

describe('the payout account routes (local provider)', () => {
  it('onboards on the app’s own page, keeps only the last four digits, and the closed test account fails its transfers', async () => {
    const partner = await partnerWith([600], { ready: false });
    // A W-9 alone: no payout account yet.
    await makePayoutReady(t, partner.user.id);
    await t.db.delete(payoutAccounts).where(eq(payoutAccounts.user_id, partner.user.id));
    expect((await call('GET', '/user/payout_account', partner)).json()).toEqual({ payout_account: null, provider: 'local' });
    expect(await payablesOf(partner)).toMatchObject({ blocked_code: 'payout_account_required' });

    const onboarding = await call('POST', '/user/payout_account/onboarding', partner);
    expect(onboarding.statusCode, onboarding.body).toBe(200);
    expect(onboarding.json()).toEqual({ url: '/earnings/payout-account' });
    expect((await call('GET', '/user/payout_account', partner)).json().payout_account).toMatchObject({ provider: 'local', status: 'onboarding', bank_last4: null });

    const bad = await call('PUT', '/user/payout_account/local', partner, { bank_account: { holder_name: 'Sent', routing_number: '123456789', account_number: '12' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.fields).toMatchObject({ routing_number: expect.stringMatching(/ABA/), account_number: 'The account number is 4 to 17 digits.' });

    const closed = await call('PUT', '/user/payout_account/local', partner, { bank_account: { holder_name: 'Sent Partner', routing_number: '110000000', account_number: LOCAL_FAILING_ACCOUNT_NUMBER } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().payout_account).toMatchObject({ status: 'active', bank_last4: '1113', requirement: null });
    expect(closed.body).not.toContain(LOCAL_FAILING_ACCOUNT_NUMBER);
    const [row] = await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, partner.user.id));
    expect(row).toMatchObject({ local_failure: LOCAL_ACCOUNT_CLOSED_REASON, bank_last4: '1113' });
    expect(JSON.stringify(row)).not.toContain(LOCAL_FAILING_ACCOUNT_NUMBER);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, partner.user.id), inArray(auditEntries.action, ['payout_account_created', 'payout_account_updated']))).orderBy(auditEntries.id);
    expect(audit.map((entry) => entry.action)).toEqual(['payout_account_created', 'payout_account_updated']);
    expect(JSON.stringify(audit)).not.toContain(LOCAL_FAILING_ACCOUNT_NUMBER);
    expect(audit[1]?.changes).toEqual({ status: { before: 'onboarding', after: 'active' }, bank_last4: { before: null, after: '1113' }, transfers_fail: { before: false, after: true } });

    const made = await pay(partner);
    await settleLocalPayouts(t.app.ctx);
    expect(await payoutRow(made.id)).toMatchObject({ status: 'failed', failure_reason: 'The bank account is closed (account_closed).' });
    expect(await payablesOf(partner)).toMatchObject({ blocked_code: null, last_failed_payout: { failure_reason: 'The bank account is closed (account_closed).' } });

    // A good account, then paying again succeeds.
    expect((await call('PUT', '/user/payout_account/local', partner, { bank_account: { holder_name: 'Sent Partner', routing_number: '110000000', account_number: '000123456789' } })).json().payout_account).toMatchObject({ bank_last4: '6789' });
    const again = await pay(partner, 'ACH-again');
    await settleLocalPayouts(t.app.ctx);
    expect(await payoutRow(again.id)).toMatchObject({ status: 'paid' });
    expect(await payablesOf(partner)).toBeUndefined();
  });

  it('is for partners only (403), and the Stripe routes are off with the local provider (404)', async () => {
    const other = await t.signIn({ account_type: 'administrative_partner' });
    for (const [method, url, payload] of [
      ['GET', '/user/payout_account', undefined],
      ['POST', '/user/payout_account/onboarding', undefined],
      ['PUT', '/user/payout_account/local', { bank_account: { holder_name: 'X', routing_number: '110000000', account_number: '000123456789' } }],
    ] as const) {
      const res = await call(method, url, other, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, other.user.id))).toEqual([]);
    expect((await call('GET', '/user/payout_account', null)).statusCode).toBe(401);
    const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe/connect', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(hook.statusCode).toBe(404);
  });

  it('a payout refused for want of a W-9 is never sent', async () => {
    const partner = await partnerWith([300], { ready: false });
    await makePayoutReady(t, partner.user.id);
    await t.db.delete(taxForms).where(eq(taxForms.user_id, partner.user.id));
    const res = await call('POST', '/admin/payouts', admin, { user_id: partner.user.id, reference: 'ACH-no-form' });
    expect(res.statusCode).toBe(422);
    expect(await t.db.select().from(payouts).where(eq(payouts.user_id, partner.user.id))).toEqual([]);
  });
});
