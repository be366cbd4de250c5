import { BILLING_MESSAGES } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import type { ProviderEvent } from '../../lib/billing/index.js';
import { handleBillingEvent } from './billing-events.js';

/**
 * POST /webhooks/stripe. Its own plugin, because the signature is computed over the exact bytes
 * Stripe sent (DESIGN.md): here every body is kept raw, and nothing is parsed before the
 * signature matches. A missing or wrong signature answers 400 and changes nothing.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      schema: {
        tags: ['Billing'],
        summary: 'Stripe events, verified with STRIPE_WEBHOOK_SECRET (404 without Stripe)',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const billing = app.ctx.billing;
      if (billing.kind !== 'stripe') throw new AppError('not_found', 'Stripe webhooks are off: STRIPE_SECRET_KEY is not set.');
      const signature = request.headers['stripe-signature'];
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new AppError('bad_request', BILLING_MESSAGES.badSignature);
      let event: ProviderEvent;
      try {
        event = billing.verifyWebhook(request.body, signature);
      } catch (error) {
        request.log.warn({ err: error }, 'stripe webhook refused');
        throw new AppError('bad_request', BILLING_MESSAGES.badSignature);
      }
      await handleBillingEvent(app.ctx, event);
      return { received: true as const };
    },
  );
};
