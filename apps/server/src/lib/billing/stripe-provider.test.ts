import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutSessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { STRIPE_API_VERSION } from './stripe-provider.js';

/**
 * The Stripe implementation against a small local HTTP server standing in for Stripe's API
 * (stripe-mock is not available: DESIGN.md), reached through the SDK's host, port and protocol
 * options (STRIPE_API_BASE). The stand-in records every request and answers just enough.
 */
interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

const requests: RecordedRequest[] = [];
/** What the stand-in says of a checkout session on retrieval (open unless set). */
const sessionStatuses = new Map<string, 'open' | 'complete' | 'expired'>();
/** How many of the next requests fail with 500 (the SDK retries twice). */
let failures = 0;
let counter = 0;
const NOW = Math.floor(Date.now() / 1000);
const PERIOD_END = NOW + 30 * 86_400;

function answer(method: string, path: string, form: Record<string, string>): [number, unknown] {
  counter += 1;
  if (method === 'POST' && path === '/v1/customers') return [200, { id: `cus_standin_${counter}`, object: 'customer', email: form.email }];
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    return [200, { id: `cs_test_${counter}`, object: 'checkout.session', client_secret: `cs_test_${counter}_secret_standin`, mode: form.mode, ui_mode: form.ui_mode, status: 'open' }];
  }
  const retrieve = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
  if (method === 'GET' && retrieve) {
    const id = retrieve[1] ?? '';
    const status = sessionStatuses.get(id) ?? 'open';
    return [200, { id, object: 'checkout.session', status, client_secret: `${id}_secret_standin`, mode: 'subscription', ui_mode: 'embedded_page' }];
  }
  const expire = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path);
  if (method === 'POST' && expire) return [200, { id: expire[1], object: 'checkout.session', status: 'expired' }];
  const subscription = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (method === 'POST' && subscription) {
    const cancel = form.cancel_at_period_end === 'true';
    return [
      200,
      {
        id: subscription[1],
        object: 'subscription',
        customer: 'cus_standin_sub',
        status: 'active',
        cancel_at_period_end: cancel,
        cancel_at: cancel ? PERIOD_END : null,
        trial_end: null,
        ended_at: null,
        metadata: {},
        items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END, price: { id: 'price_monthly_129', object: 'price' } }] },
      },
    ];
  }
  if (method === 'POST' && path === '/v1/billing_portal/sessions') {
    return [200, { id: `bps_${counter}`, object: 'billing_portal.session', customer: form.customer, url: `https://billing.stripe.test/p/session/${counter}` }];
  }
  if (method === 'POST' && path === '/v1/setup_intents') return [200, { id: `seti_${counter}`, object: 'setup_intent', client_secret: `seti_${counter}_secret_standin` }];
  return [404, { error: { type: 'invalid_request_error', message: `No stand-in for ${method} ${path}` } }];
}

let standIn: Server;
let t: TestApp;
const WEBHOOK_SECRET = 'whsec_standin';
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  standIn = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const [status, json] = failures > 0 ? [500, { error: { type: 'api_error', message: 'Stand-in failure' } }] : answer(req.method ?? '', url.pathname, form);
      failures = Math.max(0, failures - 1);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      res.end(JSON.stringify(json));
    });
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
  const { port } = standIn.address() as AddressInfo;
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_portal',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_129',
    STRIPE_PRICE_YEARLY: 'price_yearly_1399',
    STRIPE_API_BASE: `http://127.0.0.1:${port}`,
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => standIn?.close(resolve));
});
beforeEach(() => {
  requests.length = 0;
});

