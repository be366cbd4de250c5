import { DEFAULT_REFERRAL_SETTINGS, referralSettingsSchema, type ReferralSettings } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { readSetting, writeSetting, type Setting } from '../settings/settings.service.js';

/** Referral settings (issue 39): the attribution window, how long a registration lasts, and the open-registration limit. */
export const readReferralSettings = (db: Executor): Promise<Setting<ReferralSettings>> => readSetting(db, 'referrals', referralSettingsSchema, DEFAULT_REFERRAL_SETTINGS);

export async function writeReferralSettings(ctx: AppContext, actorId: number, next: ReferralSettings): Promise<void> {
  const current = await readReferralSettings(ctx.db);
  await writeSetting(ctx, actorId, 'referrals', { ...current.value }, { ...next });
}
