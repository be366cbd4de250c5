import {
  ADMIN_ROLE,
  BILLING_MESSAGES,
  PAYING_SUBSCRIPTION_STATUSES,
  type BillingConfig,
  type BillingPlanId,
  type BillingSubscription,
  type LocalCheckoutConfirmBody,
} from '@sunin/contract';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { userChanged } from '../auth/sessions.service.js';
import type { ClusterLocks } from '../../db/client.js';
import { checkoutSessions, users, type BillingSubscriptionRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { providerSubscriptionSchema, type LocalCard } from '../../lib/billing/index.js';
import { DIRECT_CHANGE_RANK, applySubscription, findCurrentSubscription, handleBillingEvent, toSubscriptionStatus } from './billing-events.js';

const isPaying = (user: UserRow) => user.subscription_status !== null && PAYING_SUBSCRIPTION_STATUSES.includes(user.subscription_status);

export function billingConfig(ctx: AppContext): BillingConfig {
  return { provider: ctx.billing.kind, publishableKey: ctx.billing.publishableKey, plans: [...ctx.billing.plans], testMode: ctx.billing.testMode };
}

/** The provider's customer of the member, created on first need and kept in stripe_customer_id. */
async function ensureCustomer(ctx: AppContext, user: UserRow): Promise<string> {
  if (user.stripe_customer_id && ctx.billing.ownsCustomer(user.stripe_customer_id)) return user.stripe_customer_id;
  const created = await ctx.billing.createCustomer(user);
  // Only if no one else set one meanwhile (a second request at the same moment): keep theirs.
  const [row] = await ctx.db
    .update(users)
    .set({ stripe_customer_id: created, updated_at: new Date() })
    .where(and(eq(users.id, user.id), user.stripe_customer_id ? eq(users.stripe_customer_id, user.stripe_customer_id) : isNull(users.stripe_customer_id)))
    .returning({ stripe_customer_id: users.stripe_customer_id });
  if (row?.stripe_customer_id) {
    await userChanged(ctx, [user.id]);
    return row.stripe_customer_id;
  }
  const [winner] = await ctx.db.select({ stripe_customer_id: users.stripe_customer_id }).from(users).where(eq(users.id, user.id));
  return winner?.stripe_customer_id ?? created;
}

/**
 * POST /create-checkout-session (member-app.md 7). A sales partner who already pays gets 409 and
 * no second subscription; one whose renewal failed is sent to the billing portal instead.
 * A member who still has an open session for the same plan gets that session back: /checkout
 * opened in a second tab shows the same payment, so both tabs can pay and the provider takes
 * the payment once (issue 14). A session for another plan is expired first, so two tabs
 * cannot buy two subscriptions.
 */
export async function createCheckoutSession(ctx: AppContext, user: UserRow, plan: BillingPlanId): Promise<{ clientSecret: string }> {
  if (user.account_type !== 'sales_partner' || user.company_role === ADMIN_ROLE) {
    throw new AppError('forbidden', BILLING_MESSAGES.salesPartnersOnly);
  }
  if (isPaying(user)) throw new AppError('conflict', BILLING_MESSAGES.alreadySubscribed);
  if (user.subscription_status === 'past_due') throw new AppError('conflict', BILLING_MESSAGES.pastDue);
  if (!ctx.billing.plans.includes(plan)) {
    throw new AppError('validation_failed', 'This plan is not available.', { plan: 'This plan is not available.' });
  }
  const customerId = await ensureCustomer(ctx, user);
  const reused = await findReusableSession(ctx, user.id, plan, customerId);
  if (reused) return { clientSecret: reused.clientSecret };
  await expireOpenSessions(ctx, user.id);
  const session = await ctx.billing.createCheckoutSession({
    user,
    customerId,
    plan,
    returnUrl: `${ctx.config.appUrl}/activating-now?session_id={CHECKOUT_SESSION_ID}`,
  });
  await ctx.db.insert(checkoutSessions).values({
    id: session.id,
    user_id: user.id,
    provider: ctx.billing.kind,
    plan,
    customer_id: customerId,
    client_secret: ctx.billing.kind === 'local' ? session.clientSecret : null,
  });
  return { clientSecret: session.clientSecret };
}

/**
 * The member's newest open session of this provider, plan and customer, if the provider can
 * still take its payment. One the provider has closed meanwhile (Stripe's 24 hours) is marked
 * expired here and not offered again.
 */
async function findReusableSession(ctx: AppContext, userId: number, plan: BillingPlanId, customerId: string) {
  const [candidate] = await ctx.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.user_id, userId),
        eq(checkoutSessions.status, 'open'),
        eq(checkoutSessions.provider, ctx.billing.kind),
        eq(checkoutSessions.plan, plan),
        eq(checkoutSessions.customer_id, customerId),
      ),
    )
    .orderBy(desc(checkoutSessions.created_at))
    .limit(1);
  if (!candidate) return null;
  const open = await ctx.billing.findOpenCheckoutSession(candidate.id);
  if (!open) {
    await ctx.db
      .update(checkoutSessions)
      .set({ status: 'expired', updated_at: new Date() })
      .where(and(eq(checkoutSessions.id, candidate.id), eq(checkoutSessions.status, 'open')));
  }
  return open;
}

