import { useEffect, useState } from 'react';
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Alert } from '../../../components/ui/alert';
import { PageSpinner } from '../../../components/ui/spinner';

// One Stripe.js per key for the life of the page (Stripe asks for it to be loaded once).
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = loadStripe(publishableKey);
    loaded.set(publishableKey, promise);
  }
  return promise;
}

/**
 * Stripe's Embedded Checkout for a session's client secret (the session is `ui_mode:
 * embedded_page` on the pinned API version; Stripe.js 10 is its matching release train). Once
 * paid, Stripe sends the browser to the session's return_url, /activating-now. Loaded lazily:
 * with the local provider nothing from Stripe is ever fetched.
 */
export default function StripeEmbeddedCheckout({ publishableKey, clientSecret }: { publishableKey: string; clientSecret: string }) {
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);

  useEffect(() => {
    let active = true;
    stripeFor(publishableKey).then(
      (instance) => active && setStripe(instance ?? 'failed'),
      () => active && setStripe('failed'),
    );
    return () => {
      active = false;
    };
  }, [publishableKey]);

  if (stripe === 'failed') return <Alert tone="error">The secure payment form could not be loaded. Check your connection and reload the page.</Alert>;
  if (!stripe) return <PageSpinner label="Loading the secure payment form…" />;
  return (
    <EmbeddedCheckoutProvider key={clientSecret} stripe={stripe} options={{ clientSecret }}>
      <EmbeddedCheckout className="min-h-96" />
    </EmbeddedCheckoutProvider>
  );
}
