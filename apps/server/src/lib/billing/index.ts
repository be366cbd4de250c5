import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { LocalPaymentProvider } from './local-provider.js';
import type { StripePaymentProvider } from './stripe-provider.js';

export { LocalPaymentProvider, type LocalCard } from './local-provider.js';
export type { PaymentProviderBase, SubscriptionChange } from './payment-provider.js';
export * from './provider-events.js';

/** One of the two complete implementations; `kind` tells them apart. */
export type PaymentProvider = StripePaymentProvider | LocalPaymentProvider;

/**
 * Stripe when STRIPE_SECRET_KEY is set, the local test provider otherwise (DESIGN.md). The
 * Stripe SDK (some 200 modules) is loaded only when it is the one configured (issue 19 item 7).
 */
export async function createPaymentProvider(config: Config, db: Database): Promise<PaymentProvider> {
  if (!config.stripe) return new LocalPaymentProvider(db);
  const { StripePaymentProvider } = await import('./stripe-provider.js');
  return new StripePaymentProvider(config.stripe);
}

/**
 * The origins Stripe.js and Embedded Checkout load from, for the Content-Security-Policy; none
 * with the local provider, whose form is the app's own.
 */
export function stripeContentSecurityPolicy(config: Config): { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[]; imgSrc: string[] } {
  if (!config.stripe) return { scriptSrc: [], frameSrc: [], connectSrc: [], imgSrc: [] };
  return {
    imgSrc: ['https://*.stripe.com'],
    scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://checkout.stripe.com'],
    frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
    connectSrc: ['https://api.stripe.com', 'https://checkout.stripe.com', 'https://m.stripe.network'],
  };
}
