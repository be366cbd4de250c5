import { PROJECT_STAGES, type UserAnalytics } from '@sunin/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/text-link';
import { useUserAnalytics } from '../api/get-user-analytics';
import { ChartCard } from '../components/chart-card';
import { TurnaroundFigures } from '../components/figures';
import { PageFrame } from '../components/page-frame';
import { useAnalyticsRange } from '../components/range-control';
import { compactDollars, count, days, dollars, monthLabel } from '../lib/format';
import { STAGE_COLOR, STATUS_COLORS } from '../lib/colors';

export const ANALYTICS_MESSAGES = {
  title: 'Analytics',
  loadFailed: 'The analytics could not be loaded.',
} as const;

type StageRow = UserAnalytics['projects_by_stage'][number];
type MonthRow = UserAnalytics['projects_per_month'][number];
type StayRow = UserAnalytics['days_in_stage'][number];
type PipelineRow = NonNullable<UserAnalytics['pipeline_by_stage']>[number];
type EarningsRow = NonNullable<UserAnalytics['earnings_by_month']>[number];

function MemberCharts({ data }: { data: UserAnalytics }) {
  const noProjects = data.projects_by_stage.every((row) => row.count === 0);
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <ChartCard<StageRow>
        title="Projects by stage"
        description="The projects you created in the range, by the stage they are at now."
        rows={data.projects_by_stage}
        empty={noProjects}
        emptyText="No projects created in this range."
        csvName="projects-by-stage"
        columns={[
          { header: 'Stage', value: (row) => row.stage },
          { header: 'Projects', value: (row) => row.count, numeric: true },
        ]}
        chart={{ data: data.projects_by_stage, categoryKey: 'stage', series: [{ key: 'count', label: 'Projects', color: STAGE_COLOR }] }}
      />
      <ChartCard<MonthRow>
        title="Projects created per month"
        rows={data.projects_per_month}
        empty={noProjects}
        emptyText="No projects created in this range."
        csvName="projects-per-month"
        columns={[
          { header: 'Month', value: (row) => row.month, show: (row) => monthLabel(row.month) },
          { header: 'Projects', value: (row) => row.count, numeric: true },
        ]}
        chart={{ data: data.projects_per_month.map((row) => ({ ...row, label: monthLabel(row.month) })), categoryKey: 'label', series: [{ key: 'count', label: 'Projects', color: STAGE_COLOR }] }}
      />
      <StageDaysCard rows={data.days_in_stage} />
      <TurnaroundFigures turnaround={data.proposal_turnaround} />
      {data.pipeline_by_stage && (
        <ChartCard<PipelineRow>
          title="Pipeline value by stage"
          description="The contract value of your projects' deals (created in the range, not archived), by their stage now."
          rows={data.pipeline_by_stage}
          empty={data.pipeline_by_stage.every((row) => row.projects === 0)}
          emptyText="No deals recorded on these projects yet."
          csvName="pipeline-by-stage"
          columns={[
            { header: 'Stage', value: (row) => row.stage },
            { header: 'Projects with a deal', value: (row) => row.projects, numeric: true },
            { header: 'Contract value (USD)', value: (row) => row.contract_value_usd, show: (row) => dollars(row.contract_value_usd), numeric: true },
          ]}
          chart={{ data: data.pipeline_by_stage, categoryKey: 'stage', series: [{ key: 'contract_value_usd', label: 'Contract value', color: STAGE_COLOR }], format: compactDollars }}
        />
      )}
      {data.earnings_by_month && (
        <ChartCard<EarningsRow>
          title="Earnings by month"
          description={
            <>
              Your share of each deal (and adjustments) by the month it was recorded, by status. Voided entries are left out.{' '}
              <Link className={textLinkClasses} to="/earnings">
                Your earnings
              </Link>
            </>
          }
          rows={data.earnings_by_month}
          empty={data.earnings_by_month.every((row) => row.expected_usd === 0 && row.approved_usd === 0 && row.paid_usd === 0)}
          emptyText="No earnings recorded in this range."
          csvName="earnings-by-month"
          columns={[
            { header: 'Month', value: (row) => row.month, show: (row) => monthLabel(row.month) },
            { header: 'Expected (USD)', value: (row) => row.expected_usd, show: (row) => dollars(row.expected_usd), numeric: true },
            { header: 'Approved (USD)', value: (row) => row.approved_usd, show: (row) => dollars(row.approved_usd), numeric: true },
            { header: 'Paid (USD)', value: (row) => row.paid_usd, show: (row) => dollars(row.paid_usd), numeric: true },
            { header: 'Total (USD)', value: (row) => row.total_usd, show: (row) => dollars(row.total_usd), numeric: true },
          ]}
          chart={{
            data: data.earnings_by_month.map((row) => ({ ...row, label: monthLabel(row.month) })),
            categoryKey: 'label',
            stacked: true,
            format: compactDollars,
            series: [
              { key: 'expected_usd', label: 'Expected', color: STATUS_COLORS.expected },
              { key: 'approved_usd', label: 'Approved', color: STATUS_COLORS.approved },
              { key: 'paid_usd', label: 'Paid', color: STATUS_COLORS.paid },
            ],
          }}
        />
      )}
    </div>
  );
}

/** Average days per working stage; shared with the admin page. */
export function StageDaysCard({ rows }: { rows: readonly StayRow[] }) {
  return (
    <ChartCard<StayRow>
      title="Average days in each stage"
      description={`Stays that began in the range; one still going counts up to today. ${PROJECT_STAGES[PROJECT_STAGES.length - 1] ?? ''} and Archived are where a project ends.`}
      rows={rows}
      empty={rows.every((row) => row.stays === 0)}
      emptyText="No stage changes in this range."
      csvName="days-in-stage"
      columns={[
        { header: 'Stage', value: (row) => row.stage },
        { header: 'Average days', value: (row) => row.average_days, show: (row) => days(row.average_days), numeric: true },
        { header: 'Stays', value: (row) => row.stays, show: (row) => count(row.stays), numeric: true },
      ]}
      chart={{ data: rows.map((row) => ({ ...row, average_days: row.average_days ?? 0 })), categoryKey: 'stage', series: [{ key: 'average_days', label: 'Average days', color: STAGE_COLOR }] }}
    />
  );
}

/**
 * /analytics (issue 17 item 3): the basic set for referral partners, and pipeline value and
 * earnings by month too for sales and enterprise partners (the server decides which).
 */
export function AnalyticsPage() {
  const range = useAnalyticsRange();
  const analytics = useUserAnalytics(range);
  return (
    <PageFrame
      title={ANALYTICS_MESSAGES.title}
      description={analytics.data?.advanced === false ? 'Your projects and proposals over time.' : 'Your projects, proposals, pipeline and earnings over time.'}
      query={analytics}
      range={analytics.data?.range}
      loadFailed={ANALYTICS_MESSAGES.loadFailed}
    >
      {analytics.data && <MemberCharts data={analytics.data} />}
    </PageFrame>
  );
}
