import { z } from 'zod';
import { ACCOUNT_TYPE_LABELS, ACCOUNT_TYPES, ALL_PROJECT_STAGES, PROJECT_STAGES, type AccountType, type ProjectStage } from './enums.js';
import { EARNING_TIERS } from './earnings.js';
import { isoDay, isRealDay } from './input-bounds.js';

/**
 * Analytics (issue 17 item 3, docs/decisions/019-analytics.md): GET /api/user/analytics (the
 * caller's own projects) and GET /api/admin/analytics (company-wide), over a from/to range of
 * calendar days in UTC. Months are 'YYYY-MM' (UTC) and every month of the range is present,
 * with zeros when nothing happened. Money is in dollars with two decimals.
 */

/** The longest range one call may ask for: five years of months. */
export const ANALYTICS_MAX_MONTHS = 60;
/** The default range: the current month and the 11 before it. */
export const ANALYTICS_DEFAULT_MONTHS = 12;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = (name: string) => isoDay(name, { min: '2000-01-01', max: '2999-12-31' });

/** 'YYYY-MM' of a 'YYYY-MM-DD' or a Date (UTC). */
export const monthOf = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 7) : value.toISOString().slice(0, 7));

/**
 * Every month from the month of `from` to the month of `to`, both included (at most 1,200: a
 * guard, since the query's refinement may see dates that failed their own checks).
 */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  if (!ISO_DATE.test(from) || !ISO_DATE.test(to)) return months;
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = monthOf(to);
  while (months.length < 1200) {
    const key = `${String(year)}-${String(month).padStart(2, '0')}`;
    if (key > last) break;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** The default range at `today`: from the first day of the month 11 months back to today. */
export function defaultAnalyticsRange(today: Date = new Date()): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (ANALYTICS_DEFAULT_MONTHS - 1), 1));
  return { from: start.toISOString().slice(0, 10), to };
}

/** The range a query asks for, the default filling what it leaves out. */
export function resolveAnalyticsRange(query: { from?: string | undefined; to?: string | undefined }, today: Date = new Date()): { from: string; to: string } {
  const fallback = defaultAnalyticsRange(today);
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.to) {
    // Only `to`: the 12 months that end with it.
    const end = new Date(`${query.to}T00:00:00Z`);
    return { from: defaultAnalyticsRange(end).from, to: query.to };
  }
  if (query.from) {
    // Only `from`: up to today, but never more than the longest range.
    const start = new Date(`${query.from}T00:00:00Z`);
    const longest = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + ANALYTICS_MAX_MONTHS, 0)).toISOString().slice(0, 10);
    const to = fallback.to < query.from ? query.from : fallback.to;
    return { from: query.from, to: to > longest ? longest : to };
  }
  return fallback;
}

