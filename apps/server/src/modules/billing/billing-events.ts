import { BILLING_PLAN_IDS, type BillingPlanId, type BillingProvider, type SubscriptionStatus } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { userChanged } from '../auth/sessions.service.js';
import type { Executor } from '../../db/client.js';
import { billingEvents, billingSubscriptions, checkoutSessions, users, type BillingSubscriptionRow } from '../../db/schema/index.js';
import {
  providerCheckoutSessionSchema,
  providerInvoiceSchema,
  providerSubscriptionSchema,
  subscriptionPeriodEnd,
  type HandledEventType,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderSubscription,
} from '../../lib/billing/index.js';

/**
 * The one handler of billing events (docs/decisions/004-billing.md): Stripe's verified webhooks
 * and the local provider's events alike. It keeps subscription_status, the Stripe ids,
 * subscription_end_date and the trial fields of the user true to the provider.
 *
 * - Once: the event id goes into billing_events (primary key) in the same transaction as its
 *   effect, so a replay, or two deliveries at once, change nothing a second time.
 * - In order: each subscription remembers the position (event `created`, then a rank for events
 *   of the same second) of the newest state applied; an older event only fills in what is
 *   still unknown (the plan), never overwrites newer state. An ended subscription stays ended.
 */

export type EventOutcome = 'applied' | 'stale' | 'ignored' | 'duplicate';

/** Events of the same second, in the order Stripe produces them for a paid checkout and after. */
const EVENT_RANK: Record<HandledEventType, number> = {
  'customer.subscription.created': 0,
  'checkout.session.completed': 1,
  'invoice.paid': 2,
  'invoice.payment_failed': 2,
  'customer.subscription.updated': 3,
  'customer.subscription.deleted': 4,
};

/** A change answered by the provider's API (Stripe's cancel and reinstate) counts as an update. */
export const DIRECT_CHANGE_RANK = EVENT_RANK['customer.subscription.updated'];

export interface Position {
  at: Date;
  rank: number;
}

/** Provider statuses whose subscription can never pay again. */
const ENDED = new Set(['canceled', 'incomplete_expired']);
/** Provider statuses of a subscription that is still the member's, paid up or not. */
const LIVE = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

/** Stripe's status (and cancel flags) in the five statuses of the contract. */
export function toSubscriptionStatus(row: Pick<BillingSubscriptionRow, 'provider_status' | 'cancel_at_period_end' | 'cancel_at'>): SubscriptionStatus {
  switch (row.provider_status) {
    case 'active':
    case 'trialing':
      // DESIGN.md: pending_cancelation is an active subscription with cancel_at_period_end or cancel_at.
      return row.cancel_at_period_end || row.cancel_at ? 'pending_cancelation' : 'active';
    // A paused subscription (a trial that ended without a card) is not paid up either.
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

const toDate = (seconds: number | null | undefined) => (seconds === null || seconds === undefined ? null : new Date(seconds * 1000));

function planFromMetadata(value: string | undefined): BillingPlanId | null {
  return BILLING_PLAN_IDS.find((plan) => plan === value) ?? null;
}

type StateFields = Partial<
  Pick<BillingSubscriptionRow, 'provider_status' | 'cancel_at_period_end' | 'cancel_at' | 'current_period_end' | 'trial_end' | 'ended_at'>
>;

interface StateChange {
  provider: BillingProvider;
  userId: number;
  subscriptionId: string;
  customerId: string;
  position: Position;
  /** The new state, given what is known so far (undefined for a subscription seen first). */
  state: (existing: BillingSubscriptionRow | undefined) => StateFields;
  /** What never changes with time order: taken from any event, newest wins. */
  price?: { price_id: string | null; plan: BillingPlanId | null };
}

const isOlder = (position: Position, row: BillingSubscriptionRow) =>
  position.at.getTime() < row.last_event_at.getTime() ||
  (position.at.getTime() === row.last_event_at.getTime() && position.rank < row.last_event_rank);

/** Applies one change to a subscription (locked for the transaction), then to its member. */
async function applyState(tx: Executor, change: StateChange): Promise<'applied' | 'stale'> {
  // A first sighting starts as a placeholder older than any event, then takes the change.
  await tx
    .insert(billingSubscriptions)
    .values({
      id: change.subscriptionId,
      user_id: change.userId,
      provider: change.provider,
      customer_id: change.customerId,
      provider_status: 'incomplete',
      last_event_at: new Date(0),
      last_event_rank: -1,
    })
    .onConflictDoNothing();
  const [existing] = await tx.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, change.subscriptionId)).for('update');
  if (!existing) throw new Error(`billing subscription ${change.subscriptionId} vanished`);
  const seenBefore = existing.last_event_rank >= 0;

  if (seenBefore && (ENDED.has(existing.provider_status) || isOlder(change.position, existing))) {
    // Stale: fill in the plan if it is still unknown, change nothing else.
    if (change.price && !existing.price_id && change.price.price_id) {
      await tx
        .update(billingSubscriptions)
        .set({ price_id: change.price.price_id, plan: existing.plan ?? change.price.plan, updated_at: new Date() })
        .where(eq(billingSubscriptions.id, existing.id));
    }
    return 'stale';
  }

  const [row] = await tx
    .update(billingSubscriptions)
    .set({
      ...change.state(seenBefore ? existing : undefined),
      ...(change.price?.price_id ? { price_id: change.price.price_id } : {}),
      ...(change.price?.plan ? { plan: change.price.plan } : {}),
      customer_id: change.customerId,
      last_event_at: change.position.at,
      last_event_rank: change.position.rank,
      updated_at: new Date(),
    })
    .where(eq(billingSubscriptions.id, existing.id))
    .returning();
  if (row) await syncUser(tx, row);
  return 'applied';
}

