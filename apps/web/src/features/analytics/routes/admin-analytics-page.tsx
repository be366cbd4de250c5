import { ACCOUNT_TYPE_LABELS, ANALYTICS_PLAN_LABELS, ANALYTICS_PLANS, type AdminAnalytics, type PlanMonth, type TopPartner } from '@sunin/contract';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { ChartCard, type DataColumn } from '../components/chart-card';
import { Figures, TurnaroundFigures } from '../components/figures';
import { PageFrame } from '../components/page-frame';
import { partnerColumn } from '../components/partner-column';
import { ReferralFunnelCard } from '../components/referral-funnel-card';
import { useAnalyticsRange } from '../components/range-control';
import type { AnalyticsRangeQuery } from '../api/range-query';
import { PLAN_COLORS, STAGE_COLOR } from '../lib/colors';
import { count, dollars, monthLabel, share } from '../lib/format';
import { StageDaysCard } from './analytics-page';

export const ADMIN_ANALYTICS_MESSAGES = {
  title: 'Analytics',
  loadFailed: 'The company analytics could not be loaded.',
} as const;

type FunnelRow = AdminAnalytics['funnel'][number];

const planColumns: DataColumn<PlanMonth>[] = [
  { header: 'Month', value: (row) => row.month, show: (row) => monthLabel(row.month) },
  ...ANALYTICS_PLANS.map((plan): DataColumn<PlanMonth> => ({ header: ANALYTICS_PLAN_LABELS[plan], value: (row) => row[plan], numeric: true })),
  { header: 'Total', value: (row) => row.total, numeric: true },
];

function PlanMonthsCard({ title, description, rows, csvName, emptyText }: { title: string; description: string; rows: PlanMonth[]; csvName: string; emptyText: string }) {
  return (
    <ChartCard<PlanMonth>
      title={title}
      description={description}
      rows={rows}
      empty={rows.every((row) => row.total === 0)}
      emptyText={emptyText}
      csvName={csvName}
      columns={planColumns}
      chart={{
        data: rows.map((row) => ({ ...row, label: monthLabel(row.month) })),
        categoryKey: 'label',
        stacked: true,
        series: ANALYTICS_PLANS.map((plan) => ({ key: plan, label: ANALYTICS_PLAN_LABELS[plan], color: PLAN_COLORS[plan] })),
      }}
    />
  );
}

function TopPartnersCard({ title, rows, csvName }: { title: string; rows: TopPartner[]; csvName: string }) {
  return (
    <ChartCard<TopPartner>
      title={title}
      description="Projects created in the range; pipeline value is their deals' contract value, archived projects left out."
      rows={rows}
      emptyText="No partner projects in this range."
      csvName={csvName}
      columns={[
        partnerColumn<TopPartner>(),
        { header: 'Plan', value: (row) => ACCOUNT_TYPE_LABELS[row.account_type] },
        { header: 'Projects', value: (row) => row.projects, numeric: true },
        { header: 'Pipeline (USD)', value: (row) => row.pipeline_value_usd, show: (row) => dollars(row.pipeline_value_usd), numeric: true },
      ]}
    />
  );
}

function AdminCharts({ data, range }: { data: AdminAnalytics; range: AnalyticsRangeQuery }) {
  const { subscriptions } = data;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <Figures
        title="Subscriptions now"
        figures={[
          { term: 'Monthly recurring revenue', value: dollars(subscriptions.mrr_usd), note: '$129 per monthly and $1,399 ÷ 12 per yearly subscription' },
          { term: 'Active monthly', value: count(subscriptions.monthly) },
          { term: 'Active yearly', value: count(subscriptions.yearly) },
          { term: 'In a trial', value: count(subscriptions.trialing), note: 'Not in the revenue yet' },
        ]}
      />
      <TurnaroundFigures turnaround={data.proposal_turnaround} />
      <ChartCard<FunnelRow>
        title="Stage funnel"
        description={`Projects that reached each stage (or a later one) by a change in the range, and the share that went on from the stage before. ${count(data.archived)} archived in the range.`}
        rows={data.funnel}
        empty={data.funnel.every((row) => row.reached === 0)}
        emptyText="No stage changes in this range."
        csvName="stage-funnel"
        columns={[
          { header: 'Stage', value: (row) => row.stage },
          { header: 'Projects reached', value: (row) => row.reached, numeric: true },
          { header: 'Conversion from the stage before', value: (row) => row.conversion, show: (row) => share(row.conversion), numeric: true },
        ]}
        chart={{ data: data.funnel, categoryKey: 'stage', series: [{ key: 'reached', label: 'Projects reached', color: STAGE_COLOR }] }}
      />
      <StageDaysCard rows={data.days_in_stage} />
      <PlanMonthsCard
        title="Projects created per month"
        description="By the plan (account type) of the partner who created them."
        rows={data.projects_per_month}
        csvName="projects-per-month"
        emptyText="No projects created in this range."
      />
      <PlanMonthsCard
        title="New partners per month"
        description="Accounts created, by plan (account type)."
        rows={data.new_partners_per_month}
        csvName="new-partners-per-month"
        emptyText="No new accounts in this range."
      />
      <TopPartnersCard title="Top partners by projects" rows={data.top_partners_by_projects} csvName="top-partners-by-projects" />
      <TopPartnersCard title="Top partners by pipeline value" rows={data.top_partners_by_pipeline} csvName="top-partners-by-pipeline" />
      <div className="min-w-0 lg:col-span-2">
        <ReferralFunnelCard range={range} />
      </div>
    </div>
  );
}

/** /admin/analytics (issue 17 item 3): the company-wide figures. */
export function AdminAnalyticsPage() {
  const range = useAnalyticsRange();
  const analytics = useAdminAnalytics(range);
  return (
    <PageFrame
      title={ADMIN_ANALYTICS_MESSAGES.title}
      description="The pipeline, the 48-hour proposal promise, partners and subscriptions across the company."
      query={analytics}
      range={analytics.data?.range}
      loadFailed={ADMIN_ANALYTICS_MESSAGES.loadFailed}
    >
      {analytics.data && <AdminCharts data={analytics.data} range={range} />}
    </PageFrame>
  );
}