/** GET /api/user/analytics and /api/admin/analytics: `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional. */
export const analyticsQuerySchema = z
  .strictObject({ from: isoDate('from').optional(), to: isoDate('to').optional() })
  .superRefine((query, context) => {
    // Only two real dates are compared (the refinement may run after a field failed its checks).
    if (!query.from || !query.to || !isRealDay(query.from) || !isRealDay(query.to)) return;
    if (query.from > query.to) {
      context.addIssue({ code: 'custom', path: ['from'], message: 'from must be on or before to.' });
      return;
    }
    if (monthsBetween(query.from, query.to).length > ANALYTICS_MAX_MONTHS) {
      context.addIssue({ code: 'custom', path: ['from'], message: `The range is at most ${String(ANALYTICS_MAX_MONTHS)} months (5 years).` });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();
const month = z.string().regex(/^\d{4}-\d{2}$/);
const usd = z.number();

export const analyticsRangeSchema = z.object({ from: z.string(), to: z.string(), months: z.array(month) });

export const stageCountSchema = z.object({ stage: z.enum(ALL_PROJECT_STAGES), count });
export const monthCountSchema = z.object({ month, count });

/** Average days of the stays that began in the range; a stay still going counts up to now. */
export const stageDurationSchema = z.object({ stage: z.enum(ALL_PROJECT_STAGES), average_days: z.number().nullable(), stays: count });
/** The stages whose stays are averaged: the working ones (Project Completion and Archived are where a project ends). */
export const TIMED_STAGES: readonly ProjectStage[] = PROJECT_STAGES.slice(0, PROJECT_STAGES.length - 1);

/**
 * The 48-hour promise (DOMAIN.md 3) over the clocks started in the range. `late` includes the
 * open clocks already past 48 hours; open clocks within 48 hours are `pending` and count nowhere
 * else. The median is of the stopped clocks.
 */
export const proposalTurnaroundSchema = z.object({
  clocks: count,
  stopped: count,
  on_time: count,
  late: count,
  pending: count,
  median_hours: z.number().nullable(),
  /** on_time / (on_time + late), 0..1, null when there is nothing to judge. */
  on_time_share: z.number().nullable(),
});
export type ProposalTurnaround = z.infer<typeof proposalTurnaroundSchema>;

export const pipelineStageSchema = z.object({ stage: z.enum(ALL_PROJECT_STAGES), projects: count, contract_value_usd: usd });
export const earningsMonthSchema = z.object({ month, expected_usd: usd, approved_usd: usd, paid_usd: usd, total_usd: usd });

/** The account types that see the advanced set (the Sales Partner plan's "advanced analytics"). */
export const ADVANCED_ANALYTICS_ACCOUNT_TYPES: readonly AccountType[] = ['sales_partner', 'enterprize_partner'];
export const hasAdvancedAnalytics = (accountType: string): boolean => (ADVANCED_ANALYTICS_ACCOUNT_TYPES as readonly string[]).includes(accountType);

/** GET /api/user/analytics: projects are those the caller created in the range. */
export const userAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  advanced: z.boolean(),
  projects_by_stage: z.array(stageCountSchema),
  projects_per_month: z.array(monthCountSchema),
  days_in_stage: z.array(stageDurationSchema),
  proposal_turnaround: proposalTurnaroundSchema,
  /** Advanced set only (null for the basic one): deals' contract value by the project's current stage. */
  pipeline_by_stage: z.array(pipelineStageSchema).nullable(),
  /** Advanced set only: the caller's non-void ledger entries by the month they were created. */
  earnings_by_month: z.array(earningsMonthSchema).nullable(),
});
export type UserAnalytics = z.infer<typeof userAnalyticsSchema>;

/** Projects that reached a stage (or a later one) in the range; conversion from the stage before. */
export const funnelStageSchema = z.object({ stage: z.enum(PROJECT_STAGES), reached: count, conversion: z.number().nullable() });

/** The plans (account types) months are split by; `other` is every other account type. */
export const ANALYTICS_PLANS = [...EARNING_TIERS, 'other'] as const;
export type AnalyticsPlan = (typeof ANALYTICS_PLANS)[number];
export const ANALYTICS_PLAN_LABELS: Record<AnalyticsPlan, string> = {
  referral_partner: ACCOUNT_TYPE_LABELS.referral_partner,
  sales_partner: ACCOUNT_TYPE_LABELS.sales_partner,
  enterprize_partner: ACCOUNT_TYPE_LABELS.enterprize_partner,
  other: 'Other',
};
export const planMonthSchema = z.object({
  month,
  referral_partner: count,
  sales_partner: count,
  enterprize_partner: count,
  other: count,
  total: count,
});
export type PlanMonth = z.infer<typeof planMonthSchema>;

export const topPartnerSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  account_type: z.enum(ACCOUNT_TYPES),
  projects: count,
  pipeline_value_usd: usd,
});
export type TopPartner = z.infer<typeof topPartnerSchema>;
export const TOP_PARTNERS_LIMIT = 10;

/** Paying subscriptions now (not the range): MRR = $129 a monthly + $1399 / 12 a yearly. */
export const subscriptionsSummarySchema = z.object({ monthly: count, yearly: count, trialing: count, mrr_usd: usd });

/** GET /api/admin/analytics. */
export const adminAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  funnel: z.array(funnelStageSchema),
  archived: count,
  days_in_stage: z.array(stageDurationSchema),
  proposal_turnaround: proposalTurnaroundSchema,
  projects_per_month: z.array(planMonthSchema),
  new_partners_per_month: z.array(planMonthSchema),
  subscriptions: subscriptionsSummarySchema,
  top_partners_by_projects: z.array(topPartnerSchema),
  top_partners_by_pipeline: z.array(topPartnerSchema),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;