const post = (url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

describe('the Stripe provider against a stand-in for its API', () => {
  it('GET /api/billing/config names Stripe with its publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_portal', plans: ['monthly', 'yearly'], testMode: true });
  });

  it('creates a customer, then an embedded subscription checkout with the right price, on the pinned API version', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner', email: `checkout-${Date.now()}@example.com` });
    const res = await post('/api/create-checkout-session', auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().clientSecret).toMatch(/^cs_test_\d+_secret_standin$/);

    const [customer, session] = requests;
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers', form: { email: user.email, 'metadata[user_id]': String(user.id) } });
    expect(customer?.headers['idempotency-key']).toBe(`sunin-customer-${user.id}`);
    expect(customer?.headers.authorization).toBe('Bearer sk_test_portal');
    const customerId = (await t.db.select().from(users).where(eq(users.id, user.id)))[0]?.stripe_customer_id;
    expect(customerId).toMatch(/^cus_standin_/);
    expect(session).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      form: {
        mode: 'subscription',
        ui_mode: 'embedded_page',
        customer: customerId,
        client_reference_id: String(user.id),
        'line_items[0][price]': 'price_monthly_129',
        'line_items[0][quantity]': '1',
        'subscription_data[metadata][user_id]': String(user.id),
        return_url: 'http://portal.test/activating-now?session_id={CHECKOUT_SESSION_ID}',
      },
    });
    for (const request of requests) expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });

  it('uses the yearly price, reuses the customer and expires the open session first', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    await post('/api/create-checkout-session', auth);
    const [firstSession] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    requests.length = 0;
    expect((await post('/api/create-checkout-session', auth, { plan: 'yearly' })).statusCode).toBe(200);
    expect(requests.map((request) => request.path)).toEqual([`/v1/checkout/sessions/${firstSession?.id}/expire`, '/v1/checkout/sessions']);
    expect(requests[1]?.form['line_items[0][price]']).toBe('price_yearly_1399');
    const sessions = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    expect(sessions.map((session) => session.status).sort()).toEqual(['expired', 'open']);
    expect(sessions.every((session) => session.client_secret === null)).toBe(true);
  });

  it('gives a second tab the same open session (retrieved from Stripe), and a new one once Stripe closed it', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const first = (await post('/api/create-checkout-session', auth)).json().clientSecret;
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    requests.length = 0;
    const second = await post('/api/create-checkout-session', auth);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().clientSecret).toBe(first);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v1/checkout/sessions/${session?.id}`]);

    sessionStatuses.set(session?.id ?? '', 'expired');
    requests.length = 0;
    const third = (await post('/api/create-checkout-session', auth)).json().clientSecret;
    expect(third).not.toBe(first);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([`GET /v1/checkout/sessions/${session?.id}`, 'POST /v1/checkout/sessions']);
    const sessions = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    expect(sessions.map((row) => row.status).sort()).toEqual(['expired', 'open']);
  });

  it('sends nothing to Stripe for a member who already pays (409)', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
    expect((await post('/api/create-checkout-session', auth)).statusCode).toBe(409);
    expect(requests).toEqual([]);
  });

  it('cancels at the period end and reinstates through subscriptions.update', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    // The subscription is known from its webhook first.
    const subscriptionId = `sub_standin_${user.id}`;
    const created = {
      id: `evt_created_${user.id}`,
      object: 'event',
      type: 'customer.subscription.created',
      created: NOW - 60,
      data: {
        object: {
          id: subscriptionId,
          object: 'subscription',
          customer: 'cus_standin_sub',
          status: 'active',
          cancel_at_period_end: false,
          cancel_at: null,
          metadata: { user_id: String(user.id) },
          items: { data: [{ current_period_end: PERIOD_END, price: { id: 'price_monthly_129' } }] },
        },
      },
    };
    const payload = JSON.stringify(created);
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
    expect(hook.statusCode).toBe(200);

    const cancel = await t.app.inject({ method: 'PATCH', url: '/api/unsubscribe', headers: auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ subscription_status: 'pending_cancelation', subscription_end_date: new Date(PERIOD_END * 1000).toISOString() });
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', path: `/v1/subscriptions/${subscriptionId}`, form: { cancel_at_period_end: 'true' } })]);

    requests.length = 0;
    const reinstate = await t.app.inject({ method: 'PATCH', url: '/api/reinstate', headers: auth });
    expect(reinstate.json().subscription_status).toBe('active');
    expect(requests).toEqual([expect.objectContaining({ path: `/v1/subscriptions/${subscriptionId}`, form: { cancel_at_period_end: 'false' } })]);
  });

  it('opens a billing portal session for the customer and creates a SetupIntent', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner', stripe_customer_id: 'cus_existing' });
    const portal = await post('/api/billing/portal', auth);
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/\d+$/);
    expect(requests).toEqual([expect.objectContaining({ path: '/v1/billing_portal/sessions', form: { customer: 'cus_existing', return_url: 'http://portal.test/profile' } })]);

    requests.length = 0;
    const intent = await post('/api/create-setup-intent', auth);
    expect(intent.json()).toEqual({ clientSecret: expect.stringMatching(/^seti_\d+_secret_standin$/) });
    expect(requests[0]).toMatchObject({ path: '/v1/setup_intents', form: { customer: 'cus_existing', usage: 'off_session' } });
  });

  it('answers 503 when Stripe fails, and keeps no session', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner', stripe_customer_id: 'cus_existing_2' });
    failures = 3;
    const res = await post('/api/create-checkout-session', auth);
    expect(res.statusCode).toBe(503);
    expect(requests.filter((request) => request.path === '/v1/checkout/sessions')).toHaveLength(3);
    expect(res.json().error.code).toBe('service_unavailable');
    expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id))).toEqual([]);
  });

  it('refuses the local card form when Stripe is on (404)', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner' });
    const res = await post('/api/billing/local/confirm', auth, { client_secret: 'cs_x', card: { number: '4242424242424242', exp_month: 1, exp_year: 40, cvc: '123' } });
    expect(res.statusCode).toBe(404);
  });
});
