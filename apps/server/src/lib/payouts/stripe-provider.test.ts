import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Payout } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { earningEntries, notifications, payoutAccounts, payoutEvents, payouts } from '../../db/schema/index.js';
import { payPartner } from '../../modules/earnings/earnings.service.js';
import { sendPayout, sweepPayouts, UNSENT_PAYOUT_AGE_MS } from '../../modules/earnings/payout-sending.service.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { STRIPE_API_VERSION } from '../billing/stripe-provider.js';

/**
 * Stripe Connect payouts (issue 38 item 2) through the SDK against a local HTTP stand-in for
 * Stripe's API (STRIPE_API_BASE), as billing's provider is tested: the stand-in records every
 * request and answers just enough. Connect events are signed with the Connect endpoint's own
 * secret by the SDK's test header helper.
 */
interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

const requests: RecordedRequest[] = [];
const transfers: { id: string; transfer_group: string }[] = [];
/** What GET /v1/accounts/:id answers for an account. */
const accountStates = new Map<string, Record<string, unknown>>();
let failures = 0;
let refuseTransfers = false;
let refusePayouts = false;
let counter = 0;

function answer(method: string, path: string, form: Record<string, string>, query: URLSearchParams): [number, unknown] {
  counter += 1;
  if (method === 'POST' && path === '/v1/accounts') {
    return [200, { id: `acct_standin_${counter}`, object: 'account', payouts_enabled: false, details_submitted: false, requirements: { currently_due: ['external_account', 'tos_acceptance.date'], disabled_reason: 'requirements.past_due' } }];
  }
  if (method === 'POST' && path === '/v1/account_links') return [200, { object: 'account_link', url: `https://connect.stripe.test/setup/${form.account}`, expires_at: 0, created: 0 }];
  const login = /^\/v1\/accounts\/([\w-]+)\/login_links$/.exec(path);
  if (method === 'POST' && login) return [200, { object: 'login_link', url: `https://connect.stripe.test/express/${login[1]}`, created: 0 }];
  const account = /^\/v1\/accounts\/([\w-]+)$/.exec(path);
  if (method === 'GET' && account) return [200, { id: account[1], object: 'account', ...(accountStates.get(account[1] ?? '') ?? { payouts_enabled: false, details_submitted: false }) }];
  if (method === 'GET' && path === '/v1/transfers') {
    const group = query.get('transfer_group');
    return [200, { object: 'list', url: '/v1/transfers', has_more: false, data: transfers.filter((transfer) => transfer.transfer_group === group).map((transfer) => ({ ...transfer, object: 'transfer' })) }];
  }
  if (method === 'POST' && path === '/v1/transfers') {
    if (refuseTransfers) return [400, { error: { type: 'invalid_request_error', code: 'balance_insufficient', message: 'You have insufficient available funds in your Stripe account.' } }];
    const transfer = { id: `tr_standin_${counter}`, transfer_group: form.transfer_group ?? '' };
    transfers.push(transfer);
    return [200, { ...transfer, object: 'transfer', amount: Number(form.amount), destination: form.destination, metadata: {} }];
  }
  if (method === 'POST' && path === '/v1/payouts') {
    if (refusePayouts) return [400, { error: { type: 'invalid_request_error', code: 'no_external_account', message: 'This account has no bank account to pay out to.' } }];
    return [200, { id: `po_standin_${counter}`, object: 'payout', status: 'pending', amount: Number(form.amount), metadata: {} }];
  }
  const reversal = /^\/v1\/transfers\/([\w-]+)\/reversals$/.exec(path);
  if (method === 'POST' && reversal) return [200, { id: `trr_${counter}`, object: 'transfer_reversal', transfer: reversal[1], amount: 0 }];
  return [404, { error: { type: 'invalid_request_error', message: `No stand-in for ${method} ${path}` } }];
}

let standIn: Server;
let t: TestApp;
let admin: SignedIn;
const CONNECT_SECRET = 'whsec_connect_standin';
const BILLING_SECRET = 'whsec_billing_standin';
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const [status, json] = failures > 0 ? [500, { error: { type: 'api_error', message: 'Stand-in failure' } }] : answer(req.method ?? '', url.pathname, form, url.searchParams);
      failures = Math.max(0, failures - 1);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  ({ t, admin } = await createTestAppWithAdmin({
    STRIPE_SECRET_KEY: 'sk_test_portal',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
    STRIPE_WEBHOOK_SECRET: BILLING_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_129',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  }));
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
  refuseTransfers = false;
  refusePayouts = false;
  failures = 0;
});

const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: who.auth, ...(payload ? { payload } : {}) });
let eventSeq = 0;
function connectEvent(type: string, account: string, object: Record<string, unknown>, id = `evt_standin_${++eventSeq}`) {
  return { id, object: 'event', api_version: STRIPE_API_VERSION, type, account, created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, data: { object } };
}
async function deliver(body: object, options: { secret?: string; signature?: string | null; timestamp?: number; payload?: string } = {}) {
  const payload = JSON.stringify(body);
  const signature =
    options.signature === undefined ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? CONNECT_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) }) : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe/connect',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload: options.payload ?? payload,
  });
}
const payoutObject = (payoutId: number, status: 'paid' | 'failed', extra: Record<string, unknown> = {}) => ({ id: `po_${payoutId}`, object: 'payout', status, amount: 100, metadata: { payout_id: String(payoutId) }, ...extra });