async function expireOpenSessions(ctx: AppContext, userId: number): Promise<void> {
  const open = await ctx.db
    .select({ id: checkoutSessions.id, provider: checkoutSessions.provider })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.user_id, userId), eq(checkoutSessions.status, 'open')));
  for (const session of open) {
    if (session.provider === ctx.billing.kind) await ctx.billing.expireCheckoutSession(session.id);
    await ctx.db
      .update(checkoutSessions)
      .set({ status: 'expired', updated_at: new Date() })
      .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')));
  }
}

/** POST /create-setup-intent: collects a card for later payments (no screen uses it yet). */
export async function createSetupIntent(ctx: AppContext, user: UserRow): Promise<{ clientSecret: string }> {
  const customerId = await ensureCustomer(ctx, user);
  return { clientSecret: await ctx.billing.createSetupIntent(customerId) };
}

/** POST /billing/portal: Stripe's customer portal, or the app's own /billing page (local provider). */
export async function createPortalSession(ctx: AppContext, user: UserRow): Promise<{ url: string }> {
  const customerId = await ensureCustomer(ctx, user);
  return { url: await ctx.billing.createPortalSession(customerId, `${ctx.config.appUrl}/profile`) };
}

async function changeableSubscription(ctx: AppContext, user: UserRow): Promise<BillingSubscriptionRow> {
  const row = await findCurrentSubscription(ctx.db, user);
  if (!row || row.provider !== ctx.billing.kind) throw new AppError('conflict', BILLING_MESSAGES.noSubscription);
  const status = toSubscriptionStatus(row);
  if (status === 'canceled') throw new AppError('conflict', BILLING_MESSAGES.subscriptionEnded);
  if (status === 'incomplete') throw new AppError('conflict', BILLING_MESSAGES.noSubscription);
  return row;
}

/**
 * PATCH /unsubscribe (cancel at the end of the period: pending_cancelation) and PATCH /reinstate.
 * Asking for the state the subscription is already in answers it unchanged. Stripe's answer is
 * applied at once (its webhook follows and finds nothing newer to do); the local provider's
 * event goes through the event handler.
 */
export async function setCancelAtPeriodEnd(ctx: AppContext, user: UserRow, cancel: boolean): Promise<UserRow> {
  const row = await changeableSubscription(ctx, user);
  const pending = toSubscriptionStatus(row) === 'pending_cancelation';
  if (pending !== cancel) {
    const change = await ctx.billing.setCancelAtPeriodEnd(row, cancel);
    if (change.events.length > 0) {
      for (const event of change.events) await handleBillingEvent(ctx, event);
    } else {
      const subscription = providerSubscriptionSchema.parse(change.subscription);
      const now = new Date(Math.floor(Date.now() / 1000) * 1000);
      await ctx.db.transaction((tx) => applySubscription(tx, ctx.billing, subscription, { at: now, rank: DIRECT_CHANGE_RANK }, { userId: user.id }));
      await userChanged(ctx, [user.id]);
    }
  }
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  if (!fresh) throw new AppError('not_found', 'User not found.');
  return fresh;
}

