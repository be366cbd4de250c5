import {
  billingConfigSchema,
  billingPortalResponseSchema,
  billingSubscriptionResponseSchema,
  checkoutSessionBodySchema,
  clientSecretResponseSchema,
  localCheckoutConfirmBodySchema,
  localCheckoutConfirmResponseSchema,
  userSchema,
} from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { toUserResponse } from '../users/user-response.js';
import {
  billingConfig,
  confirmLocalCheckout,
  createCheckoutSession,
  createPortalSession,
  createSetupIntent,
  getSubscription,
  setCancelAtPeriodEnd,
} from './billing.service.js';

const tags = ['Billing'];
const security = [{ bearer: [] }];

/** member-app.md 7 "Billing" and issue 6. The Stripe webhook is in stripe-webhook.routes.ts. */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/billing/config',
    { schema: { tags, summary: 'The payment provider the web app should load (no key is built into the web app)', response: { 200: billingConfigSchema } } },
    async () => billingConfig(app.ctx),
  );

  app.post(
    '/create-checkout-session',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Start an embedded checkout for the Sales Partner subscription (409 when one is already active)',
        body: checkoutSessionBodySchema.nullish(),
        response: { 200: clientSecretResponseSchema },
      },
    },
    async (request) => createCheckoutSession(app.ctx, currentUser(request), request.body?.plan ?? 'monthly'),
  );

  app.post(
    '/create-setup-intent',
    { onRequest: app.requireUser, schema: { tags, security, summary: 'A SetupIntent to save a card for later payments', response: { 200: clientSecretResponseSchema } } },
    async (request) => createSetupIntent(app.ctx, currentUser(request)),
  );

  app.patch(
    '/unsubscribe',
    { onRequest: app.requireUser, schema: { tags, security, summary: 'Cancel at the end of the period (status pending_cancelation)', response: { 200: userSchema } } },
    async (request) => toUserResponse(await setCancelAtPeriodEnd(app.ctx, currentUser(request), true)),
  );

  app.patch(
    '/reinstate',
    { onRequest: app.requireUser, schema: { tags, security, summary: 'Undo a cancellation before the period ends (status active)', response: { 200: userSchema } } },
    async (request) => toUserResponse(await setCancelAtPeriodEnd(app.ctx, currentUser(request), false)),
  );

  app.post(
    '/billing/portal',
    { onRequest: app.requireUser, schema: { tags, security, summary: "The billing portal's address: Stripe's portal session, or /billing with the local provider", response: { 200: billingPortalResponseSchema } } },
    async (request) => createPortalSession(app.ctx, currentUser(request)),
  );

  app.get(
    '/billing/subscription',
    { onRequest: app.requireUser, schema: { tags, security, summary: 'The current subscription (plan, status, period end)', response: { 200: billingSubscriptionResponseSchema } } },
    async (request) => ({ subscription: await getSubscription(app.ctx, currentUser(request)) }),
  );

  app.post(
    '/billing/local/confirm',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Pay a checkout with the local test provider's card form (test cards only; 404 with Stripe)",
        body: localCheckoutConfirmBodySchema,
        response: { 200: localCheckoutConfirmResponseSchema },
      },
    },
    async (request) => confirmLocalCheckout(app.ctx, currentUser(request), request.body),
  );
};
