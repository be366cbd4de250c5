import { useState, type FormEvent } from 'react';
import { CLAWBACK_REASON_LABELS, CLAWBACK_REASONS, clawbackBodySchema, type ClawbackReason, type EarningEntry } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatLongDate, formatUsd } from '../../../lib/format';
import { adminToast } from '../admin-messages';
import { useClawBack } from '../api/clawbacks';

/** Whether a paid deal entry can be offered for a clawback: paid, and none already on its project. */
export function canClawBack(entry: EarningEntry, entries: readonly EarningEntry[]): boolean {
  if (entry.kind !== 'deal' || entry.status !== 'paid') return false;
  return !entries.some((other) => other.kind === 'clawback' && other.status !== 'void' && other.project_id !== null && other.project_id === entry.project_id);
}

/**
 * Claw back (issue 38 item 4) on a paid deal entry of the partner's ledger: the reason, and,
 * once the entry is outside the clawback window (no `clawback_until`), the explicit override
 * with a note the server requires.
 */
export function ClawBackButton({ entry, entries, ownerName }: { entry: EarningEntry; entries: readonly EarningEntry[]; ownerName: string }) {
  const clawBack = useClawBack();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ClawbackReason | ''>('');
  const [override, setOverride] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!canClawBack(entry, entries)) return null;
  const outside = entry.clawback_until === null;
  const close = () => {
    if (clawBack.isPending) return;
    setOpen(false);
    setReason('');
    setOverride(false);
    setNote('');
    setErrors({});
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (outside && !override) problems.override = 'This entry is outside the clawback window: tick the override and say why.';
    const parsed = clawbackBodySchema.shape.clawback.safeParse({ entry_id: entry.id, reason: reason || undefined, ...(outside ? { override: true } : {}), ...(note.trim() ? { note } : {}) });
    if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    if (Object.keys(problems).length > 0 || !parsed.success) {
      setErrors(problems);
      return;
    }
    setErrors({});
    clawBack.mutate(parsed.data, {
      onSuccess: (created) => {
        adminToast.success(`${formatUsd(-created.amount_usd)} will be clawed back from ${ownerName} on ${formatLongDate(created.applies_at)}.`);
        setOpen(false);
        setReason('');
        setOverride(false);
        setNote('');
      },
      onError: (failure) => {
        if (failure instanceof ApiError) setErrors(failure.fields);
        adminToast.error(errorMessage(failure, 'The clawback could not be scheduled.'));
      },
    });
  };
  return (
    <>
      <Button variant="ghost-danger" onClick={() => setOpen(true)}>
        Claw back
      </Button>
      <Modal open={open} onClose={close} title={`Claw back from ${ownerName}?`} size="sm">
        <form onSubmit={submit} noValidate className="space-y-4">
          <p className="text-sm text-ink-700">
            What {ownerName} was paid on {entry.company_name || 'this project'} ({formatUsd(entry.amount_usd)}, with any adjustments) is taken back from their next payouts after the notice days.
            They are told the date now.
          </p>
          <SelectField label="Reason" options={CLAWBACK_REASONS} labels={CLAWBACK_REASON_LABELS} value={reason} onChange={(event) => setReason(event.target.value as ClawbackReason | '')} error={errors.reason} placeholder="Choose a reason…" />
          {outside && (
            <div className="space-y-3 rounded-lg border border-late-200 bg-late-50 p-3">
              <p className="text-sm text-ink-800">This payment is outside the clawback window: it can only be clawed back with an explicit override and a note.</p>
              <label className="flex items-start gap-2 text-sm text-ink-800">
                <input type="checkbox" className="mt-0.5 size-4" checked={override} onChange={(event) => setOverride(event.target.checked)} />
                Override the clawback window
              </label>
              {errors.override && <p className="text-sm text-danger-700">{errors.override}</p>}
            </div>
          )}
          <TextAreaField label={outside ? 'Note (required for an override)' : 'Note (optional)'} value={note} onChange={(event) => setNote(event.target.value)} error={errors.note} maxLength={500} />
          <ModalActions>
            <Button variant="secondary" onClick={close} disabled={clawBack.isPending}>
              Keep it
            </Button>
            <Button type="submit" variant="danger" pending={clawBack.isPending}>
              Claw back
            </Button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}
