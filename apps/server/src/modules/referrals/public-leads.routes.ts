import { LEAD_MESSAGES, leadFormResponseSchema, publicLeadBodySchema, publicLeadCreatedSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { LeadFormTokens } from './lead-form-token.js';
import { submitPublicLead } from './public-lead.service.js';
import { referralCookieOf } from './referral-link.routes.js';

/**
 * The business owner's estimate form (issue 39 item 2), public. Bot checks without a third party:
 * a signed, timed form token, a honeypot field, 5 forms an hour per address and 3 a day per
 * email address. Order: the body's schema first (a malformed body is no submission and counts
 * nowhere), then the per-address limit (so refused bots count too), then the bot checks, then
 * the per-email limit (only forms that would mail that address count against it, so nobody uses
 * up another person's address with forged forms).
 */
export const publicLeadsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Referrals (public)'];
  const formTokens = new LeadFormTokens(app.ctx.config.jwtSecret);
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow');
    return payload;
  });

  app.get(
    '/public/lead_form',
    { schema: { tags, summary: 'A signed form token for the estimate form, and how long the form must be open before it is sent', response: { 200: leadFormResponseSchema } } },
    async () => ({ form_token: formTokens.issue(), min_seconds: app.ctx.config.leadFormMinSeconds }),
  );

  app.post(
    '/public/leads',
    {
      preHandler: app.limits.leadFormsPerIp,
      schema: {
        tags,
        summary: "A business owner asks for a free estimate: a lead, the partner's whose link they came through within the attribution window (sunin_ref cookie), or nobody's",
        body: publicLeadBodySchema,
        response: { 201: publicLeadCreatedSchema },
      },
    },
    async (request, reply) => {
      const { lead, form_token, website_url } = request.body;
      if ((website_url ?? '').trim() !== '' || !formTokens.accepts(form_token, app.ctx.config.leadFormMinSeconds)) {
        throw new AppError('form_refused', LEAD_MESSAGES.formRefused);
      }
      await app.limits.leadFormsPerEmail.call(app, request, reply);
      const { uploadToken } = await submitPublicLead(app.ctx, lead, referralCookieOf(request));
      return reply.status(201).send({ upload_token: uploadToken });
    },
  );
};
