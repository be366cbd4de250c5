import type { BillingPlanId } from '@sunin/contract';
import Stripe from 'stripe';
import type { StripeConfig } from '../../config.js';
import type { BillingSubscriptionRow } from '../../db/schema/index.js';
import { AppError } from '../app-error.js';
import { LOCAL_CUSTOMER_PREFIX, type CheckoutRequest, type CreatedCheckoutSession, type PaymentProviderBase, type SubscriptionChange } from './payment-provider.js';
import { providerEventSchema, type ProviderEvent } from './provider-events.js';

/**
 * The Stripe API version, pinned: the version stripe-node 23 is typed for (its
 * esm/apiVersion.js), whose release train ("endive") is the one Stripe.js 10 and
 * @stripe/react-stripe-js 7 load in the browser. On it, Embedded Checkout is
 * `ui_mode: "embedded_page"` (older versions: `embedded`). Upgrading stripe-node changes the
 * type of `apiVersion`, so this line stops compiling until someone re-checks the two together.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** DESIGN.md: signatures older than five minutes are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function apiAddress(base: URL | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!base) return {};
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return { host: base.hostname, port: base.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * Stripe out of reach (network, its own 5xx, rate limits) answers 503, which the member may
 * retry; anything else (a bad price id, a bad key) is our misconfiguration and stays a logged 500.
 */
async function reachStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
      throw new AppError('service_unavailable', 'The payment service could not be reached. Please try again in a moment.');
    }
    throw error;
  }
}

/** The one way the app talks to Stripe (billing, and payouts through Connect): the pinned version, two retries, 20 s. */
export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiBase'>): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'SunIn Partner Portal' },
    ...apiAddress(config.apiBase),
  });
}

export class StripePaymentProvider implements PaymentProviderBase {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  readonly plans: readonly BillingPlanId[];
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.testMode = /^(sk|rk)_test_/.test(config.secretKey);
    this.plans = config.priceYearly ? ['monthly', 'yearly'] : ['monthly'];
    this.stripe = createStripeClient(config);
  }

  private priceFor(plan: BillingPlanId): string {
    const price = plan === 'yearly' ? this.config.priceYearly : this.config.priceMonthly;
    if (!price) throw new Error(`No Stripe price is configured for the ${plan} plan.`);
    return price;
  }

  planForPrice(priceId: string | null | undefined): BillingPlanId | null {
    if (!priceId) return null;
    if (priceId === this.config.priceMonthly) return 'monthly';
    if (priceId === this.config.priceYearly) return 'yearly';
    return null;
  }

  ownsCustomer(customerId: string): boolean {
    return !customerId.startsWith(LOCAL_CUSTOMER_PREFIX);
  }

  async createCustomer(user: { id: number; email: string; first_name: string; last_name: string }): Promise<string> {
    const customer = await reachStripe(() =>
      this.stripe.customers.create(
        { email: user.email, name: `${user.first_name} ${user.last_name}`.trim(), metadata: { user_id: String(user.id) } },
        // Two requests at once (a double click) get the same customer back for 24 hours.
        { idempotencyKey: `sunin-customer-${user.id}` },
      ),
    );
    return customer.id;
  }

  async createCheckoutSession({ user, customerId, plan, returnUrl }: CheckoutRequest): Promise<CreatedCheckoutSession> {
    const session = await reachStripe(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        ui_mode: 'embedded_page',
        customer: customerId,
        client_reference_id: String(user.id),
        line_items: [{ price: this.priceFor(plan), quantity: 1 }],
        // Every event of the subscription (and its invoices) then names its member.
        subscription_data: { metadata: { user_id: String(user.id), plan } },
        metadata: { user_id: String(user.id), plan },
        return_url: returnUrl,
      }),
    );
    if (!session.client_secret) throw new Error('Stripe answered a checkout session without a client secret.');
    return { id: session.id, clientSecret: session.client_secret };
  }

  async findOpenCheckoutSession(sessionId: string): Promise<CreatedCheckoutSession | null> {
    try {
      const session = await reachStripe(() => this.stripe.checkout.sessions.retrieve(sessionId));
      // Embedded sessions carry their client secret on retrieval too; without one, start afresh.
      return session.status === 'open' && session.client_secret ? { id: session.id, clientSecret: session.client_secret } : null;
    } catch (error) {
      // Unknown to Stripe (another account's key, a deleted test session): not reusable.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  async expireCheckoutSession(sessionId: string): Promise<void> {
    try {
      await reachStripe(() => this.stripe.checkout.sessions.expire(sessionId));
    } catch (error) {
      // Already complete or expired: nothing to close. Anything else is a real failure.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
    }
  }

  async createSetupIntent(customerId: string): Promise<string> {
    const intent = await reachStripe(() =>
      this.stripe.setupIntents.create({ customer: customerId, usage: 'off_session', automatic_payment_methods: { enabled: true } }),
    );
    if (!intent.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret.');
    return intent.client_secret;
  }

  async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
    const session = await reachStripe(() => this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
    return session.url;
  }

  async setCancelAtPeriodEnd(subscription: BillingSubscriptionRow, cancel: boolean): Promise<SubscriptionChange> {
    // Reinstating clears whichever of the two was set: cancel_at_period_end, or a cancel_at date
    // (set from the Dashboard or the portal). Stripe refuses both in one request.
    const params: Stripe.SubscriptionUpdateParams = cancel
      ? { cancel_at_period_end: true }
      : subscription.cancel_at_period_end || !subscription.cancel_at
        ? { cancel_at_period_end: false }
        : { cancel_at: '' };
    const updated = await reachStripe(() => this.stripe.subscriptions.update(subscription.id, params));
    return { subscription: updated, events: [] };
  }

  /** Verifies the signature against the raw body (DESIGN.md); throws when it does not match. */
  verifyWebhook(payload: Buffer, signature: string): ProviderEvent {
    const event = this.stripe.webhooks.constructEvent(payload, signature, this.config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    return providerEventSchema.parse(event);
  }
}
