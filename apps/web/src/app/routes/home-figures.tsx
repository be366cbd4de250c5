import { Link } from 'react-router';
import { useAdminAnalytics } from '../../features/analytics/api/get-admin-analytics';
import { useUserAnalytics } from '../../features/analytics/api/get-user-analytics';
import { count, hours, share } from '../../features/analytics/lib/format';
import { formatUsd as dollars } from '../../lib/format';
import { useMyEarnings } from '../../features/earnings/api/get-earnings';

/**
 * The three headline figures of /home (issue 17 item 3), each a link to the page that explains
 * it: a partner's earnings and their own analytics; for an administrator, the company's.
 */
interface Headline {
  term: string;
  value: string;
  note: string;
  to: string;
}

interface QueryState {
  isPending: boolean;
  isError: boolean;
}

function headlineValue(query: QueryState, value: () => string): string {
  if (query.isPending) return '…';
  if (query.isError) return '–';
  return value();
}

function HeadlineCards({ label, figures }: { label: string; figures: Headline[] }) {
  return (
    <section aria-label={label}>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map((figure) => (
          <li key={figure.term}>
            <Link
              to={figure.to}
              className="block h-full rounded-2xl border border-ink-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block text-sm text-ink-500">{figure.term}</span>
              <span className="mt-1 block text-2xl font-semibold text-ink-900 tabular-nums">{figure.value}</span>
              <span className="mt-1 block text-xs text-ink-500">{figure.note}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const failed = 'Could not be loaded: open the page to retry';

const utcDay = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/**
 * The first day the figures count (issue 34 item 7): the analytics' default range starts on the
 * 1st of the month eleven months back (12 calendar months up to today), which is neither "this
 * year" nor exactly "the last 12 months", so the cards name the day.
 */
const since = (range: { from: string } | undefined) => (range ? `since ${utcDay.format(new Date(`${range.from}T00:00:00Z`))}` : '');

export function PartnerHeadlines() {
  const earnings = useMyEarnings();
  const analytics = useUserAnalytics({});
  const totals = earnings.data?.totals;
  const turnaround = analytics.data?.proposal_turnaround;
  const projects = analytics.data?.projects_per_month.reduce((sum, month) => sum + month.count, 0) ?? 0;
  const completed = analytics.data?.projects_by_stage.find((row) => row.stage === 'Project Completion')?.count ?? 0;
  return (
    <HeadlineCards
      label="Your figures"
      figures={[
        {
          term: 'Earned',
          value: headlineValue(earnings, () => dollars((totals?.approved_usd ?? 0) + (totals?.paid_usd ?? 0))),
          note: earnings.isError ? failed : `Approved and paid; ${dollars(totals?.expected_usd ?? 0)} expected`,
          to: '/earnings',
        },
        {
          term: 'Proposals on time',
          value: headlineValue(analytics, () => share(turnaround?.on_time_share ?? null)),
          note: analytics.isError ? failed : `Within 48 hours, requests ${since(analytics.data?.range)}; median ${hours(turnaround?.median_hours ?? null)}`,
          to: '/analytics',
        },
        {
          term: 'Projects created',
          value: headlineValue(analytics, () => count(projects)),
          note: analytics.isError ? failed : `Your new projects ${since(analytics.data?.range)}; ${count(completed)} of them now at Project Completion`,
          to: '/analytics',
        },
      ]}
    />
  );
}

export function CompanyHeadlines() {
  const analytics = useAdminAnalytics({});
  const data = analytics.data;
  const projects = data?.projects_per_month.reduce((sum, month) => sum + month.total, 0) ?? 0;
  return (
    <HeadlineCards
      label="Company figures"
      figures={[
        {
          term: 'Monthly recurring revenue',
          value: headlineValue(analytics, () => dollars(data?.subscriptions.mrr_usd ?? 0)),
          note: analytics.isError ? failed : `${count(data?.subscriptions.monthly ?? 0)} monthly and ${count(data?.subscriptions.yearly ?? 0)} yearly subscriptions`,
          to: '/admin/analytics',
        },
        {
          term: 'Proposals on time',
          value: headlineValue(analytics, () => share(data?.proposal_turnaround.on_time_share ?? null)),
          note: analytics.isError ? failed : `Within 48 hours, requests ${since(data?.range)}; median ${hours(data?.proposal_turnaround.median_hours ?? null)}`,
          to: '/admin/analytics',
        },
        {
          term: 'New projects',
          value: headlineValue(analytics, () => count(projects)),
          note: analytics.isError ? failed : `Created by every partner ${since(data?.range)}`,
          to: '/admin/analytics',
        },
      ]}
    />
  );
}
