import { FREE_ESTIMATE_PATH, REFERRAL_COOKIE } from '@sunin/contract';
import { parse, serialize } from 'cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { DAY_MS } from './lead-rules.js';
import { isRecentClickOf, partnerOfCode, recordClick } from './referral-clicks.service.js';
import { readReferralSettings } from './referral-settings.service.js';

/** The attribution cookie's value on a request, if any. */
export function referralCookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  return parse(header)[REFERRAL_COOKIE] || undefined;
}

/**
 * The attribution cookie: first party, HttpOnly (no script reads it), SameSite=Lax (sent when
 * the visitor comes back through a link), Secure on https, for the attribution window.
 */
export function referralCookie(config: Pick<Config, 'appUrl' | 'isProduction'>, token: string, windowDays: number): string {
  return serialize(REFERRAL_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: config.isProduction || config.appUrl.startsWith('https:'),
    path: '/',
    maxAge: windowDays * (DAY_MS / 1000),
  });
}

/**
 * GET /r/{code} (issue 39 item 1), outside /api like the sitemap: a partner's link. A known code
 * of a partner records a click and sets the attribution cookie; the answer is always the same
 * 302 to the public form (no query kept), so an unknown code learns nothing. A visitor whose
 * cookie names this partner's click of the last 30 minutes is not counted again, and each
 * address counts at most LEAD_LIMITS.clicksPerIpPerMinute clicks (past it: the redirect only).
 */
export const referralLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/r/:code', { schema: { hide: true, params: z.object({ code: z.string() }) } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex, nofollow').header('Referrer-Policy', 'no-referrer');
    const now = new Date();
    const partnerId = await partnerOfCode(app.ctx.db, request.params.code);
    const existing = referralCookieOf(request);
    if (partnerId !== null && !(await isRecentClickOf(app.ctx.db, existing, partnerId, now)) && (await app.limits.referralClickAllowed(request))) {
      const token = await recordClick(app.ctx.db, partnerId, now);
      const settings = (await readReferralSettings(app.ctx.db)).value;
      reply.header('Set-Cookie', referralCookie(app.ctx.config, token, settings.attribution_window_days));
    }
    return reply.redirect(FREE_ESTIMATE_PATH, 302);
  });
};
