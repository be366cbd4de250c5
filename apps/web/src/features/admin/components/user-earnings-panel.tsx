import { useState, type FormEvent } from 'react';
import { adjustmentBodySchema, type Earnings } from '@sunin/contract';
import { EarningEntriesTable, EarningsTotals, formatShare, MinimumPayoutProgress, PayoutsTable } from '../../../components/earnings/earnings-ledger';
import { StatementMonthDownload } from '../../../components/earnings/statement-download';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { adminToast } from '../admin-messages';
import { useAddAdjustment, useRecordPayout, useUserEarnings } from '../api/earnings';
import { ApproveEntryButton } from './approve-entry-button';
import { ClawBackButton } from './claw-back-button';

function RecordPayoutButton({ userId, name, earnings }: { userId: number; name: string; earnings: Earnings }) {
  const payout = useRecordPayout(userId);
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const payable = earnings.totals.payable_usd;
  const close = () => {
    if (payout.isPending) return;
    setOpen(false);
    setReference('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reference.trim()) {
      setError('Give the payment reference.');
      return;
    }
    payout.mutate(reference.trim(), {
      onSuccess: (paid) => {
        // Refused by the payout provider at once (issue 38): the entries are payable again.
        if (paid.status === 'failed') adminToast.error(`The payout of ${formatUsd(paid.amount_usd)} to ${name} failed: ${paid.failure_reason ?? 'the payout provider refused it.'}`);
        else adminToast.success(`Payout of ${formatUsd(paid.amount_usd)} recorded for ${name}.`);
        setOpen(false);
        setReference('');
      },
      onError: (failure) => {
        setError(failure instanceof ApiError ? (failure.fields.reference ?? failure.message) : errorMessage(failure, 'The payout could not be recorded.'));
      },
    });
  };
  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={payable <= 0}>
        Record payout
      </Button>
      <Modal open={open} onClose={close} title={`Record a payout to ${name}`} size="sm">
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-ink-700">
            Pays the whole payable balance, <strong>{formatUsd(payable)}</strong>, and marks its entries paid. Send the money first; the reference names the transfer. {name} is
            notified.
          </p>
          <TextField label="Payment reference" value={reference} onChange={(event) => setReference(event.target.value)} error={error} maxLength={200} data-autofocus />
          <ModalActions>
            <Button variant="secondary" onClick={close} disabled={payout.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={payout.isPending}>
              Record {formatUsd(payable)} payout
            </Button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}

function AddAdjustmentButton({ userId, name }: { userId: number; name: string }) {
  const add = useAddAdjustment(userId);
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const close = () => {
    if (add.isPending) return;
    setOpen(false);
    setAmount('');
    setReason('');
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = adjustmentBodySchema.omit({ user_id: true }).safeParse({ amount_usd: amount.trim() === '' ? undefined : Number(amount.replace(/[$,\s]/g, '')), reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: (entry) => {
        adminToast.success(`Adjustment of ${formatUsd(entry.amount_usd)} added for ${name}.`);
        setOpen(false);
        setAmount('');
        setReason('');
        setErrors({});
      },
      onError: (failure) => {
        if (failure instanceof ApiError) setErrors(failure.fields);
        adminToast.error(errorMessage(failure, 'The adjustment could not be added.'));
      },
    });
  };
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Add adjustment
      </Button>
      <Modal open={open} onClose={close} title={`Add an adjustment for ${name}`} size="sm">
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-ink-700">Corrects paid history with a new approved entry. A negative amount takes money back from the next payout.</p>
          <TextField label="Amount (USD)" value={amount} onChange={(event) => setAmount(event.target.value)} error={errors.amount_usd} inputMode="decimal" hint="For example 250 or -125.50" data-autofocus />
          <TextField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={errors.reason} maxLength={500} />
          <ModalActions>
            <Button variant="secondary" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" pending={add.isPending}>
              Add adjustment
            </Button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}

/** The partner's ledger on the admin user detail (issue 17 item 2), with payouts and adjustments. */
export function UserEarningsPanel({ userId, name }: { userId: number; name: string }) {
  const earnings = useUserEarnings(userId);
  return (
    <Panel id="earnings" title="Earnings" description={earnings.data ? earningsTerms(earnings.data) : undefined}>
      {earnings.isPending ? (
        <PageSpinner label="Loading earnings…" />
      ) : earnings.isError ? (
        <LoadError message="The earnings could not be loaded." onRetry={() => earnings.refetch()} retrying={earnings.isFetching} />
      ) : (
        <div className="space-y-5">
          <EarningsTotals earnings={earnings.data} />
          <MinimumPayoutProgress earnings={earnings.data} who="The" />
          <div className="flex flex-wrap items-center gap-3">
            <RecordPayoutButton userId={userId} name={name} earnings={earnings.data} />
            <AddAdjustmentButton userId={userId} name={name} />
            <TextLink to="/admin/earnings-settings" className="text-sm sm:ml-auto">
              Shares and minimum payouts
            </TextLink>
            <TextLink to="/admin/payout-settings" className="text-sm">
              Clawback window
            </TextLink>
          </div>
          {earnings.data.entries.length === 0 ? (
            <p className="text-sm text-ink-600">No entries yet: record a deal on one of {name}'s projects.</p>
          ) : (
            <EarningEntriesTable caption={`${name}'s earnings entries`} entries={earnings.data.entries} projectHref={(id) => `/admin/projects/${id}`} action={(entry) => (
                <>
                  <ApproveEntryButton entry={entry} ownerName={name} />
                  <ClawBackButton entry={entry} entries={earnings.data.entries} ownerName={name} />
                </>
              )}
            />
          )}
          {earnings.data.payouts.length > 0 && (
            <div className="space-y-2">
              <h3 className="text-sm font-semibold text-ink-900">Payouts</h3>
              <PayoutsTable payouts={earnings.data.payouts} showPaidBy />
            </div>
          )}
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-ink-900">Statement</h3>
            <StatementMonthDownload label={`${name}'s statement month`} pathFor={(month) => `/api/admin/users/${userId}/earnings/statement.pdf?month=${encodeURIComponent(month)}`} />
          </div>
        </div>
      )}
    </Panel>
  );
}

function earningsTerms(earnings: Earnings): string {
  if (earnings.share_rate === null) return 'This account type earns no share of deals.';
  return `Earns ${formatShare(earnings.share_rate)} of each deal's net profit${earnings.minimum_payout_usd > 0 ? `, paid once approved earnings reach ${formatUsd(earnings.minimum_payout_usd)}` : ''}.`;
}
