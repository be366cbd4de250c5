import { BILLING_MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, checkoutSessions, localSubscriptions, users } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { advanceLocalSubscriptions } from './billing.service.js';

// The local test provider: the default when STRIPE_SECRET_KEY is not set.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STRIPE_SECRET_KEY: '' });
});
afterAll(async () => t?.close());

type Auth = { authorization: string };
const GOOD_CARD = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 34, cvc: '123' };
const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

async function startCheckout(auth: Auth, payload?: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: auth, ...(payload ? { payload } : {}) });
}

async function pay(auth: Auth, clientSecret: string, card: Record<string, unknown> = GOOD_CARD) {
  return t.app.inject({ method: 'POST', url: '/api/billing/local/confirm', headers: auth, payload: { client_secret: clientSecret, card } });
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no user');
  return row;
}

/** A sales partner who has paid with the test card. */
async function subscribed() {
  const signedIn = await t.signIn({ account_type: 'sales_partner' });
  const { clientSecret } = (await startCheckout(signedIn.auth)).json();
  expect((await pay(signedIn.auth, clientSecret)).statusCode).toBe(200);
  return signedIn;
}

describe('GET /api/billing/config', () => {
  it('names the local provider, no publishable key, both plans, in test mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/billing/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'local', publishableKey: null, plans: ['monthly', 'yearly'], testMode: true });
  });
});

describe('POST /api/create-checkout-session (local provider)', () => {
  it('answers {clientSecret} for a sales partner and gives them a customer', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const res = await startCheckout(auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['clientSecret']);
    expect(res.json().clientSecret).toMatch(/^cs_local_\w+_secret_\w+$/);
    expect((await userRow(user.id)).stripe_customer_id).toMatch(/^cus_local_/);
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    expect(session).toMatchObject({ provider: 'local', plan: 'monthly', status: 'open' });
  });

  it('takes the yearly plan and refuses an unknown plan or field', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    expect((await startCheckout(auth, { plan: 'yearly' })).statusCode).toBe(200);
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    expect(session?.plan).toBe('yearly');
    const weekly = await startCheckout(auth, { plan: 'weekly' });
    expect(weekly.statusCode).toBe(422);
    expect(weekly.json().error).toMatchObject({ code: 'validation_failed', fields: { plan: 'Choose the monthly or the yearly plan.' } });
    expect((await startCheckout(auth, { plan: 'monthly', price: 'price_free' })).statusCode).toBeGreaterThanOrEqual(400);
  });

  it('answers 401 without a session and 403 for a referral partner or an admin', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/create-checkout-session' })).statusCode).toBe(401);
    const referral = await t.signIn();
    const res = await startCheckout(referral.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: BILLING_MESSAGES.salesPartnersOnly } });
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    expect((await startCheckout(admin.auth)).statusCode).toBe(403);
  });

  it('creates no second subscription for an active or pending_cancelation subscriber (409)', async () => {
    const { user, auth } = await subscribed();
    const before = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    const res = await startCheckout(auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'conflict', message: BILLING_MESSAGES.alreadySubscribed });
    await t.app.inject({ method: 'PATCH', url: '/api/unsubscribe', headers: auth });
    expect((await startCheckout(auth)).statusCode).toBe(409);
    expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id))).toHaveLength(before.length);
    expect(await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id))).toHaveLength(1);
  });

  it('sends a member whose renewal failed to the billing portal rather than a second subscription', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner', subscription_status: 'past_due' });
    const res = await startCheckout(auth);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.pastDue);
  });

  it('gives a second tab the open session of the same plan: both tabs pay, one subscription (issue 14)', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const firstTab = (await startCheckout(auth)).json().clientSecret;
    const secondTab = (await startCheckout(auth)).json().clientSecret;
    expect(secondTab).toBe(firstTab);
    expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id))).toHaveLength(1);

    const paidFirst = await pay(auth, firstTab);
    expect(paidFirst.statusCode, paidFirst.body).toBe(200);
    const paidSecond = await pay(auth, secondTab);
    expect(paidSecond.statusCode, paidSecond.body).toBe(200);
    expect(paidSecond.json()).toEqual({ status: 'complete' });

    expect(await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id))).toHaveLength(1);
    const types = (await t.db.select().from(billingEvents).where(eq(billingEvents.user_id, user.id))).map((event) => event.type);
    expect(types.filter((type) => type === 'checkout.session.completed')).toHaveLength(1);
    expect((await userRow(user.id)).subscription_status).toBe('active');
  });

  it('both tabs pay at the same moment: one subscription', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const firstTab = (await startCheckout(auth)).json().clientSecret;
    const secondTab = (await startCheckout(auth)).json().clientSecret;
    const answers = await Promise.all([pay(auth, firstTab), pay(auth, secondTab)]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    expect(await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id))).toHaveLength(1);
  });

  it('expires the open session when one for the other plan starts (two plans cannot both be bought)', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const monthly = (await startCheckout(auth)).json().clientSecret;
    const yearly = (await startCheckout(auth, { plan: 'yearly' })).json().clientSecret;
    expect(yearly).not.toBe(monthly);
    const res = await pay(auth, monthly);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.checkoutExpired);
    expect((await pay(auth, yearly)).statusCode).toBe(200);
    expect(await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id))).toHaveLength(1);
  });

  it('starts a new session once the open one was paid or expired', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner' });
    const monthly = (await startCheckout(auth)).json().clientSecret;
    await startCheckout(auth, { plan: 'yearly' });
    expect((await startCheckout(auth)).json().clientSecret).not.toBe(monthly);
  });
});

