import type { Config } from '../../config.js';
import { LocalPayoutProvider } from './local-provider.js';
import type { StripePayoutProvider } from './stripe-provider.js';

export { LocalPayoutProvider } from './local-provider.js';
export * from './payout-provider.js';
export * from './provider-events.js';

/** One of the two complete implementations; `kind` tells them apart. */
export type PayoutProvider = StripePayoutProvider | LocalPayoutProvider;

/**
 * Stripe Connect when the app's billing is Stripe, the local simulation otherwise
 * (docs/decisions/047): one switch for money in and money out. The SDK loads only with Stripe.
 */
export async function createPayoutProvider(config: Config): Promise<PayoutProvider> {
  if (!config.stripe) return new LocalPayoutProvider(config.localPayoutSettleMs);
  const { StripePayoutProvider } = await import('./stripe-provider.js');
  return new StripePayoutProvider(config.stripe);
}
