import { BILLING_MESSAGES, localBankAccountBodySchema, payoutAccountResponseSchema, payoutOnboardingResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { ConnectEvent } from '../../lib/payouts/index.js';
import { currentUser } from '../../plugins/auth.js';
import { getPayoutAccount, setLocalBankAccount, startOnboarding } from './payout-account.service.js';
import { handlePayoutEvent } from './payout-sending.service.js';

/** The partner's payout account (issue 38 item 2): partners only (403 for other account types). */
export const payoutAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const tags = ['Earnings'];
  app.get('/user/payout_account', { schema: { tags, summary: "The caller's payout account at the payout provider ({payout_account: null} before onboarding)", response: { 200: payoutAccountResponseSchema } } }, async (request) =>
    getPayoutAccount(app.ctx, currentUser(request)),
  );
  app.post(
    '/user/payout_account/onboarding',
    { schema: { tags, summary: "Start or continue the payout account's setup: the URL to send the browser to (Stripe's onboarding, or the local provider's page)", response: { 200: payoutOnboardingResponseSchema } } },
    async (request) => startOnboarding(app.ctx, currentUser(request)),
  );
  app.put(
    '/user/payout_account/local',
    { schema: { tags, summary: 'The local payout provider only (404 with Stripe): the test bank account payouts go to', body: localBankAccountBodySchema, response: { 200: payoutAccountResponseSchema } } },
    async (request) => setLocalBankAccount(app.ctx, currentUser(request), request.body),
  );
};

/**
 * POST /webhooks/stripe/connect: the events of the partners' connected accounts (payout.paid,
 * payout.failed, account.updated), signed with the Connect endpoint's own secret
 * (STRIPE_CONNECT_WEBHOOK_SECRET). Built like /webhooks/stripe: every body kept raw, nothing
 * parsed before the signature matches; a missing or wrong signature answers 400 and changes nothing.
 */
export const stripeConnectWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe/connect',
    {
      schema: {
        tags: ['Earnings'],
        summary: 'Stripe Connect events (payouts to partners, their accounts), verified with STRIPE_CONNECT_WEBHOOK_SECRET (404 without Stripe or the secret)',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const payouts = app.ctx.payouts;
      if (payouts.kind !== 'stripe' || !payouts.connectWebhooks) throw new AppError('not_found', 'Stripe Connect webhooks are off: Stripe or STRIPE_CONNECT_WEBHOOK_SECRET is not set.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new AppError('bad_request', BILLING_MESSAGES.badSignature);
      let event: ConnectEvent;
      try {
        event = payouts.verifyConnectWebhook(request.body, signature);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe connect webhook refused');
        throw new AppError('bad_request', BILLING_MESSAGES.badSignature);
      }
      await handlePayoutEvent(app.ctx, event, 'stripe');
      return { received: true as const };
    },
  );
};
