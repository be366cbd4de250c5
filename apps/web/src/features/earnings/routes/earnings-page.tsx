import type { Earnings } from '@sunin/contract';
import { EarningEntriesTable, EarningsTotals, formatShare, MinimumPayoutProgress, PayoutsTable } from '../../../components/earnings/earnings-ledger';
import { Panel } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatUsd } from '../../../lib/format';
import { useMyEarnings } from '../api/get-earnings';
import { AtRiskPanel } from '../components/at-risk-panel';
import { ShareLadder } from '../components/share-ladder';
import { TaxFormPanel } from '../components/tax-form-panel';
import { StatementsPanel } from '../components/statements-panel';
import { PayoutAccountPanel } from '../components/payout-account-panel';

/** DOMAIN.md 2 in the partner's words, with their own share and minimum. */
function HowItWorks({ earnings }: { earnings: Earnings }) {
  const share = earnings.share_rate;
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm text-ink-700">
      <li>
        {share === null
          ? 'Your account type does not earn a share of deals.'
          : `When our team records the deal of one of your projects, you earn ${formatShare(share)} of its net profit, rounded to the cent. It shows here as expected.`}
      </li>
      <li>It is approved when the project reaches Project Completion (or earlier, by our team). A project archived before then voids it.</li>
      <li>
        {earnings.minimum_payout_usd > 0
          ? `Approved earnings are paid once they add up to the ${formatUsd(earnings.minimum_payout_usd)} minimum payout; each payout pays the whole approved balance.`
          : 'Each payout pays your whole approved balance; there is no minimum.'}
      </li>
      <li>A correction after payment shows as an adjustment, never as a change to a paid entry. You are notified of every change.</li>
    </ul>
  );
}

/** /earnings (issue 17 item 2): what the partner has earned, when and how much is paid. */
export function EarningsPage() {
  useDocumentTitle('Earnings');
  const earnings = useMyEarnings();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">Earnings</h1>
        <p className="mt-1 text-sm text-ink-600">Your share of your projects' deals, what is approved, and what has been paid.</p>
      </div>
      {earnings.isPending ? (
        <PageSpinner label="Loading your earnings…" />
      ) : earnings.isError ? (
        <LoadError message="Your earnings could not be loaded." onRetry={() => earnings.refetch()} retrying={earnings.isFetching} />
      ) : (
        <>
          <EarningsTotals earnings={earnings.data} />
          {earnings.data.share_rate !== null && (
            <>
              <TaxFormPanel />
              <PayoutAccountPanel />
            </>
          )}
          {earnings.data.minimum_payout_usd > 0 && (
            <Panel title="Minimum payout">
              <MinimumPayoutProgress earnings={earnings.data} />
            </Panel>
          )}
          <AtRiskPanel earnings={earnings.data} />
          <Panel title="Entries" description="One entry per project deal, and any adjustments.">
            {earnings.data.entries.length === 0 ? (
              <EmptyState title="No earnings yet">When our team records the deal of one of your projects, your share shows here.</EmptyState>
            ) : (
              <EarningEntriesTable caption="Your earnings entries" entries={earnings.data.entries} projectHref={(id) => `/projects/${id}`} />
            )}
          </Panel>
          <Panel title="Payouts">
            {earnings.data.payouts.length === 0 ? <p className="text-sm text-ink-600">No payouts yet.</p> : <PayoutsTable payouts={earnings.data.payouts} />}
          </Panel>
          <StatementsPanel statements={earnings.data.statements} />
          <Panel title="How your earnings work">
            <HowItWorks earnings={earnings.data} />
          </Panel>
          <Panel id="share-ladder" title="Shares by partner tier">
            <ShareLadder earnings={earnings.data} />
          </Panel>
        </>
      )}
    </div>
  );
}
