import { useState } from 'react';
import { PayoutsTable } from '../../../components/earnings/earnings-ledger';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { usePayoutHistory } from '../api/payables';

export const PAYOUT_HISTORY_PER_PAGE = 25;

/** Every payout company-wide, newest first, a page at a time (GET /api/admin/payouts). */
export function PayoutHistory() {
  const [page, setPage] = useState(1);
  const history = usePayoutHistory(page, PAYOUT_HISTORY_PER_PAGE);
  return (
    <section aria-labelledby="payout-history" className="space-y-3">
      <h2 id="payout-history" className="text-lg font-semibold text-ink-900">
        Payouts history
      </h2>
      {history.isPending ? (
        <PageSpinner label="Loading the payouts…" />
      ) : history.isError ? (
        <LoadError message="The payouts could not be loaded." onRetry={() => history.refetch()} retrying={history.isFetching} />
      ) : history.data.total === 0 ? (
        <EmptyState title="No payouts yet">A payout run, or Record payout on a partner, lists its payouts here.</EmptyState>
      ) : (
        <>
          <PayoutsTable payouts={history.data.rows} showPartner showPaidBy caption="Payouts, newest first" />
          {history.data.total > PAYOUT_HISTORY_PER_PAGE && <Pagination page={page} pageSize={PAYOUT_HISTORY_PER_PAGE} total={history.data.total} onPageChange={setPage} label="Payouts pages" />}
        </>
      )}
    </section>
  );
}
