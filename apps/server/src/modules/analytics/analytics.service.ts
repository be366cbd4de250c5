import {
  ALL_PROJECT_STAGES,
  ANALYTICS_PLANS,
  BILLING_PLANS,
  EARNING_ENTRY_STATUSES,
  hasAdvancedAnalytics,
  monthsBetween,
  PROJECT_STAGES,
  resolveAnalyticsRange,
  TIMED_STAGES,
  type AdminAnalytics,
  type AnalyticsPlan,
  type AnalyticsQuery,
  type PlanMonth,
  type ProposalTurnaround,
  type UserAnalytics,
} from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import type { UserRow } from '../../db/schema/index.js';
import * as q from './analytics.queries.js';

/** The range's instants: from the start of `from` to the end of `to` (UTC days). */
function windowOf(query: AnalyticsQuery, now: Date, owner: number | null) {
  const range = resolveAnalyticsRange(query, now);
  const until = new Date(`${range.to}T00:00:00Z`);
  until.setUTCDate(until.getUTCDate() + 1);
  const window: q.Window = { from: `${range.from}T00:00:00Z`, until: until.toISOString(), now, owner };
  return { range: { ...range, months: monthsBetween(range.from, range.to) }, window };
}

const usd = (cents: number) => Math.round(cents) / 100;
const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

function turnaround(row: Awaited<ReturnType<typeof q.proposalClocks>>[number] | undefined): ProposalTurnaround {
  const clocks = row ?? { clocks: 0, stopped: 0, on_time: 0, late: 0, pending: 0, median_hours: null };
  const judged = clocks.on_time + clocks.late;
  return {
    clocks: clocks.clocks,
    stopped: clocks.stopped,
    on_time: clocks.on_time,
    late: clocks.late,
    pending: clocks.pending,
    median_hours: clocks.median_hours === null ? null : round(clocks.median_hours, 1),
    on_time_share: judged === 0 ? null : round(clocks.on_time / judged, 4),
  };
}

function stageDurations(figures: q.StageFigures) {
  return TIMED_STAGES.map((stage, index) => {
    const days = figures.average_days[index] ?? null;
    return { stage, stays: figures.stays[index] ?? 0, average_days: days === null ? null : round(days, 1) };
  });
}

function planMonths(months: string[], rows: Array<{ month: string; plan: string; count: number }>): PlanMonth[] {
  return months.map((month) => {
    const entry: PlanMonth = { month, referral_partner: 0, sales_partner: 0, enterprize_partner: 0, other: 0, total: 0 };
    for (const row of rows) {
      if (row.month !== month) continue;
      const plan = (ANALYTICS_PLANS as readonly string[]).includes(row.plan) ? (row.plan as AnalyticsPlan) : 'other';
      entry[plan] += row.count;
      entry.total += row.count;
    }
    return entry;
  });
}

/** GET /api/user/analytics: the caller's own projects, proposals and (advanced set) deals and ledger. */
export async function userAnalytics(ctx: AppContext, user: UserRow, query: AnalyticsQuery, now = new Date()): Promise<UserAnalytics> {
  const { range, window } = windowOf(query, now, user.id);
  const advanced = hasAdvancedAnalytics(user.account_type);
  const [byStage, perMonth, stages, clocks, pipeline, earnings] = await Promise.all([
    q.projectsByStage(ctx.db, window),
    q.projectsPerMonth(ctx.db, window),
    q.stageFigures(ctx.db, window),
    q.proposalClocks(ctx.db, window),
    advanced ? q.pipelineByStage(ctx.db, window) : null,
    advanced ? q.earningsPerMonth(ctx.db, { ...window, owner: user.id }) : null,
  ]);
  return {
    range,
    advanced,
    projects_by_stage: ALL_PROJECT_STAGES.map((stage) => ({ stage, count: byStage.find((row) => row.stage === stage)?.count ?? 0 })),
    projects_per_month: range.months.map((month) => ({ month, count: perMonth.filter((row) => row.month === month).reduce((sum, row) => sum + row.count, 0) })),
    days_in_stage: stageDurations(stages),
    proposal_turnaround: turnaround(clocks[0]),
    pipeline_by_stage: pipeline
      ? PROJECT_STAGES.map((stage) => {
          const row = pipeline.find((candidate) => candidate.stage === stage);
          return { stage, projects: row?.projects ?? 0, contract_value_usd: usd(row?.cents ?? 0) };
        })
      : null,
    earnings_by_month: earnings
      ? range.months.map((month) => {
          const cents = (status: string) => earnings.find((row) => row.month === month && row.status === status)?.cents ?? 0;
          const [expected, approved, paid] = EARNING_ENTRY_STATUSES.filter((status) => status !== 'void').map(cents) as [number, number, number];
          return { month, expected_usd: usd(expected), approved_usd: usd(approved), paid_usd: usd(paid), total_usd: usd(expected + approved + paid) };
        })
      : null,
  };
}

