import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, billingSubscriptions, checkoutSessions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const WEBHOOK_SECRET = 'whsec_test_portal_secret';
// Stripe is on; nothing here calls its API, so the stand-in address has no server behind it.
const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_portal',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_portal',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: 'price_monthly_129',
  STRIPE_PRICE_YEARLY: 'price_yearly_1399',
  STRIPE_API_BASE: 'http://127.0.0.1:9',
};

let t: TestApp;
const signer = new Stripe('sk_test_signer');
beforeAll(async () => {
  t = await createTestApp(STRIPE_ENV);
});
afterAll(async () => t?.close());

const NOW = Math.floor(Date.now() / 1000);
const DAY = 86_400;
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function subscription(fields: { id: string; customer: string; userId: number; status?: string; cancel_at_period_end?: boolean; cancel_at?: number | null; period_end?: number; trial_end?: number | null; price?: string }) {
  return {
    id: fields.id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancel_at_period_end ?? false,
    cancel_at: fields.cancel_at ?? null,
    trial_end: fields.trial_end ?? null,
    ended_at: null,
    metadata: { user_id: String(fields.userId) },
    items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', current_period_end: fields.period_end ?? NOW + 30 * DAY, price: { id: fields.price ?? 'price_monthly_129', object: 'price' } }] },
  };
}

function event(type: string, object: Record<string, unknown>, created = NOW, eventId = id('evt')) {
  return { id: eventId, object: 'event', api_version: '2026-10-28.endive', type, created, livemode: false, pending_webhooks: 1, data: { object } };
}

async function deliver(body: object, options: { secret?: string; signature?: string | null; timestamp?: number } = {}) {
  const payload = JSON.stringify(body);
  const signature =
    options.signature === undefined
      ? signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) })
      : options.signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(signature === null ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}

async function userRow(userId: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new Error('no user');
  return row;
}

async function eventRows(eventId: string) {
  return t.db.select().from(billingEvents).where(eq(billingEvents.id, eventId));
}

async function salesPartner() {
  const { user } = await t.signIn({ account_type: 'sales_partner' });
  return { user, customer: id('cus'), sub: id('sub') };
}

describe('POST /api/webhooks/stripe: signatures', () => {
  it('applies a correctly signed event: status, ids, end date and trial fields', async () => {
    const { user, customer, sub } = await salesPartner();
    const res = await deliver(event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id, status: 'trialing', trial_end: NOW + 7 * DAY, period_end: NOW + 7 * DAY })));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const row = await userRow(user.id);
    expect(row).toMatchObject({ subscription_status: 'active', stripe_customer_id: customer, stripe_subscription_id: sub, is_in_trial: true });
    expect(row.trial_end_date?.getTime()).toBe((NOW + 7 * DAY) * 1000);
    expect(row.subscription_end_date?.getTime()).toBe((NOW + 7 * DAY) * 1000);
  });

  it('refuses a wrong or missing signature with 400 and changes nothing', async () => {
    const { user, customer, sub } = await salesPartner();
    const body = event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id }));
    for (const options of [{ secret: 'whsec_someone_else' }, { signature: null }, { signature: 't=1,v1=deadbeef' }, { timestamp: NOW - 301 }]) {
      const res = await deliver(body, options);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'The Stripe signature of this webhook is missing or invalid.' } });
    }
    expect((await userRow(user.id)).subscription_status).toBeNull();
    expect(await eventRows(body.id)).toEqual([]);
  });

  it('refuses a body changed after signing (verified against the raw bytes)', async () => {
    const { user, customer, sub } = await salesPartner();
    const body = event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id }));
    const payload = JSON.stringify(body);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: JSON.stringify(body, null, 2),
    });
    expect(res.statusCode).toBe(400);
    expect((await userRow(user.id)).subscription_status).toBeNull();
  });
});