describe('POST /api/billing/local/confirm', () => {
  it('pays with 4242 4242 4242 4242 through the event handler: active, ids, end date, three events', async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const { clientSecret } = (await startCheckout(auth)).json();
    const res = await pay(auth, clientSecret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'complete' });

    const row = await userRow(user.id);
    expect(row.subscription_status).toBe('active');
    expect(row.stripe_customer_id).toMatch(/^cus_local_/);
    expect(row.stripe_subscription_id).toMatch(/^sub_local_/);
    expect(row.is_in_trial).toBe(false);
    const days = ((row.subscription_end_date?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const events = await t.db.select().from(billingEvents).where(eq(billingEvents.user_id, user.id));
    expect(events.map((event) => event.type).sort()).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);
    expect(events.every((event) => event.provider === 'local' && event.id.startsWith('evt_local_'))).toBe(true);
    const [session] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.user_id, user.id));
    expect(session).toMatchObject({ status: 'complete', subscription_id: row.stripe_subscription_id });

    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth });
    expect(profile.json()).toMatchObject({ subscription_status: 'active', account_type: 'sales_partner' });
    expect(profile.body).not.toContain('sub_local_');
  });

  it("declines 4000 0000 0000 0002 with 'Your card was declined.' and changes nothing; the same session then pays", async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const { clientSecret } = (await startCheckout(auth)).json();
    const res = await pay(auth, clientSecret, DECLINED_CARD);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: { code: 'payment_required', message: 'Your card was declined.' } });
    expect((await userRow(user.id)).subscription_status).toBeNull();
    expect(await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id))).toEqual([]);
    expect((await pay(auth, clientSecret)).statusCode).toBe(200);
  });

  it('refuses other cards, past expiry dates and malformed cards with the one error shape', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner' });
    const { clientSecret } = (await startCheckout(auth)).json();
    const unknown = await pay(auth, clientSecret, { ...GOOD_CARD, number: '4111 1111 1111 1111' });
    expect(unknown.statusCode).toBe(402);
    expect(unknown.json().error.message).toBe(BILLING_MESSAGES.unknownTestCard);
    const expired = await pay(auth, clientSecret, { ...GOOD_CARD, exp_year: 20 });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe(BILLING_MESSAGES.expiryPast);
    const malformed = await pay(auth, clientSecret, { number: '4242', exp_month: 13, exp_year: 30, cvc: '1' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().error).toMatchObject({
      code: 'validation_failed',
      fields: { number: BILLING_MESSAGES.cardNumberInvalid, exp_month: BILLING_MESSAGES.expiryInvalid, cvc: BILLING_MESSAGES.cvcInvalid },
    });
  });

  it("pays once: a second submit of the same session answers complete again, another member's session is refused", async () => {
    const { user, auth } = await t.signIn({ account_type: 'sales_partner' });
    const { clientSecret } = (await startCheckout(auth)).json();
    const other = await t.signIn({ account_type: 'sales_partner' });
    expect((await pay(other.auth, clientSecret)).statusCode).toBe(404);
    const [first, second] = await Promise.all([pay(auth, clientSecret), pay(auth, clientSecret)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id))).toHaveLength(1);
  });
});

describe('PATCH /api/unsubscribe and /api/reinstate (local provider)', () => {
  it('cancels at the period end (pending_cancelation) and reinstates (active), each once', async () => {
    const { user, auth } = await subscribed();
    const endDate = (await userRow(user.id)).subscription_end_date;
    const cancel = await t.app.inject({ method: 'PATCH', url: '/api/unsubscribe', headers: auth });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ id: user.id, subscription_status: 'pending_cancelation', subscription_end_date: endDate?.toISOString() });
    const [local] = await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id));
    expect(local?.cancel_at_period_end).toBe(true);

    // Asking again changes nothing and emits no event.
    const eventsBefore = (await t.db.select().from(billingEvents).where(eq(billingEvents.user_id, user.id))).length;
    expect((await t.app.inject({ method: 'PATCH', url: '/api/unsubscribe', headers: auth })).json().subscription_status).toBe('pending_cancelation');
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.user_id, user.id))).toHaveLength(eventsBefore);

    const reinstate = await t.app.inject({ method: 'PATCH', url: '/api/reinstate', headers: auth });
    expect(reinstate.statusCode).toBe(200);
    expect(reinstate.json().subscription_status).toBe('active');
    const sub = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: auth });
    expect(sub.json()).toEqual({
      subscription: { provider: 'local', plan: 'monthly', status: 'active', cancel_at_period_end: false, current_period_end: endDate?.toISOString(), trial_end: null },
    });
  });

  it('answers 409 without a subscription to change', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
    for (const url of ['/api/unsubscribe', '/api/reinstate']) {
      const res = await t.app.inject({ method: 'PATCH', url, headers: auth });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(BILLING_MESSAGES.noSubscription);
    }
    expect((await t.app.inject({ method: 'PATCH', url: '/api/unsubscribe' })).statusCode).toBe(401);
  });
});

