import { randomBytes } from 'node:crypto';
import { BILLING_MESSAGES, TEST_CARDS, type BillingPlanId, type localCardSchema } from '@sunin/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { checkoutSessions, localSubscriptions, type BillingSubscriptionRow, type CheckoutSessionRow, type LocalSubscriptionRow } from '../../db/schema/index.js';
import { AppError } from '../app-error.js';
import { LOCAL_CUSTOMER_PREFIX, type CheckoutRequest, type CreatedCheckoutSession, type PaymentProviderBase, type SubscriptionChange } from './payment-provider.js';
import type { ProviderCheckoutSessionInput, ProviderEvent, ProviderInvoiceInput, ProviderSubscriptionInput } from './provider-events.js';

export type LocalCard = z.output<typeof localCardSchema>;

const LOCAL_PRICES: Record<BillingPlanId, string> = { monthly: 'price_local_monthly', yearly: 'price_local_yearly' };

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addInterval(start: Date, plan: BillingPlanId): Date {
  const end = new Date(start);
  if (plan === 'yearly') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * The local test provider (DESIGN.md "billing"): the default without STRIPE_SECRET_KEY, so the
 * whole paid signup works offline. It keeps its own books (local_subscriptions), takes Stripe's
 * standard test cards, and reports every change as a Stripe-shaped event that the billing
 * module applies with the very handler that applies Stripe's webhooks.
 */
export class LocalPaymentProvider implements PaymentProviderBase {
  readonly kind = 'local' as const;
  readonly publishableKey = null;
  readonly testMode = true;
  readonly plans: readonly BillingPlanId[] = ['monthly', 'yearly'];

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  planForPrice(priceId: string | null | undefined): BillingPlanId | null {
    if (priceId === LOCAL_PRICES.monthly) return 'monthly';
    if (priceId === LOCAL_PRICES.yearly) return 'yearly';
    return null;
  }

  ownsCustomer(customerId: string): boolean {
    return customerId.startsWith(LOCAL_CUSTOMER_PREFIX);
  }

  async createCustomer(): Promise<string> {
    return localId('cus');
  }

  async createCheckoutSession(_request: CheckoutRequest): Promise<CreatedCheckoutSession> {
    const id = localId('cs');
    return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
  }

  /** Local sessions live only in checkout_sessions: open there means payable. */
  async findOpenCheckoutSession(sessionId: string): Promise<CreatedCheckoutSession | null> {
    const [row] = await this.db
      .select({ id: checkoutSessions.id, client_secret: checkoutSessions.client_secret })
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, 'open')));
    return row?.client_secret ? { id: row.id, clientSecret: row.client_secret } : null;
  }

  /** Local sessions live only in checkout_sessions, which the billing module marks expired. */
  async expireCheckoutSession(): Promise<void> {}

  async createSetupIntent(): Promise<string> {
    const id = localId('seti');
    return `${id}_secret_${randomBytes(16).toString('hex')}`;
  }

  /** The web app's own billing page stands in for Stripe's portal. */
  async createPortalSession(): Promise<string> {
    return '/billing';
  }

  /**
   * Stripe's test cards, answered as Stripe answers them: 4242 4242 4242 4242 pays,
   * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds. Any other
   * number is refused, as real cards are in test mode.
   */
  checkCard(card: LocalCard): void {
    const now = this.now();
    const expiresAfter = new Date(Date.UTC(card.exp_year, card.exp_month, 1));
    if (expiresAfter.getTime() <= now.getTime()) {
      throw new AppError('rule_broken', BILLING_MESSAGES.expiryPast, { exp_month: BILLING_MESSAGES.expiryPast });
    }
    switch (card.number) {
      case TEST_CARDS.success:
      case '5555555555554444':
        return;
      case TEST_CARDS.declined:
        throw new AppError('payment_required', BILLING_MESSAGES.cardDeclined);
      case TEST_CARDS.insufficientFunds:
        throw new AppError('payment_required', BILLING_MESSAGES.insufficientFunds);
      default:
        throw new AppError('payment_required', BILLING_MESSAGES.unknownTestCard, { number: BILLING_MESSAGES.unknownTestCard });
    }
  }

  /**
   * Pays a checkout session: opens the subscription and answers the events Stripe sends for a
   * paid subscription checkout, in Stripe's usual order.
   */
  async subscribe(session: CheckoutSessionRow): Promise<ProviderEvent[]> {
    const start = this.now();
    const [row] = await this.db
      .insert(localSubscriptions)
      .values({
        id: localId('sub'),
        user_id: session.user_id,
        customer_id: session.customer_id,
        plan: session.plan,
        status: 'active',
        current_period_start: start,
        current_period_end: addInterval(start, session.plan),
      })
      .returning();
    if (!row) throw new Error('The local subscription was not saved.');
    const subscription = this.subscriptionObject(row);
    const checkout: ProviderCheckoutSessionInput = {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      customer: session.customer_id,
      subscription: row.id,
      client_reference_id: String(session.user_id),
      payment_status: 'paid',
      metadata: { user_id: String(session.user_id), plan: session.plan },
    };
    return [
      this.event('customer.subscription.created', subscription),
      this.event('checkout.session.completed', checkout),
      this.event('invoice.paid', this.invoiceObject(row)),
    ];
  }

  async setCancelAtPeriodEnd(subscription: BillingSubscriptionRow, cancel: boolean): Promise<SubscriptionChange> {
    const [row] = await this.db
      .update(localSubscriptions)
      .set({ cancel_at_period_end: cancel })
      .where(eq(localSubscriptions.id, subscription.id))
      .returning();
    if (!row) throw new AppError('not_found', BILLING_MESSAGES.noSubscription);
    const object = this.subscriptionObject(row);
    return {
      subscription: object,
      events: [this.event('customer.subscription.updated', object, { cancel_at_period_end: !cancel })],
    };
  }

  /**
   * What Stripe does when a period ends, for every local subscription whose period has ended:
   * one set to cancel at the period end ends (customer.subscription.deleted); any other renews
   * for the next period, paid by the test card on file (invoice.paid, then
   * customer.subscription.updated with the new period end). A subscription several periods
   * behind catches up period by period. Each step is claimed with a conditional update, so two
   * server processes never renew the same period twice.
   */
  async advanceDueSubscriptions(): Promise<ProviderEvent[]> {
    const now = this.now();
    const due = await this.db
      .select()
      .from(localSubscriptions)
      .where(and(eq(localSubscriptions.status, 'active'), lte(localSubscriptions.current_period_end, now)));
    const events: ProviderEvent[] = [];
    for (let row of due) {
      while (row.status === 'active' && row.current_period_end.getTime() <= now.getTime()) {
        const periodEnd = row.current_period_end;
        const changes: Partial<LocalSubscriptionRow> = row.cancel_at_period_end
          ? { status: 'canceled', canceled_at: periodEnd }
          : { current_period_start: periodEnd, current_period_end: addInterval(periodEnd, row.plan) };
        const [next] = await this.db
          .update(localSubscriptions)
          .set(changes)
          .where(and(eq(localSubscriptions.id, row.id), eq(localSubscriptions.status, 'active'), eq(localSubscriptions.current_period_end, periodEnd)))
          .returning();
        if (!next) break; // another process took this step
        const object = this.subscriptionObject(next);
        if (next.status === 'canceled') {
          events.push(this.event('customer.subscription.deleted', object));
        } else {
          events.push(this.event('invoice.paid', this.invoiceObject(next)));
          events.push(this.event('customer.subscription.updated', object, { items: { data: [{ current_period_end: seconds(periodEnd) }] } }));
        }
        row = next;
      }
    }
    return events;
  }

  private invoiceObject(row: LocalSubscriptionRow): ProviderInvoiceInput {
    return {
      id: localId('in'),
      object: 'invoice',
      customer: row.customer_id,
      parent: { subscription_details: { subscription: row.id, metadata: { user_id: String(row.user_id), plan: row.plan } } },
      lines: { data: [{ period: { end: seconds(row.current_period_end) } }] },
    };
  }

  private subscriptionObject(row: LocalSubscriptionRow): ProviderSubscriptionInput {
    const periodEnd = seconds(row.current_period_end);
    return {
      id: row.id,
      object: 'subscription',
      customer: row.customer_id,
      status: row.status,
      cancel_at_period_end: row.cancel_at_period_end,
      // As on Stripe's current API versions: cancel_at_period_end also sets cancel_at.
      cancel_at: row.cancel_at_period_end ? periodEnd : null,
      trial_end: null,
      ended_at: row.canceled_at ? seconds(row.canceled_at) : null,
      metadata: { user_id: String(row.user_id), plan: row.plan },
      items: { data: [{ current_period_end: periodEnd, price: { id: LOCAL_PRICES[row.plan] } }] },
    };
  }

  private event(type: string, object: Record<string, unknown>, previous?: Record<string, unknown>): ProviderEvent {
    return {
      id: localId('evt'),
      object: 'event',
      type,
      created: seconds(this.now()),
      livemode: false,
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
    };
  }
}