describe('POST /api/webhooks/stripe: once and in order', () => {
  it('handles a replayed event once', async () => {
    const { user, customer, sub } = await salesPartner();
    const created = event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id }), NOW - 100);
    const canceled = event('customer.subscription.updated', subscription({ id: sub, customer, userId: user.id, cancel_at_period_end: true, cancel_at: NOW + 30 * DAY }), NOW - 50);
    const reinstated = event('customer.subscription.updated', subscription({ id: sub, customer, userId: user.id }), NOW - 10);
    for (const body of [created, canceled, reinstated]) expect((await deliver(body)).statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('active');

    // The cancellation arrives again (Stripe retries): 200, and it is not applied again.
    const replay = await deliver(canceled);
    expect(replay.statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('active');
    expect(await eventRows(canceled.id)).toEqual([expect.objectContaining({ outcome: 'applied', user_id: user.id, provider: 'stripe' })]);
  });

  it('handles two simultaneous deliveries of one event once', async () => {
    const { user, customer, sub } = await salesPartner();
    const body = event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id }));
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect(await eventRows(body.id)).toHaveLength(1);
  });

  it('never lets an older subscription.updated overwrite newer state', async () => {
    const { user, customer, sub } = await salesPartner();
    const newer = event('customer.subscription.updated', subscription({ id: sub, customer, userId: user.id, cancel_at_period_end: true, cancel_at: NOW + 20 * DAY, period_end: NOW + 20 * DAY }), NOW - 10);
    const older = event('customer.subscription.updated', subscription({ id: sub, customer, userId: user.id, period_end: NOW + 20 * DAY }), NOW - 60);
    expect((await deliver(newer)).statusCode).toBe(200);
    expect((await deliver(older)).statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(row.subscription_status).toBe('pending_cancelation');
    expect(row.subscription_end_date?.getTime()).toBe((NOW + 20 * DAY) * 1000);
    expect((await eventRows(older.id))[0]?.outcome).toBe('stale');
  });

  it('keeps an ended subscription ended, whatever arrives after', async () => {
    const { user, customer, sub } = await salesPartner();
    const deleted = event('customer.subscription.deleted', { ...subscription({ id: sub, customer, userId: user.id, status: 'canceled' }), ended_at: NOW - 5 }, NOW - 5);
    const lateUpdate = event('customer.subscription.updated', subscription({ id: sub, customer, userId: user.id }), NOW - 30);
    const lateInvoice = event('invoice.paid', invoice({ customer, sub, userId: user.id, periodEnd: NOW + 30 * DAY }), NOW);
    for (const body of [deleted, lateUpdate, lateInvoice]) expect((await deliver(body)).statusCode).toBe(200);
    const row = await userRow(user.id);
    expect(row.subscription_status).toBe('canceled');
    expect(row.subscription_end_date?.getTime()).toBe((NOW - 5) * 1000);
  });

  it('orders events of the same second as Stripe sends them, and fills in the plan from an older one', async () => {
    const { user, customer, sub } = await salesPartner();
    // invoice.paid is delivered before subscription.created, within the same second.
    const paid = event('invoice.paid', invoice({ customer, sub, userId: user.id, periodEnd: NOW + 365 * DAY }), NOW);
    const created = event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id, status: 'incomplete', price: 'price_yearly_1399', period_end: NOW + 365 * DAY }), NOW);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect((await deliver(created)).statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('active');
    const [mirror] = await t.db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, sub));
    expect(mirror).toMatchObject({ plan: 'yearly', price_id: 'price_yearly_1399', provider_status: 'active' });
  });
});

function invoice(fields: { customer: string; sub: string; userId: number; periodEnd: number }) {
  return {
    id: id('in'),
    object: 'invoice',
    customer: fields.customer,
    status: 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription: fields.sub, metadata: { user_id: String(fields.userId) } } },
    lines: { object: 'list', data: [{ id: id('il'), period: { start: NOW, end: fields.periodEnd } }] },
  };
}

