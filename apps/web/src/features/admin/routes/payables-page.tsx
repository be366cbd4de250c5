import { useMemo, useState, type FormEvent } from 'react';
import type { Payable } from '@sunin/contract';
import { buttonClasses, Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { adminToast } from '../admin-messages';
import { EARNINGS_CSV_PATH, PAYOUTS_CSV_PATH, usePayables, useRunPayouts } from '../api/payables';
import { AdminPageHeader } from '../components/admin-page-header';
import { Form1099Download } from '../components/form-1099-download';
import { PayablesList } from '../components/payables-list';
import { PayoutHistory } from '../components/payout-history';
import { PayoutRunResult, type PayoutRunOutcome } from '../components/payout-run-result';
import { useRowSelection } from '../hooks/use-row-selection';

const partners = (count: number) => (count === 1 ? '1 partner' : `${count} partners`);
const centsOf = (rows: Payable[]) => rows.reduce((sum, row) => sum + Math.round(row.payable_usd * 100), 0);

/** A refused run (409): the same outcome, its reasons read from the error's fields (keyed by user id). */
function refusedOutcome(failure: ApiError, reference: string, ticked: Payable[]): PayoutRunOutcome {
  const names = new Map(ticked.map((row) => [String(row.user_id), row.user_name]));
  return { reference, payouts: [], refused: Object.entries(failure.fields).map(([id, message]) => ({ user_id: Number(id), user_name: names.get(id) ?? '', code: failure.code, message })) };
}

function Downloads() {
  return (
    <div className="flex flex-col gap-2 sm:shrink-0 sm:flex-row sm:flex-wrap sm:items-end">
      <a href={EARNINGS_CSV_PATH} download className={buttonClasses('secondary')}>
        Download earnings CSV
      </a>
      <a href={PAYOUTS_CSV_PATH} download className={buttonClasses('secondary')}>
        Download payouts CSV
      </a>
      <Form1099Download />
    </div>
  );
}

/**
 * /admin/payables (issue 37 item 1): who the business owes now, company-wide, the oldest debt
 * first; tick partners, give the transfer's reference and record one payout each in a run,
 * after a confirmation naming the count, the total and each amount: the run sends those
 * amounts, and the server refuses a partner whose balance is no longer the one confirmed. Below, every payout so far, and the
 * accounting exports. Live: another admin's payout refreshes the list (admin_changed).
 */
export function PayablesPage() {
  const payables = usePayables();
  const run = useRunPayouts();
  const wide = useMediaQuery(MD_UP);
  const rows = useMemo(() => payables.data?.payables ?? [], [payables.data]);
  const payableIds = useMemo(() => rows.filter((row) => !row.blocked_reason).map((row) => row.user_id), [rows]);
  const selection = useRowSelection(payableIds);
  const ticked = rows.filter((row) => selection.isSelected(row.user_id) && !row.blocked_reason);
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string>();
  // The partners and amounts the confirmation shows, fixed when it opens: the run pays exactly
  // these (a balance changed since is refused amount_changed), even if the list refreshes meanwhile.
  const [confirming, setConfirming] = useState<Payable[] | null>(null);
  const [outcome, setOutcome] = useState<PayoutRunOutcome | null>(null);

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!reference.trim()) {
      setReferenceError('Give the payment reference.');
      return;
    }
    setReferenceError(undefined);
    setConfirming(ticked);
  };
  const record = () => {
    const sent = reference.trim();
    const confirmed = confirming ?? [];
    run.mutate(
      { payments: confirmed.map((row) => ({ user_id: row.user_id, payable_usd: row.payable_usd })), reference: sent },
      {
        onSuccess: (result) => {
          setOutcome({ ...result, reference: sent });
          adminToast.success(`Payout run recorded: ${partners(result.payouts.length)} paid${result.refused.length ? `, ${result.refused.length} not paid` : ''}.`);
          selection.clear();
          setReference('');
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) setOutcome(refusedOutcome(failure, sent, confirmed));
          adminToast.error(errorMessage(failure, 'The payout run could not be recorded.'));
        },
        onSettled: () => setConfirming(null),
      },
    );
  };

  const tickedTotal = centsOf(ticked) / 100;
  const confirmRows = confirming ?? [];
  const confirmTotal = centsOf(confirmRows) / 100;
  return (
    <div className="space-y-8">
      <AdminPageHeader title="Payables" description="Partners owed an approved balance that is payable now, the oldest debt first. Pay several in one run." actions={<Downloads />} />

      {outcome && <PayoutRunResult outcome={outcome} onDismiss={() => setOutcome(null)} />}

      <section aria-labelledby="payables-owed" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="payables-owed" className="text-lg font-semibold text-ink-900">
            Owed now
          </h2>
          {payables.data && payables.data.payables.length > 0 && (
            <p className="text-sm text-ink-700">
              {partners(payables.data.payables.length)}, {formatUsd(payables.data.total_usd)} in total
            </p>
          )}
        </div>
        {payables.isPending ? (
          <PageSpinner label="Loading the payables…" />
        ) : payables.isError ? (
          <LoadError message="The payables could not be loaded." onRetry={() => payables.refetch()} retrying={payables.isFetching} />
        ) : rows.length === 0 ? (
          <EmptyState title="Nobody is owed a payout now">A partner shows here once their approved earnings are payable: past their tier's minimum payout.</EmptyState>
        ) : (
          <>
            <PayablesList payables={rows} selection={selection} wide={wide} />
            <form onSubmit={ask} noValidate aria-label="Payout run" className="flex flex-col gap-3 rounded-2xl border border-ink-200 bg-white p-4 shadow-sm sm:flex-row sm:items-end">
              <TextField
                className="sm:flex-1"
                label="Payment reference"
                hint="Names the transfer, e.g. the ACH batch; every payout of the run gets it."
                value={reference}
                onChange={(event) => setReference(event.target.value)}
                error={referenceError}
                maxLength={200}
              />
              <div className="space-y-1">
                <p className="text-sm text-ink-700" aria-live="polite">
                  {ticked.length === 0 ? 'Tick the partners to pay.' : `${partners(ticked.length)} ticked, ${formatUsd(tickedTotal)}`}
                </p>
                <Button type="submit" disabled={ticked.length === 0} className="w-full sm:w-auto">
                  Record payout run
                </Button>
              </div>
            </form>
          </>
        )}
      </section>

      <PayoutHistory />

      <ConfirmDialog
        open={confirming !== null}
        title={`Record payouts to ${partners(confirmRows.length)}?`}
        confirmLabel={`Pay ${formatUsd(confirmTotal)}`}
        onConfirm={record}
        onCancel={() => setConfirming(null)}
        pending={run.isPending}
      >
        <p>
          {confirmRows.length === 1 ? 'One payout' : `${confirmRows.length} payouts`}, <strong>{formatUsd(confirmTotal)}</strong> in total, {confirmRows.length === 1 ? "the partner's" : "each partner's"} whole payable balance, with the reference{' '}
          <strong className="break-all">{reference.trim()}</strong>. Send the money first. Each partner is notified; this cannot be undone. A partner whose balance changes before you confirm is not paid.
        </p>
        <ul className="mt-3 max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
          {confirmRows.map((row) => (
            <li key={row.user_id}>
              {row.user_name}: {formatUsd(row.payable_usd)}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </div>
  );
}
