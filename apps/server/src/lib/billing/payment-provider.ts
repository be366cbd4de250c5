import type { BillingPlanId, BillingProvider } from '@sunin/contract';
import type { BillingSubscriptionRow, UserRow } from '../../db/schema/index.js';
import type { ProviderEvent, ProviderSubscriptionInput } from './provider-events.js';

export interface CheckoutRequest {
  user: Pick<UserRow, 'id' | 'email'>;
  customerId: string;
  plan: BillingPlanId;
  /** Where Stripe's embedded form sends the browser once paid. */
  returnUrl: string;
}

export interface CreatedCheckoutSession {
  id: string;
  clientSecret: string;
}

export interface SubscriptionChange {
  /** The subscription as the provider holds it after the change. */
  subscription: ProviderSubscriptionInput;
  /**
   * Events the provider emitted for the change. The local provider hands them over to be
   * handled at once; Stripe delivers its own through the webhook, so its list is empty.
   */
  events: ProviderEvent[];
}

/** The local provider's customer ids; any other id is Stripe's. */
export const LOCAL_CUSTOMER_PREFIX = 'cus_local_';

/**
 * What the billing module needs from a payment provider (docs/decisions/004-billing.md). Two
 * complete implementations: Stripe (STRIPE_SECRET_KEY set) and the local test provider.
 * Subscription state never comes back from these calls directly into the user record: it
 * arrives as Stripe-shaped events that one handler applies, whichever provider sent them.
 */
export interface PaymentProviderBase {
  readonly kind: BillingProvider;
  /** Stripe's publishable key for the web app; null for the local provider. */
  readonly publishableKey: string | null;
  /** Test keys or the local provider: the web app labels the checkout as test mode. */
  readonly testMode: boolean;
  /** The plans that have a price. */
  readonly plans: readonly BillingPlanId[];
  /** Whether a stored customer id belongs to this provider (ids survive a provider switch). */
  ownsCustomer(customerId: string): boolean;
  createCustomer(user: Pick<UserRow, 'id' | 'email' | 'first_name' | 'last_name'>): Promise<string>;
  createCheckoutSession(request: CheckoutRequest): Promise<CreatedCheckoutSession>;
  /**
   * The session again, if it can still be paid (a second tab on /checkout reuses it rather than
   * expiring the first tab's); null once it was paid, expired or is unknown to the provider.
   */
  findOpenCheckoutSession(sessionId: string): Promise<CreatedCheckoutSession | null>;
  /** Closes an open checkout session so that it can no longer be paid; a finished one is left alone. */
  expireCheckoutSession(sessionId: string): Promise<void>;
  createSetupIntent(customerId: string): Promise<string>;
  /** The billing portal's address for the customer. */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** Cancel at the end of the period (true) or reinstate (false). */
  setCancelAtPeriodEnd(subscription: BillingSubscriptionRow, cancel: boolean): Promise<SubscriptionChange>;
  /** The plan a price id stands for, if it is one of ours. */
  planForPrice(priceId: string | null | undefined): BillingPlanId | null;
}
