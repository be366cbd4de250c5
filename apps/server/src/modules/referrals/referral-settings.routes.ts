import { DEFAULT_REFERRAL_SETTINGS, referralSettingsBodySchema, referralSettingsResponseSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { announceAdminWrites } from '../../plugins/realtime.js';
import { settingAnswer } from '../settings/settings.service.js';
import { readReferralSettings, writeReferralSettings } from './referral-settings.service.js';

/** GET/PUT /api/admin/referral-settings (issue 39): the attribution window, the registration length and the open-registration limit, like the payout settings. */
export const referralSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  app.addHook('onResponse', announceAdminWrites(app));
  const tags = ['Admin: referrals'];
  const respond = async () => settingAnswer(await readReferralSettings(app.ctx.db), DEFAULT_REFERRAL_SETTINGS);
  app.get('/admin/referral-settings', { schema: { tags, summary: 'The attribution window, registration length and open-registration limit, with the defaults', response: { 200: referralSettingsResponseSchema } } }, respond);
  app.put(
    '/admin/referral-settings',
    { schema: { tags, summary: 'Replace the referral settings (a registration made from now lasts the new length; the limit applies to the next registration)', body: referralSettingsBodySchema, response: { 200: referralSettingsResponseSchema } } },
    async (request) => {
      await writeReferralSettings(app.ctx, currentUser(request).id, request.body.settings);
      return respond();
    },
  );
};
