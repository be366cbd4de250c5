import { z } from 'zod';

/**
 * The parts of Stripe's event objects the app reads, checked with zod rather than trusted:
 * Stripe's webhooks (verified, any API version) and the local provider's events (built to the
 * same shape) both pass through these before anything is written. Fields the app does not
 * read are neither required nor kept.
 */

const unixSeconds = z.number().int().nonnegative();
/** An id, or the expanded object carrying it. */
const idOrObject = z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === 'string' ? value : value.id));
const metadata = z.record(z.string(), z.string()).nullish().transform((value) => value ?? {});

export const providerSubscriptionSchema = z.object({
  id: z.string().min(1),
  object: z.literal('subscription'),
  customer: idOrObject,
  status: z.string(),
  cancel_at_period_end: z.boolean(),
  cancel_at: unixSeconds.nullish(),
  trial_end: unixSeconds.nullish(),
  ended_at: unixSeconds.nullish(),
  metadata,
  items: z.object({
    data: z.array(
      z.object({
        // Per item since API 2025-03-31.basil; still on the subscription before that.
        current_period_end: unixSeconds.optional(),
        price: z.object({ id: z.string() }),
      }),
    ),
  }),
  current_period_end: unixSeconds.optional(),
});
export type ProviderSubscription = z.output<typeof providerSubscriptionSchema>;
export type ProviderSubscriptionInput = z.input<typeof providerSubscriptionSchema>;

export const providerCheckoutSessionSchema = z.object({
  id: z.string().min(1),
  object: z.literal('checkout.session'),
  mode: z.string(),
  customer: idOrObject.nullish(),
  subscription: idOrObject.nullish(),
  client_reference_id: z.string().nullish(),
  payment_status: z.string(),
  metadata,
});
export type ProviderCheckoutSessionInput = z.input<typeof providerCheckoutSessionSchema>;

export const providerInvoiceSchema = z.object({
  id: z.string().min(1),
  object: z.literal('invoice'),
  customer: idOrObject.nullish(),
  // The subscription moved under parent.subscription_details in API 2025-03-31.basil.
  parent: z
    .object({
      subscription_details: z.object({ subscription: idOrObject, metadata }).nullish(),
    })
    .nullish(),
  subscription: idOrObject.nullish(),
  lines: z.object({ data: z.array(z.object({ period: z.object({ end: unixSeconds }) })) }),
});
export type ProviderInvoiceInput = z.input<typeof providerInvoiceSchema>;

/** The event envelope: what `stripe.webhooks.constructEvent` answers, or the local provider builds. */
export const providerEventSchema = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string(),
  created: unixSeconds,
  livemode: z.boolean().optional(),
  data: z.object({ object: z.record(z.string(), z.unknown()), previous_attributes: z.record(z.string(), z.unknown()).optional() }),
});
export type ProviderEvent = z.output<typeof providerEventSchema>;

/** The events the app acts on (issue 6); every other type is recorded and ignored. */
export const HANDLED_EVENT_TYPES = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;
export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

/** The period end of a subscription: per item on current API versions, else the top-level field. */
export function subscriptionPeriodEnd(subscription: ProviderSubscription): number | null {
  const itemEnds = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => end !== undefined);
  if (itemEnds.length > 0) return Math.max(...itemEnds);
  return subscription.current_period_end ?? null;
}
