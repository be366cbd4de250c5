import { PLANS, PROPOSAL_TURNAROUND_HOURS } from '@sunin/contract';

/**
 * The marketing figures of public-site-and-admin.md 1 and 9, named once so that every page
 * quotes the same numbers. (They are copy, not rules the server enforces, so they live with the
 * public site rather than in the contract.)
 */
export const FACTS = {
  itcBasePercent: 30,
  itcEnergyCommunityBonusPercent: 10,
  itcDomesticContentBonusPercent: 10,
  electivePayPreRegistrationDays: 120,
  financingRatePercent: 8.99,
  financingMaxPercent: 100,
  savings: '25-50%',
  payback: '3-7 years',
  panelLife: '25-30 years',
  proposalTurnaroundHours: PROPOSAL_TURNAROUND_HOURS,
  referralProfitPercent: 20,
  referralMinimumPayoutUsd: 2500,
  /** The Partner tiers table says 60; the FAQ copy says 70 (both as the spec gives them). */
  salesTierProfitPercent: 60,
  salesFaqProfitPercent: 70,
  enterpriseTeamProfitPercent: 70,
  salesMonthlyUsd: PLANS.sales_partner.monthlyUsd,
  salesYearlyUsd: PLANS.sales_partner.yearlyUsd,
} as const;

/** "$2,500" */
export function usd(amount: number): string {
  return `$${amount.toLocaleString('en-US')}`;
}