/**
 * Copies a subscription onto its member, if it is the member's subscription: the one on file,
 * or a newer one when the one on file has ended (a member who comes back after canceling).
 */
async function syncUser(tx: Executor, row: BillingSubscriptionRow): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, stripe_subscription_id: users.stripe_subscription_id })
    .from(users)
    .where(eq(users.id, row.user_id))
    .for('update');
  if (!user) return;
  const current = user.stripe_subscription_id;
  if (current && current !== row.id) {
    if (ENDED.has(row.provider_status)) return;
    const [currentRow] = await tx
      .select({ provider_status: billingSubscriptions.provider_status })
      .from(billingSubscriptions)
      .where(eq(billingSubscriptions.id, current));
    if (currentRow && LIVE.has(currentRow.provider_status)) return;
  }
  const ended = ENDED.has(row.provider_status);
  await tx
    .update(users)
    .set({
      subscription_status: toSubscriptionStatus(row),
      stripe_subscription_id: row.id,
      stripe_customer_id: row.customer_id,
      // When it renews; when it ends for pending_cancelation; when it ended for canceled.
      subscription_end_date: (ended ? (row.ended_at ?? row.cancel_at) : row.cancel_at) ?? row.current_period_end,
      is_in_trial: row.provider_status === 'trialing',
      trial_end_date: row.trial_end,
      updated_at: new Date(),
    })
    .where(eq(users.id, user.id));
}

/** Whose event is this: the subscription on file, the user id we put in metadata, the customer. */
async function resolveUser(tx: Executor, hints: { userId?: string | null | undefined; customerId?: string | null | undefined; subscriptionId?: string | null | undefined }): Promise<number | null> {
  if (hints.subscriptionId) {
    const [row] = await tx.select({ user_id: billingSubscriptions.user_id }).from(billingSubscriptions).where(eq(billingSubscriptions.id, hints.subscriptionId));
    if (row) return row.user_id;
  }
  if (hints.userId && /^\d{1,9}$/.test(hints.userId)) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, Number(hints.userId)));
    if (row) return row.id;
  }
  if (hints.customerId) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.stripe_customer_id, hints.customerId)).limit(1);
    if (row) return row.id;
    const [session] = await tx.select({ user_id: checkoutSessions.user_id }).from(checkoutSessions).where(eq(checkoutSessions.customer_id, hints.customerId)).limit(1);
    if (session) return session.user_id;
  }
  return null;
}

function subscriptionState(subscription: ProviderSubscription, deleted: boolean): StateFields {
  return {
    provider_status: deleted ? 'canceled' : subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: toDate(subscription.cancel_at),
    current_period_end: toDate(subscriptionPeriodEnd(subscription)),
    trial_end: toDate(subscription.trial_end),
    ended_at: toDate(subscription.ended_at),
  };
}

/** A whole subscription, from an event or from the provider's answer to cancel or reinstate. */
export async function applySubscription(
  tx: Executor,
  billing: PaymentProvider,
  subscription: ProviderSubscription,
  position: Position,
  options: { deleted?: boolean; userId?: number } = {},
): Promise<{ outcome: 'applied' | 'stale' | 'ignored'; userId: number | null }> {
  const userId =
    options.userId ?? (await resolveUser(tx, { subscriptionId: subscription.id, userId: subscription.metadata.user_id, customerId: subscription.customer }));
  if (!userId) return { outcome: 'ignored', userId: null };
  const priceId = subscription.items.data[0]?.price.id ?? null;
  const outcome = await applyState(tx, {
    provider: billing.kind,
    userId,
    subscriptionId: subscription.id,
    customerId: subscription.customer,
    position,
    state: () => subscriptionState(subscription, options.deleted ?? false),
    price: { price_id: priceId, plan: billing.planForPrice(priceId) ?? planFromMetadata(subscription.metadata.plan) },
  });
  return { outcome, userId };
}

