import { PLANS } from '@sunin/contract';
import { FACTS, usd } from './facts';

export interface PartnerTier {
  id: 'referral_partner' | 'sales_partner' | 'enterprise_partner';
  name: string;
  summary: string;
  /** Only plans with a price object show the monthly suffix (public-site-and-admin.md 2.3). */
  price?: { monthlyUsd: number; yearlyUsd: number };
  /** What a plan without a price object shows instead. */
  priceLabel?: string;
  badge?: string;
  features: string[];
  cta: string;
  featured?: boolean;
}

/** The Partner tiers table of public-site-and-admin.md 6. */
export const PARTNER_TIERS: PartnerTier[] = [
  {
    id: 'referral_partner',
    name: PLANS.referral_partner.name,
    summary: 'Refer the businesses you know and earn when their project closes.',
    priceLabel: 'Free',
    features: [
      `Earn up to ${FACTS.referralProfitPercent}% of profit (minimum payout ${usd(FACTS.referralMinimumPayoutUsd)})`,
      'Lead management',
      'Basic analytics',
    ],
    cta: 'Join for free',
  },
  {
    id: 'sales_partner',
    name: PLANS.sales_partner.name,
    summary: 'Run every deal yourself with the full SunIn sales platform.',
    price: { monthlyUsd: FACTS.salesMonthlyUsd, yearlyUsd: FACTS.salesYearlyUsd },
    features: [
      `Earn up to ${FACTS.salesTierProfitPercent}% of profit`,
      'Project management',
      'Advanced analytics',
      `Proposals within ${FACTS.proposalTurnaroundHours} hours`,
      'Financing options for your clients',
    ],
    cta: 'Become a Sales Partner',
    featured: true,
  },
  {
    id: 'enterprise_partner',
    name: 'Enterprise Partner',
    summary: 'For sales organisations that bring a whole team to commercial solar.',
    priceLabel: 'Custom',
    badge: 'Coming Soon',
    features: [
      `Team members earn up to ${FACTS.enterpriseTeamProfitPercent}% of profit`,
      'Volume-based team bonuses',
      'Teams access',
    ],
    cta: 'Start as a Sales Partner',
  },
];
