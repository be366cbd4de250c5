import { referralResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { contentDisposition } from '../projects/attachments.service.js';
import { getReferral, referralQr, type ReferralQrFormat } from './referral-code.service.js';

const tags = ['Referrals'];

/**
 * Issue 39 item 1: the partner's link, its counts and its QR code. Partner accounts only (403
 * for an administrator or any other account type). The QR images also take the web app's
 * cookie, so the Referrals page can show them in an <img> and offer them as downloads.
 */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/referral',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'My referral code and link (made on first use), with the clicks, leads and converted leads it brought; partner accounts only', response: { 200: referralResponseSchema } },
    },
    async (request) => getReferral(app.ctx, currentUser(request)),
  );

  for (const format of ['png', 'svg'] as const satisfies readonly ReferralQrFormat[]) {
    app.get(
      `/user/referral/qr.${format}`,
      {
        onRequest: app.requireUserOrCookie,
        schema: { tags, summary: `My referral link as a QR code (${format === 'png' ? '1024 px PNG' : 'SVG'}, with a quiet zone), as a download; partner accounts only` },
      },
      async (request, reply) => {
        const qr = await referralQr(app.ctx, currentUser(request), format);
        return reply
          .header('Content-Type', qr.contentType)
          .header('Content-Disposition', contentDisposition('attachment', qr.filename))
          .header('Cache-Control', 'private')
          // An SVG opened on its own runs nothing (it holds no script; this says so to the browser).
          .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(qr.body);
      },
    );
  }
};
