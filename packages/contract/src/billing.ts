import { z } from 'zod';
import { PLANS } from './constants.js';
import { SUBSCRIPTION_STATUSES } from './enums.js';

/**
 * Billing (issue 6, DESIGN.md "billing"): the sales partner subscription, its checkout, the
 * billing portal and the local test provider's card form.
 */

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in local test provider. */
export const BILLING_PROVIDERS = ['stripe', 'local'] as const;
export type BillingProvider = (typeof BILLING_PROVIDERS)[number];

/** The sales partner price in its two intervals (member-app.md 9: $129 monthly, $1399 yearly). */
export const BILLING_PLAN_IDS = ['monthly', 'yearly'] as const;
export type BillingPlanId = (typeof BILLING_PLAN_IDS)[number];

export const BILLING_PLANS: Record<BillingPlanId, { label: string; priceLabel: string; amountUsd: number; interval: 'month' | 'year' }> = {
  monthly: {
    label: `${PLANS.sales_partner.name} — $${PLANS.sales_partner.monthlyUsd}/month`,
    priceLabel: `$${PLANS.sales_partner.monthlyUsd}/month`,
    amountUsd: PLANS.sales_partner.monthlyUsd,
    interval: 'month',
  },
  yearly: {
    label: `${PLANS.sales_partner.name} — $${PLANS.sales_partner.yearlyUsd.toLocaleString('en-US')}/year`,
    priceLabel: `$${PLANS.sales_partner.yearlyUsd.toLocaleString('en-US')}/year`,
    amountUsd: PLANS.sales_partner.yearlyUsd,
    interval: 'year',
  },
};

/** Stripe's standard test cards, which the local provider honours the same way. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const BILLING_MESSAGES = {
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknownTestCard: 'Test mode accepts only test cards, such as 4242 4242 4242 4242.',
  cardNumberInvalid: 'Your card number is incomplete.',
  expiryInvalid: "Your card's expiration date is incomplete.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcInvalid: "Your card's security code is incomplete.",
  alreadySubscribed: 'You already have an active subscription.',
  pastDue: 'Your last payment did not go through. Update your payment method in the billing portal.',
  salesPartnersOnly: 'Only Sales Partner accounts have a subscription. Upgrade to Sales Partner first.',
  checkoutExpired: 'This checkout has expired. Reload the page to start again.',
  noSubscription: 'There is no subscription on file to change.',
  subscriptionEnded: 'This subscription has ended. Start a new one at checkout.',
  badSignature: 'The Stripe signature of this webhook is missing or invalid.',
  /** public-site-and-admin.md 8; `{email}` is the support address. */
  activationTimeout: (email: string) =>
    `Sorry, this is taking longer than expected. Please reach out to our customer support team at ${email}`,
} as const;

/** POST /create-checkout-session: the body is optional; the monthly price is the default. */
export const checkoutSessionBodySchema = z
  .object({ plan: z.enum(BILLING_PLAN_IDS, { error: 'Choose the monthly or the yearly plan.' }).optional() })
  .strict();
export type CheckoutSessionBody = z.infer<typeof checkoutSessionBodySchema>;

/** Answer of POST /create-checkout-session and POST /create-setup-intent (member-app.md 7). */
export const clientSecretResponseSchema = z.object({ clientSecret: z.string() });
export type ClientSecretResponse = z.infer<typeof clientSecretResponseSchema>;

/** GET /billing/config: what the web app needs at run time, so no key is baked into the build. */
export const billingConfigSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  /** Stripe's publishable key; null for the local provider. */
  publishableKey: z.string().nullable(),
  /** The plans a member can pick (yearly only when its price is configured). */
  plans: z.array(z.enum(BILLING_PLAN_IDS)),
  /** True for the local provider and for Stripe test keys. */
  testMode: z.boolean(),
});
export type BillingConfig = z.infer<typeof billingConfigSchema>;

/** POST /billing/portal: Stripe's portal session URL, or '/billing' for the local provider. */
export const billingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

/** GET /billing/subscription: the member's current subscription as the server last saw it. */
export const billingSubscriptionSchema = z.object({
  provider: z.enum(BILLING_PROVIDERS),
  plan: z.enum(BILLING_PLAN_IDS).nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  /** When it renews, or when it ends for a canceled or pending_cancelation subscription. */
  current_period_end: z.string().nullable(),
  trial_end: z.string().nullable(),
});
export type BillingSubscription = z.infer<typeof billingSubscriptionSchema>;
export const billingSubscriptionResponseSchema = z.object({ subscription: billingSubscriptionSchema.nullable() });
export type BillingSubscriptionResponse = z.infer<typeof billingSubscriptionResponseSchema>;

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The local provider's card form (test mode only): POST /billing/local/confirm. */
export const localCardSchema = z.object({
  number: z
    .string({ error: BILLING_MESSAGES.cardNumberInvalid })
    .max(40)
    .transform(digitsOnly)
    .refine((value) => /^\d{13,19}$/.test(value), BILLING_MESSAGES.cardNumberInvalid),
  exp_month: z.number({ error: BILLING_MESSAGES.expiryInvalid }).int(BILLING_MESSAGES.expiryInvalid).min(1, BILLING_MESSAGES.expiryInvalid).max(12, BILLING_MESSAGES.expiryInvalid),
  /** Two or four digits. */
  exp_year: z
    .number({ error: BILLING_MESSAGES.expiryInvalid })
    .int(BILLING_MESSAGES.expiryInvalid)
    .min(0, BILLING_MESSAGES.expiryInvalid)
    .max(2200, BILLING_MESSAGES.expiryInvalid)
    .transform((year) => (year < 100 ? 2000 + year : year)),
  cvc: z
    .string({ error: BILLING_MESSAGES.cvcInvalid })
    .trim()
    .regex(/^\d{3,4}$/, BILLING_MESSAGES.cvcInvalid),
});
export type LocalCard = z.input<typeof localCardSchema>;

export const localCheckoutConfirmBodySchema = z
  .object({
    client_secret: z.string({ error: 'The checkout session is missing.' }).trim().min(1, 'The checkout session is missing.').max(200),
    card: localCardSchema,
    cardholder_name: z.string().trim().max(200).optional(),
  })
  .strict();
export type LocalCheckoutConfirmBody = z.input<typeof localCheckoutConfirmBodySchema>;

export const localCheckoutConfirmResponseSchema = z.object({ status: z.literal('complete') });
