import { z } from 'zod';
import { providerEventSchema } from '../billing/provider-events.js';

/**
 * The parts of Stripe Connect's events the payout side reads (issue 38 item 2), checked with zod
 * rather than trusted: the Connect webhook's verified events and the local provider's settling
 * events (built to the same shape) pass through these before anything is written.
 */

const metadata = z.record(z.string(), z.string()).nullish().transform((value) => value ?? {});

/** A Connect event: Stripe's envelope, plus the connected account it happened on. */
export const connectEventSchema = providerEventSchema.extend({ account: z.string().min(1).max(255).optional() });
export type ConnectEvent = z.output<typeof connectEventSchema>;

/** A payout from a connected account's balance to its bank (payout.paid, payout.failed). */
export const providerPayoutSchema = z.object({
  id: z.string().min(1),
  object: z.literal('payout'),
  status: z.string(),
  amount: z.number().int().optional(),
  failure_code: z.string().nullish(),
  failure_message: z.string().nullish(),
  metadata,
});
export type ProviderPayoutInput = z.input<typeof providerPayoutSchema>;

/** A connected account (account.updated): whether Stripe pays it out, and what it still needs. */
export const providerAccountSchema = z.object({
  id: z.string().min(1),
  object: z.literal('account'),
  payouts_enabled: z.boolean().nullish(),
  details_submitted: z.boolean().nullish(),
  requirements: z.object({ currently_due: z.array(z.string()).nullish(), disabled_reason: z.string().nullish() }).nullish(),
  external_accounts: z.object({ data: z.array(z.object({ last4: z.string().nullish() }).passthrough()) }).nullish(),
  metadata,
});
export type ProviderAccount = z.output<typeof providerAccountSchema>;

/** The Connect events the app acts on; every other type is recorded and ignored. */
export const HANDLED_CONNECT_EVENT_TYPES = ['payout.paid', 'payout.failed', 'account.updated'] as const;
