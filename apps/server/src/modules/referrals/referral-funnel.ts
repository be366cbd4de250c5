import { resolveAnalyticsRange, type AnalyticsQuery, type ReferralFunnelRow } from '@sunin/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { fullName } from '../users/full-name.js';

const COMPLETED_STAGE = 'Project Completion';
const DAY_MS = 86_400_000;

/**
 * GET /api/admin/analytics/referral-funnel (issue 39 item 5), over the admin analytics' from/to
 * range (calendar days, UTC, both included; the last 12 months by default): per partner, the
 * clicks on their link in the range and the leads they were given in the range (a cohort: how
 * many of those converted, how many of those projects reached Project Completion, and the median
 * days from lead to conversion). Read from the range's clicks and leads only (leads_created_idx,
 * the projects of converted leads by their key), so its cost follows referral activity, never
 * the number of projects.
 */
export async function referralFunnel(ctx: AppContext, query: AnalyticsQuery): Promise<{ rows: ReferralFunnelRow[] }> {
  const { from, to } = resolveAnalyticsRange(query);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS);
  const { rows } = (await ctx.db.execute(sql`
    with clicked as (
      select user_id, count(*)::int as clicks from referral_clicks
      where clicked_at >= ${start} and clicked_at < ${end} group by user_id
    ),
    given as (
      select l.user_id,
        count(*)::int as leads,
        count(*) filter (where l.status = 'converted')::int as converted,
        count(*) filter (where l.status = 'converted' and p.project_stage = ${COMPLETED_STAGE})::int as completed,
        percentile_cont(0.5) within group (order by extract(epoch from (l.converted_at - l.created_at)) / 86400)
          filter (where l.status = 'converted' and l.converted_at is not null) as median_days
      from leads l left join projects p on p.id = l.project_id
      where l.user_id is not null and l.created_at >= ${start} and l.created_at < ${end}
      group by l.user_id
    ),
    partners as (
      select coalesce(c.user_id, g.user_id) as user_id, coalesce(c.clicks, 0) as clicks, coalesce(g.leads, 0) as leads,
        coalesce(g.converted, 0) as converted, coalesce(g.completed, 0) as completed, g.median_days
      from clicked c full join given g on g.user_id = c.user_id
    )
    select f.user_id, ${fullName} as name, f.clicks, f.leads, f.converted, f.completed, f.median_days
    from partners f join users on users.id = f.user_id
    order by f.leads desc, f.clicks desc, f.user_id`)) as unknown as { rows: Array<Omit<ReferralFunnelRow, 'median_days_to_conversion'> & { median_days: number | string | null }> };
  return {
    rows: rows.map(({ median_days, ...row }) => ({
      ...row,
      // One decimal: days and a few hours is as precise as the funnel needs to be.
      median_days_to_conversion: median_days === null ? null : Math.round(Number(median_days) * 10) / 10,
    })),
  };
}