describe('local renewals (the local provider stands in for Stripe at the period end)', () => {
  const DAY = 86_400_000;
  /** Moves the member's local subscription back in time so that its period ended `daysAgo` days ago. */
  async function periodEndedDaysAgo(userId: number, daysAgo: number) {
    const end = new Date(Date.now() - daysAgo * DAY);
    await t.db
      .update(localSubscriptions)
      .set({ current_period_start: new Date(end.getTime() - 30 * DAY), current_period_end: end })
      .where(eq(localSubscriptions.user_id, userId));
  }
  const typesOf = async (userId: number) => (await t.db.select().from(billingEvents).where(eq(billingEvents.user_id, userId))).map((event) => event.type);

  it('renews a subscription whose period ended, period by period, through the event handler, once', async () => {
    const { user, auth } = await subscribed();
    await periodEndedDaysAgo(user.id, 40);
    // Two processes at once: each period is renewed by one of them only.
    await Promise.all([advanceLocalSubscriptions(t.app.ctx), advanceLocalSubscriptions(t.app.ctx)]);

    const row = await userRow(user.id);
    expect(row.subscription_status).toBe('active');
    const days = ((row.subscription_end_date?.getTime() ?? 0) - Date.now()) / DAY;
    expect(days).toBeGreaterThan(15); // 40 days ago + two months
    expect(days).toBeLessThan(23);
    const types = await typesOf(user.id);
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(3); // checkout, then two renewals
    expect(types.filter((type) => type === 'customer.subscription.updated')).toHaveLength(2);
    expect(await advanceLocalSubscriptions(t.app.ctx)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth })).json()).toMatchObject({ subscription_status: 'active' });
  });

  it('ends a subscription set to cancel at its period end: the member is canceled and project writes answer 402', async () => {
    const { user, auth } = await subscribed();
    expect((await t.app.inject({ method: 'PATCH', url: '/api/unsubscribe', headers: auth })).statusCode).toBe(200);
    expect((await userRow(user.id)).subscription_status).toBe('pending_cancelation');
    await periodEndedDaysAgo(user.id, 1);
    await advanceLocalSubscriptions(t.app.ctx);

    expect((await userRow(user.id)).subscription_status).toBe('canceled');
    expect(await typesOf(user.id)).toContain('customer.subscription.deleted');
    const [local] = await t.db.select().from(localSubscriptions).where(eq(localSubscriptions.user_id, user.id));
    expect(local).toMatchObject({ status: 'canceled' });
    const create = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'After the end' } } });
    expect(create.statusCode).toBe(402);
  });

  it('leaves subscriptions inside their period alone', async () => {
    const { user } = await subscribed();
    const before = (await userRow(user.id)).subscription_end_date;
    await advanceLocalSubscriptions(t.app.ctx);
    expect((await userRow(user.id)).subscription_end_date).toEqual(before);
  });
});

describe('the other billing endpoints (local provider)', () => {
  it('POST /api/billing/portal answers the local billing page', async () => {
    const { auth } = await subscribed();
    const res = await t.app.inject({ method: 'POST', url: '/api/billing/portal', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: '/billing' });
  });

  it('POST /api/create-setup-intent answers {clientSecret}', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner' });
    const res = await t.app.inject({ method: 'POST', url: '/api/create-setup-intent', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().clientSecret).toMatch(/^seti_local_\w+_secret_\w+$/);
  });

  it('GET /api/billing/subscription is null before any checkout', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner' });
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: auth })).json()).toEqual({ subscription: null });
  });

  it('POST /api/webhooks/stripe is off without Stripe (404)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the subscription gates project writes (402 until paid)', () => {
  it('lets a sales partner create projects once the checkout is paid', async () => {
    const { auth } = await t.signIn({ account_type: 'sales_partner' });
    const create = () => t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { project_stage: 'Project Initiation', company_name: 'Acme Foods' } } });
    expect((await create()).statusCode).toBe(402);
    const { clientSecret } = (await startCheckout(auth)).json();
    await pay(auth, clientSecret);
    expect((await create()).statusCode).toBe(201);
  });
});