let seq = 0;
/** A payable sales partner with an active Stripe account (`acct_stripe_fixture_<id>`) and one approved deal entry. */
async function partnerOwed(netProfit = 1000): Promise<{ partner: SignedIn; account: string }> {
  const partner = await t.signIn({ first_name: `Connect${++seq}`, last_name: 'Partner', account_type: 'sales_partner' });
  await makePayoutReady(t, partner.user.id);
  const created = await call('POST', '/admin/projects', admin, { project: { user_id: partner.user.id, company_name: `Connect Job ${seq}`, project_stage: 'Project Completion' } });
  expect((await call('PUT', `/admin/projects/${created.json().id}/deal`, admin, { contract_value_usd: netProfit * 5, net_profit_usd: netProfit })).statusCode).toBe(200);
  return { partner, account: `acct_stripe_fixture_${partner.user.id}` };
}
const payoutRow = async (id: number) => (await t.db.select().from(payouts).where(eq(payouts.id, id)))[0]!;
async function pay(partner: SignedIn): Promise<Payout> {
  const res = await call('POST', '/admin/payouts', admin, { user_id: partner.user.id, reference: 'Connect run' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('Stripe Connect onboarding', () => {
  it('creates an Express account once, then sends the partner to an account link that returns to /earnings', async () => {
    const partner = await t.signIn({ account_type: 'sales_partner', email: `connect-${Date.now()}@example.com` });
    const res = await call('POST', '/user/payout_account/onboarding', partner);
    expect(res.statusCode, res.body).toBe(200);
    const [account, link] = requests;
    expect(account).toMatchObject({
      method: 'POST',
      path: '/v1/accounts',
      form: {
        country: 'US',
        email: partner.user.email,
        'controller[stripe_dashboard][type]': 'express',
        'controller[fees][payer]': 'application',
        'controller[losses][payments]': 'application',
        'controller[requirement_collection]': 'stripe',
        'capabilities[transfers][requested]': 'true',
        'settings[payouts][schedule][interval]': 'manual',
        'metadata[user_id]': String(partner.user.id),
      },
    });
    expect(account?.headers['idempotency-key']).toBe(`payout-account-${partner.user.id}`);
    const accountId = (await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, partner.user.id)))[0]?.account_ref;
    expect(accountId).toMatch(/^acct_standin_/);
    expect(link).toMatchObject({
      path: '/v1/account_links',
      form: { account: accountId, type: 'account_onboarding', return_url: 'http://portal.test/earnings?payout_account=return', refresh_url: 'http://portal.test/earnings?payout_account=refresh' },
    });
    expect(res.json()).toEqual({ url: `https://connect.stripe.test/setup/${accountId}` });
    for (const request of requests) expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
    expect((await call('GET', '/user/payout_account', partner)).json()).toEqual({
      provider: 'stripe',
      payout_account: { provider: 'stripe', status: 'onboarding', bank_last4: null, requirement: 'Stripe needs a bank account, acceptance of the terms.', updated_at: expect.any(String) },
    });

    // Again: the same account, a new link.
    requests.length = 0;
    expect((await call('POST', '/user/payout_account/onboarding', partner)).statusCode).toBe(200);
    expect(requests.map((request) => request.path)).toEqual(['/v1/account_links']);

    // Stripe says the account changed: it is read from Stripe, and it is ready.
    accountStates.set(accountId!, { payouts_enabled: true, details_submitted: true, requirements: { currently_due: [], disabled_reason: null }, external_accounts: { object: 'list', data: [{ id: 'ba_1', object: 'bank_account', last4: '4321' }] } });
    requests.length = 0;
    const event = connectEvent('account.updated', accountId!, { id: accountId, object: 'account', payouts_enabled: false });
    expect((await deliver(event)).statusCode).toBe(200);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v1/accounts/${accountId}`]);
    expect((await call('GET', '/user/payout_account', partner)).json().payout_account).toMatchObject({ status: 'active', bank_last4: '4321', requirement: null });
    expect((await t.db.select().from(notifications).where(eq(notifications.user_id, partner.user.id))).map((note) => note.title)).toEqual(['Ready for payouts']);
    // A replay reads nothing and changes nothing.
    requests.length = 0;
    expect((await deliver(event)).statusCode).toBe(200);
    expect(requests).toEqual([]);

    // Ready: the button leads to the Express Dashboard.
    const dashboard = await call('POST', '/user/payout_account/onboarding', partner);
    expect(dashboard.json()).toEqual({ url: `https://connect.stripe.test/express/${accountId}` });
    // The local bank account form is off with Stripe.
    expect((await call('PUT', '/user/payout_account/local', partner, { bank_account: { holder_name: 'X', routing_number: '110000000', account_number: '000123456789' } })).statusCode).toBe(404);
  });

  it('answers 503 when Stripe cannot be reached, and keeps no account', async () => {
    const partner = await t.signIn({ account_type: 'referral_partner' });
    failures = 3;
    const res = await call('POST', '/user/payout_account/onboarding', partner);
    expect(res.statusCode).toBe(503);
    expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, partner.user.id))).toEqual([]);
  });
});