/** GET /billing/subscription: the current subscription as the server last saw it. */
export async function getSubscription(ctx: AppContext, user: UserRow): Promise<BillingSubscription | null> {
  const row = await findCurrentSubscription(ctx.db, user);
  if (!row) return null;
  const status = toSubscriptionStatus(row);
  const end = (status === 'canceled' ? (row.ended_at ?? row.cancel_at) : row.cancel_at) ?? row.current_period_end;
  return {
    provider: row.provider,
    plan: row.plan,
    status,
    cancel_at_period_end: status === 'pending_cancelation',
    current_period_end: end ? end.toISOString() : null,
    trial_end: row.trial_end ? row.trial_end.toISOString() : null,
  };
}

/**
 * POST /billing/local/confirm: the local provider's card form. The card is checked first (a
 * decline changes nothing), then the session is claimed atomically, then the provider's events
 * go through the one event handler. Idempotent: confirming a session that is already paid (the
 * same checkout open in two tabs, or a double submit) answers complete again and charges and
 * subscribes nothing more, so there is one subscription in the end (issue 14).
 */
export async function confirmLocalCheckout(ctx: AppContext, user: UserRow, body: Omit<LocalCheckoutConfirmBody, 'card'> & { card: LocalCard }): Promise<{ status: 'complete' }> {
  const billing = ctx.billing;
  if (billing.kind !== 'local') throw new AppError('not_found', 'The local test checkout is off: this server uses Stripe.');
  const [session] = await ctx.db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.client_secret, body.client_secret), eq(checkoutSessions.user_id, user.id)))
    .limit(1);
  if (!session) throw new AppError('not_found', 'Checkout session not found.');
  if (session.status === 'complete') return { status: 'complete' };
  if (session.status === 'expired') throw new AppError('conflict', BILLING_MESSAGES.checkoutExpired);
  if (isPaying(user)) throw new AppError('conflict', BILLING_MESSAGES.alreadySubscribed);

  billing.checkCard(body.card);

  const [claimed] = await ctx.db
    .update(checkoutSessions)
    .set({ status: 'complete', updated_at: new Date() })
    .where(and(eq(checkoutSessions.id, session.id), eq(checkoutSessions.status, 'open')))
    .returning();
  if (!claimed) {
    // Paid by a request at the same moment (the other tab): that one subscribes. Or expired
    // meanwhile by a checkout for the other plan.
    const [now] = await ctx.db.select({ status: checkoutSessions.status }).from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    if (now?.status === 'complete') return { status: 'complete' };
    throw new AppError('conflict', BILLING_MESSAGES.checkoutExpired);
  }
  for (const event of await billing.subscribe(claimed)) await handleBillingEvent(ctx, event);
  return { status: 'complete' };
}

/** Local subscriptions are renewed or ended this often (their periods are months long). */
export const LOCAL_RENEWAL_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The local test provider's stand-in for Stripe's renewals: subscriptions whose period has
 * ended renew (or end, when set to cancel), through the same event handler as every other
 * billing change. Stripe renews by itself and reports it by webhook, so this does nothing then.
 */
export async function advanceLocalSubscriptions(ctx: AppContext): Promise<number> {
  if (ctx.billing.kind !== 'local') return 0;
  const events = await ctx.billing.advanceDueSubscriptions();
  for (const event of events) await handleBillingEvent(ctx, event);
  return events.length;
}

/** advanceLocalSubscriptions now and every LOCAL_RENEWAL_INTERVAL_MS, once per cluster. Returns the stop function. */
export function scheduleLocalRenewals(ctx: AppContext, locks: ClusterLocks): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'local-renewals',
    async () => {
      await advanceLocalSubscriptions(ctx);
    },
    LOCAL_RENEWAL_INTERVAL_MS,
    (error) => ctx.log.error({ err: error }, 'local subscription renewal failed'),
  );
}