/** GET /api/admin/analytics: the whole company. */
export async function adminAnalytics(ctx: AppContext, query: AnalyticsQuery, now = new Date()): Promise<AdminAnalytics> {
  const { range, window } = windowOf(query, now, null);
  const [stages, clocks, owners, newUsers, subscriptions] = await Promise.all([
    q.stageFigures(ctx.db, window),
    q.proposalClocks(ctx.db, window),
    q.projectOwners(ctx.db, window),
    q.newUsersPerMonth(ctx.db, window),
    q.liveSubscriptions(ctx.db),
  ]);

  // A project counts at every stage up to the highest it reached, so the funnel only narrows.
  const { reached } = stages;
  const funnel = PROJECT_STAGES.map((stage, index) => {
    const before = index === 0 ? null : (reached[index - 1] ?? 0);
    return { stage, reached: reached[index] ?? 0, conversion: before === null || before === 0 ? null : round((reached[index] ?? 0) / before, 4) };
  });

  const count = (plan: string, status: string) => subscriptions.filter((row) => row.plan === plan && row.provider_status === status).reduce((sum, row) => sum + row.count, 0);
  const monthly = count('monthly', 'active');
  const yearly = count('yearly', 'active');
  const mrrCents = monthly * BILLING_PLANS.monthly.amountUsd * 100 + (yearly * BILLING_PLANS.yearly.amountUsd * 100) / 12;
  // Each list comes ordered from its own subquery; sorted again here, as a union promises no order.
  const partners = (kind: q.OwnerRow['kind']) =>
    owners
      .filter((row) => row.kind === kind)
      .sort((a, b) => (kind === 'top_projects' ? b.projects - a.projects || b.cents - a.cents : b.cents - a.cents || b.projects - a.projects) || (a.user_id ?? 0) - (b.user_id ?? 0))
      .map((row) => ({
        user_id: row.user_id ?? 0,
        name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
        account_type: row.account_type ?? 'referral_partner',
        projects: row.projects,
        pipeline_value_usd: usd(row.cents),
      }));
  const perMonth = owners.filter((row) => row.kind === 'month').map((row) => ({ month: row.month ?? '', plan: row.plan ?? 'other', count: row.projects }));

  return {
    range,
    funnel,
    archived: stages.archived,
    days_in_stage: stageDurations(stages),
    proposal_turnaround: turnaround(clocks[0]),
    projects_per_month: planMonths(range.months, perMonth),
    new_partners_per_month: planMonths(range.months, newUsers),
    subscriptions: { monthly, yearly, trialing: subscriptions.filter((row) => row.provider_status === 'trialing').reduce((sum, row) => sum + row.count, 0), mrr_usd: usd(mrrCents) },
    top_partners_by_projects: partners('top_projects'),
    top_partners_by_pipeline: partners('top_pipeline'),
  };
}
