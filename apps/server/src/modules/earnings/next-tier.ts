import type { EarningsSettings, NextTier } from '@sunin/contract';

/**
 * The rung above a partner on the share ladder (issue 38 item 6), with its share as configured
 * and how to reach it: a referral partner subscribes to the sales partner plan; a sales partner
 * asks the team about the enterprise tier. The top tier, and account types without a share,
 * have none.
 */
export function nextTierOf(accountType: string, settings: EarningsSettings): NextTier | null {
  if (accountType === 'referral_partner') return { account_type: 'sales_partner', share_rate: settings.tiers.sales_partner.share_rate, path: 'subscribe' };
  if (accountType === 'sales_partner') return { account_type: 'enterprize_partner', share_rate: settings.tiers.enterprize_partner.share_rate, path: 'ask_team' };
  return null;
}