async function applyEvent(tx: Executor, billing: PaymentProvider, event: ProviderEvent, type: HandledEventType): Promise<{ outcome: 'applied' | 'stale' | 'ignored'; userId: number | null }> {
  const position: Position = { at: new Date(event.created * 1000), rank: EVENT_RANK[type] };
  const ignored = { outcome: 'ignored' as const, userId: null };

  switch (type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const parsed = providerSubscriptionSchema.safeParse(event.data.object);
      if (!parsed.success) return ignored;
      return applySubscription(tx, billing, parsed.data, position, { deleted: type === 'customer.subscription.deleted' });
    }

    case 'checkout.session.completed': {
      const parsed = providerCheckoutSessionSchema.safeParse(event.data.object);
      if (!parsed.success || parsed.data.mode !== 'subscription') return ignored;
      const session = parsed.data;
      await tx
        .update(checkoutSessions)
        .set({ status: 'complete', subscription_id: session.subscription ?? null, updated_at: new Date() })
        .where(eq(checkoutSessions.id, session.id));
      if (!session.subscription || !session.customer) return ignored;
      const userId = await resolveUser(tx, {
        subscriptionId: session.subscription,
        userId: session.client_reference_id ?? session.metadata.user_id,
        customerId: session.customer,
      });
      if (!userId) return ignored;
      const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
      const outcome = await applyState(tx, {
        provider: billing.kind,
        userId,
        subscriptionId: session.subscription,
        customerId: session.customer,
        position,
        // A paid checkout means a paying subscription; its details come with its own events.
        state: (existing) => ({ provider_status: paid ? (existing?.provider_status === 'trialing' ? 'trialing' : 'active') : (existing?.provider_status ?? 'incomplete') }),
        price: { price_id: null, plan: planFromMetadata(session.metadata.plan) },
      });
      return { outcome, userId };
    }

    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const parsed = providerInvoiceSchema.safeParse(event.data.object);
      if (!parsed.success) return ignored;
      const invoice = parsed.data;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = details?.subscription ?? invoice.subscription;
      if (!subscriptionId || !invoice.customer) return ignored;
      const userId = await resolveUser(tx, { subscriptionId, userId: details?.metadata.user_id, customerId: invoice.customer });
      if (!userId) return ignored;
      const periodEnds = invoice.lines.data.map((line) => line.period.end);
      const periodEnd = periodEnds.length > 0 ? toDate(Math.max(...periodEnds)) : null;
      const outcome = await applyState(tx, {
        provider: billing.kind,
        userId,
        subscriptionId,
        customerId: invoice.customer,
        position,
        state: (existing) => {
          if (type === 'invoice.paid') {
            // Paid: paying again (a trial's $0 invoice leaves the trial as it is), through the period billed.
            return {
              provider_status: existing?.provider_status === 'trialing' ? 'trialing' : 'active',
              ...(periodEnd ? { current_period_end: periodEnd } : {}),
            };
          }
          // A failed renewal makes a paying subscription past due; a first invoice stays incomplete.
          if (!existing) return { provider_status: 'incomplete' };
          return existing.provider_status === 'active' || existing.provider_status === 'trialing' ? { provider_status: 'past_due' } : {};
        },
        price: { price_id: null, plan: planFromMetadata(details?.metadata.plan) },
      });
      return { outcome, userId };
    }
  }
}

const isHandled = (type: string): type is HandledEventType => Object.hasOwn(EVENT_RANK, type);

/**
 * Handles one event, once. Unknown types and events about no member of ours are recorded
 * (so a replay stays a no-op) and change nothing.
 */
export async function handleBillingEvent(ctx: AppContext, event: ProviderEvent): Promise<EventOutcome> {
  const result = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(billingEvents)
      .values({ id: event.id, type: event.type, provider: ctx.billing.kind, event_created_at: new Date(event.created * 1000), outcome: 'ignored' })
      .onConflictDoNothing()
      .returning({ id: billingEvents.id });
    if (!fresh) return { outcome: 'duplicate' as const, userId: null };
    const applied = isHandled(event.type) ? await applyEvent(tx, ctx.billing, event, event.type) : { outcome: 'ignored' as const, userId: null };
    await tx.update(billingEvents).set({ outcome: applied.outcome, user_id: applied.userId }).where(eq(billingEvents.id, event.id));
    return applied;
  });
  if (result.outcome === 'applied' && result.userId !== null) await userChanged(ctx, [result.userId]);
  ctx.log.info({ eventId: event.id, type: event.type, outcome: result.outcome, userId: result.userId }, 'billing event');
  return result.outcome;
}

/** The member's current subscription on file, if it was made with this provider. */
export async function findCurrentSubscription(db: Executor, user: { id: number; stripe_subscription_id: string | null }): Promise<BillingSubscriptionRow | undefined> {
  if (!user.stripe_subscription_id) return undefined;
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(and(eq(billingSubscriptions.id, user.stripe_subscription_id), eq(billingSubscriptions.user_id, user.id)))
    .limit(1);
  return row;
}
