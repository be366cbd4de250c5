import type { ReferralFunnelRow } from '@sunin/contract';
import type { AnalyticsRangeQuery } from '../api/range-query';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useReferralFunnel } from '../api/get-referral-funnel';
import { count, days } from '../lib/format';
import { ChartCard } from './chart-card';
import { partnerColumn } from './partner-column';

export const REFERRAL_FUNNEL_TEXTS = {
  title: 'Referral funnel',
  description: 'Per partner: clicks on their link, their leads, the leads converted to projects, the converted projects that reached Project Completion, and the median days from a lead to its conversion. Clicks in the range, and the leads received in it followed to today.',
  empty: 'No partner has had a click or a lead yet.',
  loadFailed: 'The referral funnel could not be loaded.',
} as const;

/** The referral funnel per partner (issue 39 item 5), a table with its CSV. */
export function ReferralFunnelCard({ range }: { range: AnalyticsRangeQuery }) {
  const funnel = useReferralFunnel(range);
  if (funnel.isPending) return <PageSpinner label="Loading the referral funnel…" />;
  if (funnel.isError) return <LoadError message={REFERRAL_FUNNEL_TEXTS.loadFailed} onRetry={() => funnel.refetch()} retrying={funnel.isFetching} />;
  return (
    <ChartCard<ReferralFunnelRow>
      title={REFERRAL_FUNNEL_TEXTS.title}
      description={REFERRAL_FUNNEL_TEXTS.description}
      rows={funnel.data}
      empty={funnel.data.length === 0}
      emptyText={REFERRAL_FUNNEL_TEXTS.empty}
      csvName="referral-funnel"
      columns={[
        partnerColumn<ReferralFunnelRow>(),
        { header: 'Clicks', value: (row) => row.clicks, show: (row) => count(row.clicks), numeric: true },
        { header: 'Leads', value: (row) => row.leads, show: (row) => count(row.leads), numeric: true },
        { header: 'Converted', value: (row) => row.converted, show: (row) => count(row.converted), numeric: true },
        { header: 'Completed', value: (row) => row.completed, show: (row) => count(row.completed), numeric: true },
        { header: 'Median days to conversion', value: (row) => row.median_days_to_conversion, show: (row) => days(row.median_days_to_conversion), numeric: true },
      ]}
    />
  );
}