describe('POST /api/webhooks/stripe: each handled event type', () => {
  it('checkout.session.completed links the member and completes their session', async () => {
    const { user, customer, sub } = await salesPartner();
    await t.db.insert(checkoutSessions).values({ id: 'cs_test_link', user_id: user.id, provider: 'stripe', plan: 'monthly', customer_id: customer });
    const body = event('checkout.session.completed', {
      id: 'cs_test_link',
      object: 'checkout.session',
      mode: 'subscription',
      customer,
      subscription: sub,
      client_reference_id: String(user.id),
      payment_status: 'paid',
      status: 'complete',
      metadata: { user_id: String(user.id), plan: 'monthly' },
    });
    expect((await deliver(body)).statusCode).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ subscription_status: 'active', stripe_customer_id: customer, stripe_subscription_id: sub });
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'cs_test_link'));
    expect(session).toMatchObject({ status: 'complete', subscription_id: sub });
  });

  it('invoice.payment_failed makes a paying subscription past_due; a later invoice.paid makes it active through the new period', async () => {
    const { user, customer, sub } = await salesPartner();
    await deliver(event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id }), NOW - 100));
    await deliver(event('invoice.payment_failed', invoice({ customer, sub, userId: user.id, periodEnd: NOW + 60 * DAY }), NOW - 50));
    expect((await userRow(user.id)).subscription_status).toBe('past_due');
    await deliver(event('invoice.paid', invoice({ customer, sub, userId: user.id, periodEnd: NOW + 60 * DAY }), NOW - 10));
    const row = await userRow(user.id);
    expect(row.subscription_status).toBe('active');
    expect(row.subscription_end_date?.getTime()).toBe((NOW + 60 * DAY) * 1000);
  });

  it('customer.subscription.deleted cancels; a new subscription afterwards becomes the current one', async () => {
    const { user, customer, sub } = await salesPartner();
    await deliver(event('customer.subscription.created', subscription({ id: sub, customer, userId: user.id }), NOW - 300));
    await deliver(event('customer.subscription.deleted', { ...subscription({ id: sub, customer, userId: user.id, status: 'canceled' }), ended_at: NOW - 200 }, NOW - 200));
    expect((await userRow(user.id)).subscription_status).toBe('canceled');
    const next = id('sub');
    await deliver(event('customer.subscription.created', subscription({ id: next, customer, userId: user.id }), NOW - 100));
    expect(await userRow(user.id)).toMatchObject({ subscription_status: 'active', stripe_subscription_id: next });
    // The old one's late events no longer touch the member.
    await deliver(event('customer.subscription.updated', { ...subscription({ id: sub, customer, userId: user.id, status: 'canceled' }) }, NOW));
    expect(await userRow(user.id)).toMatchObject({ subscription_status: 'active', stripe_subscription_id: next });
  });

  it('records and ignores unknown event types and events about no member of ours', async () => {
    const { user } = await salesPartner();
    const unknown = event('payout.paid', { id: id('po'), object: 'payout' });
    expect((await deliver(unknown)).statusCode).toBe(200);
    expect((await eventRows(unknown.id))[0]?.outcome).toBe('ignored');
    const stranger = event('customer.subscription.created', { ...subscription({ id: id('sub'), customer: id('cus'), userId: 999_999 }), metadata: {} });
    expect((await deliver(stranger)).statusCode).toBe(200);
    expect((await eventRows(stranger.id))[0]?.outcome).toBe('ignored');
    const malformed = event('customer.subscription.updated', { id: id('sub'), object: 'subscription' });
    expect((await deliver(malformed)).statusCode).toBe(200);
    expect((await eventRows(malformed.id))[0]?.outcome).toBe('ignored');
    expect((await userRow(user.id)).subscription_status).toBeNull();
  });

  it('refuses a signed body that is not an event (400)', async () => {
    const res = await deliver({ hello: 'world' });
    expect(res.statusCode).toBe(400);
  });
});
