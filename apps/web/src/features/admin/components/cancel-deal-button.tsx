import { useState, type FormEvent } from 'react';
import { dealCancelBodySchema, type Deal } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../../../lib/format';
import { adminToast } from '../admin-messages';
import { useCancelDeal } from '../api/clawbacks';

/** What cancelling does to the owner's entry, said before the administrator confirms. */
function consequence(deal: Deal, ownerName: string): string {
  const entry = deal.entry;
  if (!entry) return 'The owner earns no share of this deal, so no entry changes.';
  if (entry.status === 'paid')
    return `${ownerName} was paid ${formatUsd(entry.amount_usd)} on it: inside the clawback window it is clawed back from their next payouts after the notice days (${ownerName} is told the date); outside it, nothing is taken back without an override.`;
  if (entry.status === 'void') return 'Its entry is already void.';
  return `${ownerName}'s ${entry.status} ${formatUsd(entry.amount_usd)} becomes void and leaves their balance. ${ownerName} is notified.`;
}

/**
 * Cancel deal (issue 38 item 4) on the Deal panel: asks for the reason and confirms, as it
 * cannot be undone (a cancelled deal cannot be corrected either).
 */
export function CancelDealButton({ projectId, deal, ownerName }: { projectId: number; deal: Deal; ownerName: string }) {
  const cancel = useCancelDeal(projectId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const close = () => {
    if (cancel.isPending) return;
    setOpen(false);
    setReason('');
    setError(undefined);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = dealCancelBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    cancel.mutate(parsed.data.reason, {
      onSuccess: (saved) => {
        const clawback = saved.deal?.clawback;
        adminToast.success(clawback ? `Deal cancelled. ${formatUsd(-clawback.amount_usd)} will be clawed back.` : 'Deal cancelled.');
        setOpen(false);
        setReason('');
      },
      onError: (failure) => {
        setError(failure instanceof ApiError ? (failure.fields.reason ?? failure.message) : errorMessage(failure, 'The deal could not be cancelled.'));
      },
    });
  };
  return (
    <>
      <Button variant="ghost-danger" onClick={() => setOpen(true)}>
        Cancel deal
      </Button>
      <Modal open={open} onClose={close} title="Cancel this deal?" size="sm">
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-ink-700">{consequence(deal, ownerName)} This cannot be undone, and the deal can no longer be corrected.</p>
          <TextAreaField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} error={error} maxLength={500} data-autofocus />
          <ModalActions>
            <Button variant="secondary" onClick={close} disabled={cancel.isPending}>
              Keep the deal
            </Button>
            <Button type="submit" variant="danger" pending={cancel.isPending}>
              Cancel deal
            </Button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}