describe('Stripe Connect payouts', () => {
  it('sends a transfer to the connected account, then a payout on it, each once per payout id; payout.paid pays it', async () => {
    const { partner, account } = await partnerOwed();
    const payout = await pay(partner);
    expect(payout).toMatchObject({ method: 'stripe', status: 'pending', amount_usd: 600 });
    const [transfer, bank] = requests;
    expect(transfer).toMatchObject({ path: '/v1/transfers', form: { amount: '60000', currency: 'usd', destination: account, transfer_group: `payout-${payout.id}`, 'metadata[payout_id]': String(payout.id) } });
    expect(transfer?.headers['idempotency-key']).toBe(`payout-${payout.id}`);
    expect(transfer?.headers['stripe-account']).toBeUndefined();
    expect(bank).toMatchObject({ path: '/v1/payouts', form: { amount: '60000', currency: 'usd', 'metadata[payout_id]': String(payout.id) } });
    expect(bank?.headers['stripe-account']).toBe(account);
    expect(bank?.headers['idempotency-key']).toBe(`payout-${payout.id}-to-bank`);
    expect((await payoutRow(payout.id)).provider_ref).toMatch(/^tr_standin_/);

    const paid = connectEvent('payout.paid', account, payoutObject(payout.id, 'paid'));
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'paid' });
    const [event] = await t.db.select().from(payoutEvents).where(eq(payoutEvents.id, paid.id));
    expect(event).toMatchObject({ provider: 'stripe', type: 'payout.paid', outcome: 'applied' });
  });

  it('payout.failed reverses the transfer first, then fails the payout with Stripe’s reason and makes its entries payable; a replay reverses nothing twice', async () => {
    const { partner, account } = await partnerOwed();
    const payout = await pay(partner);
    const ref = (await payoutRow(payout.id)).provider_ref;
    requests.length = 0;
    const failed = connectEvent('payout.failed', account, payoutObject(payout.id, 'failed', { failure_code: 'account_closed', failure_message: 'The bank account has been closed.' }));
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', path: `/v1/transfers/${ref}/reversals`, form: { 'metadata[payout_id]': String(payout.id) } })]);
    expect(requests[0]?.headers['idempotency-key']).toBe(`payout-${payout.id}-reversal`);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'failed', failure_reason: 'The bank account has been closed (account_closed).' });
    expect((await t.db.select().from(earningEntries).where(eq(earningEntries.user_id, partner.user.id))).map((entry) => [entry.status, entry.payout_id])).toEqual([['approved', null]]);

    requests.length = 0;
    expect((await deliver(failed)).statusCode).toBe(200);
    expect(requests).toEqual([]);
  });

  it('a paid payout that Stripe later reports failed (the bank returned it) fails; a late payout.paid never revives a failed one', async () => {
    const { partner, account } = await partnerOwed();
    const payout = await pay(partner);
    await deliver(connectEvent('payout.paid', account, payoutObject(payout.id, 'paid')));
    await deliver(connectEvent('payout.failed', account, payoutObject(payout.id, 'failed', { failure_code: 'could_not_process', failure_message: 'The bank could not process this payout.' })));
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'failed', failure_reason: 'The bank could not process this payout (could_not_process).' });
    await deliver(connectEvent('payout.paid', account, payoutObject(payout.id, 'paid')));
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'failed' });
  });

  it('ignores an event for another account, or without our payout id', async () => {
    const { partner } = await partnerOwed();
    const payout = await pay(partner);
    const stray = connectEvent('payout.paid', 'acct_someone_else', payoutObject(payout.id, 'paid'));
    expect((await deliver(stray)).statusCode).toBe(200);
    const noId = connectEvent('payout.paid', `acct_stripe_fixture_${partner.user.id}`, { id: 'po_x', object: 'payout', status: 'paid', metadata: {} });
    expect((await deliver(noId)).statusCode).toBe(200);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending' });
    const outcomes = await t.db.select().from(payoutEvents).where(eq(payoutEvents.id, stray.id));
    expect(outcomes.map((row) => row.outcome)).toEqual(['ignored']);
  });

  it('a refused transfer fails the payout at once; a refused bank payout reverses its transfer and fails it', async () => {
    const first = await partnerOwed();
    refuseTransfers = true;
    const refused = await pay(first.partner);
    expect(refused).toMatchObject({ status: 'failed', failure_reason: 'Stripe refused the transfer: You have insufficient available funds in your Stripe account.' });
    expect(requests.map((request) => request.path)).toEqual(['/v1/transfers']);
    expect((await t.db.select().from(earningEntries).where(eq(earningEntries.user_id, first.partner.user.id))).map((entry) => entry.status)).toEqual(['approved']);

    refuseTransfers = false;
    refusePayouts = true;
    requests.length = 0;
    const second = await partnerOwed();
    const noBank = await pay(second.partner);
    expect(noBank).toMatchObject({ status: 'failed', failure_reason: 'Stripe refused the payout to the bank: This account has no bank account to pay out to.' });
    expect(requests.map((request) => request.path)).toEqual(['/v1/transfers', '/v1/payouts', expect.stringMatching(/^\/v1\/transfers\/tr_standin_\d+\/reversals$/)]);
    expect((await payoutRow(noBank.id)).provider_ref).toMatch(/^tr_standin_/);
  });

  it('leaves a payout pending when Stripe is out of reach, and the sweep sends it later without a second transfer', async () => {
    const { partner } = await partnerOwed();
    const { payout } = await t.db.transaction((tx) => payPartner(tx, 'stripe', admin.user.id, partner.user.id, 'Connect later'));
    // Stripe answers 500 three times (the SDK retries twice): nothing is decided.
    failures = 3;
    await sendPayout(t.app.ctx, payout.id);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending', provider_ref: null });
    expect(requests.filter((request) => request.path === '/v1/transfers')).toHaveLength(3);

    requests.length = 0;
    await t.db.update(payouts).set({ created_at: new Date(Date.now() - UNSENT_PAYOUT_AGE_MS - 1000) }).where(eq(payouts.id, payout.id));
    await sweepPayouts(t.app.ctx);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/transfers', 'POST /v1/transfers', 'POST /v1/payouts']);
    expect((await payoutRow(payout.id)).provider_ref).toMatch(/^tr_standin_/);

    // Swept again after the transfer but before the bank payout (a crash): the transfer is found, not made again.
    requests.length = 0;
    await t.db.update(payouts).set({ provider_ref: null }).where(eq(payouts.id, payout.id));
    await sweepPayouts(t.app.ctx);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['GET /v1/transfers', 'POST /v1/payouts']);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending' });
  });
});

