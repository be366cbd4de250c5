import { useState, type FormEvent } from 'react';
import { ARCHIVED_STAGE, dealBodySchema, type Deal, type Project } from '@sunin/contract';
import { EarningStatusBadge, formatShare } from '../../../components/earnings/earnings-ledger';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { Detail } from '../../../components/ui/detail';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatLongDate, formatUsd } from '../../../lib/format';
import { adminToast } from '../admin-messages';
import { useDeal, useSaveDeal } from '../api/earnings';
import { ApproveEntryButton } from './approve-entry-button';
import { CancelDealButton } from './cancel-deal-button';
import { formatDateTime } from './format';

const asText = (value: number | undefined) => (value === undefined ? '' : String(value));

function DealForm({ projectId, deal }: { projectId: number; deal: Deal | null }) {
  const save = useSaveDeal(projectId);
  const [contract, setContract] = useState(asText(deal?.contract_value_usd));
  const [profit, setProfit] = useState(asText(deal?.net_profit_usd));
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dealBodySchema.safeParse({ contract_value_usd: contract === '' ? undefined : Number(contract), net_profit_usd: profit === '' ? undefined : Number(profit) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        const entry = saved.deal?.entry;
        adminToast.success(entry ? `Deal saved. The owner's entry: ${formatUsd(entry.amount_usd)}, ${entry.status}.` : 'Deal saved.');
      },
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fields);
        adminToast.error(errorMessage(error, 'The deal could not be saved.'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <AmountField label="Contract value" value={contract} onChange={setContract} error={errors.contract_value_usd} inputMode="decimal" />
      <AmountField label="Net profit" value={profit} onChange={setProfit} error={errors.net_profit_usd} inputMode="decimal" />
      <Button type="submit" pending={save.isPending} className={Object.keys(errors).length ? 'sm:mb-6' : ''}>
        {deal ? 'Save correction' : 'Record deal'}
      </Button>
    </form>
  );
}

/** The clawback of the paid entry (issue 38 item 4): how much, and when it applies. */
function ClawbackLine({ deal }: { deal: Deal }) {
  const clawback = deal.clawback;
  if (!clawback) return null;
  return (
    <p className="text-sm text-ink-700">
      Clawback of {formatUsd(-clawback.amount_usd)}: {clawback.reason}. {clawback.status === 'expected' ? 'Applies on' : 'Applied on'} {formatLongDate(clawback.applies_at)}.
    </p>
  );
}

/** A cancelled deal (issue 38 item 4): when and why; it can no longer be corrected. */
function CancelledDeal({ deal }: { deal: Deal }) {
  return (
    <div role="status" className="space-y-1 rounded-lg border border-danger-200 bg-danger-50 px-4 py-3 text-sm text-danger-700">
      <p className="font-semibold">
        Deal cancelled on {formatLongDate(deal.cancelled_at)}: {deal.cancel_reason}
      </p>
      <p>It can no longer be corrected.</p>
      <ClawbackLine deal={deal} />
    </div>
  );
}

/**
 * The Deal panel of the admin project detail (issue 17 item 2): the contract value and net
 * profit, the owner's entry they make, and early approval.
 */
export function DealPanel({ project }: { project: Project }) {
  const deal = useDeal(project.id);
  const entry = deal.data?.deal?.entry ?? null;

  return (
    <Panel
      id="deal"
      title="Deal"
      description="The signed contract and its net profit. The owner earns their tier's share: expected now, approved at Project Completion, void if archived first."
    >
      {deal.isPending ? (
        <PageSpinner label="Loading the deal…" />
      ) : deal.isError ? (
        <LoadError message="The deal could not be loaded." onRetry={() => deal.refetch()} retrying={deal.isFetching} />
      ) : (
        <div className="space-y-5">
          {deal.data.deal && (
            <dl className="grid gap-4 sm:grid-cols-4">
              <Detail term="Contract value">{formatUsd(deal.data.deal.contract_value_usd)}</Detail>
              <Detail term="Net profit">{formatUsd(deal.data.deal.net_profit_usd)}</Detail>
              <Detail term="Owner's share">{entry ? `${formatUsd(entry.amount_usd)} (${formatShare(entry.share_rate)})` : 'None: the owner’s account type earns no share'}</Detail>
              <Detail term="Entry status">{entry ? <EarningStatusBadge status={entry.status} /> : 'None'}</Detail>
            </dl>
          )}
          {deal.data.deal && (
            <p className="text-xs text-ink-500">
              Last saved {formatDateTime(deal.data.deal.updated_at)}
              {deal.data.deal.recorded_by_name ? ` by ${deal.data.deal.recorded_by_name}` : ''}.
              {entry?.status === 'paid' ? ' The entry is paid: a correction adds an adjustment for the difference.' : ''}
            </p>
          )}
          {!deal.data.deal && (
            <p className="text-sm text-ink-600">
              No deal recorded yet.
              {deal.data.share_rate !== null ? ` The owner will earn ${formatShare(deal.data.share_rate)} of the net profit.` : ' The owner’s account type earns no share.'}
            </p>
          )}
          {deal.data.deal?.cancelled_at ? (
            <CancelledDeal deal={deal.data.deal} />
          ) : (
            <>
              <DealForm key={deal.data.deal?.updated_at ?? 'new'} projectId={project.id} deal={deal.data.deal} />
              <div className="flex flex-wrap items-center gap-3">
                {entry && project.project_stage !== ARCHIVED_STAGE && <ApproveEntryButton entry={entry} ownerName={project.owner_name || 'the owner'} label="Approve now" />}
                {deal.data.deal && <CancelDealButton projectId={project.id} deal={deal.data.deal} ownerName={project.owner_name || 'The owner'} />}
              </div>
            </>
          )}
          {deal.data.deal?.clawback && !deal.data.deal.cancelled_at && <ClawbackLine deal={deal.data.deal} />}
        </div>
      )}
    </Panel>
  );
}
