import { DEFAULT_PAYOUT_SETTINGS, payoutSettingsSchema, type PayoutSettings } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { readSetting, writeSetting, type Setting } from '../settings/settings.service.js';

/** The payout side's settings (issue 38): clawback window, notice and reasons, and the 1099 thresholds. */
export const readPayoutSettings = (db: Executor): Promise<Setting<PayoutSettings>> => readSetting(db, 'payouts', payoutSettingsSchema, DEFAULT_PAYOUT_SETTINGS);

export async function writePayoutSettings(ctx: AppContext, actorId: number, next: PayoutSettings): Promise<void> {
  const current = await readPayoutSettings(ctx.db);
  const flat = (value: PayoutSettings) => ({
    clawback_window_days: value.clawback_window_days,
    clawback_notice_days: value.clawback_notice_days,
    clawback_reasons: [...value.clawback_reasons].sort().join(', '),
    'reporting_threshold_usd.before_2026': value.reporting_threshold_usd.before_2026,
    'reporting_threshold_usd.from_2026': value.reporting_threshold_usd.from_2026,
  });
  // Audited field by field, stored whole.
  await writeSetting(ctx, actorId, 'payouts', flat(current.value), flat(next), next);
}

const DAY_MS = 86_400_000;
/** The last moment a paid entry can be clawed back without an override: its payment plus the window. */
export const clawbackUntil = (paidAt: Date, windowDays: number): Date => new Date(paidAt.getTime() + windowDays * DAY_MS);