describe('POST /api/webhooks/stripe/connect: signatures', () => {
  it('refuses a missing, wrong, stale or tampered signature with 400 and changes nothing', async () => {
    const { partner, account } = await partnerOwed();
    const payout = await pay(partner);
    const event = connectEvent('payout.paid', account, payoutObject(payout.id, 'paid'));
    const tampered = JSON.stringify({ ...event, type: 'payout.failed' });
    for (const [label, res] of [
      ['missing', await deliver(event, { signature: null })],
      ['garbage', await deliver(event, { signature: 't=1,v1=abc' })],
      ["billing's secret", await deliver(event, { secret: BILLING_SECRET })],
      ['stale', await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })],
      ['tampered', await deliver(event, { payload: tampered })],
    ] as const) {
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error.code, label).toBe('bad_request');
    }
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'pending' });
    expect(await t.db.select().from(payoutEvents).where(eq(payoutEvents.id, event.id))).toEqual([]);
    // The billing endpoint does not take Connect events signed with the Connect secret either.
    const payload = JSON.stringify(event);
    const billing = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: CONNECT_SECRET }) }, payload });
    expect(billing.statusCode).toBe(400);
    // Signed right, it applies.
    expect((await deliver(event)).statusCode).toBe(200);
    expect(await payoutRow(payout.id)).toMatchObject({ status: 'paid' });
    expect(await t.db.select().from(notifications).where(and(eq(notifications.user_id, partner.user.id), eq(notifications.title, 'Payout sent')))).toHaveLength(1);
  });
});
