import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PROPOSAL_MESSAGES, REVISION_TYPES, type RevisionType } from '@sunin/contract';
import { Button } from '../../../../components/ui/button';
import { TextAreaField } from '../../../../components/ui/textarea-field';
import { failureMessage } from '../../../../lib/failure-message';
import { useRequestProposalRevision } from '../../api/update-proposal-ticket';
import { PROPOSAL_TOASTS } from './proposal-messages';
import { clearRevisionDraft, EMPTY_REVISION_DRAFT, readRevisionDraft, saveRevisionDraft, type RevisionDraft } from './revision-draft';

/**
 * Request Revision (member-app.md 2, 5): a revision type and details, both required. The draft
 * is saved in localStorage as it is typed and cleared once the request succeeds.
 */
export function RevisionForm({ projectId, ticketId }: { projectId: number; ticketId: number }) {
  const requestRevision = useRequestProposalRevision(projectId, ticketId);
  const [draft, setDraft] = useState<RevisionDraft>(() => readRevisionDraft(ticketId));
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  const update = (next: Partial<RevisionDraft>) => {
    const value = { ...draft, ...next };
    setDraft(value);
    saveRevisionDraft(ticketId, value);
    if (error && value.revision_type && value.details.trim()) setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const details = draft.details.trim();
    if (!draft.revision_type || !details) {
      setError(PROPOSAL_MESSAGES.revisionRequired);
      return;
    }
    try {
      await requestRevision.mutateAsync({ details, revision_type: draft.revision_type });
      clearRevisionDraft(ticketId);
      setDraft(EMPTY_REVISION_DRAFT);
      toast.success(PROPOSAL_TOASTS.revisionRequested);
    } catch (failure) {
      toast.error(failureMessage(PROPOSAL_TOASTS.revisionFailed, failure));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby={headingId} className="space-y-4 rounded-xl border border-ink-200 bg-ink-50 p-4">
      <h4 id={headingId} className="font-semibold text-ink-900">
        Request Revision
      </h4>
      <fieldset>
        <legend className="text-sm font-medium text-ink-800">Revision type</legend>
        <div className="mt-2 space-y-2">
          {REVISION_TYPES.map((type: RevisionType) => (
            <label key={type} className="flex items-start gap-2 text-sm text-ink-800">
              <input
                type="radio"
                name={`revision-type-${ticketId}`}
                value={type}
                checked={draft.revision_type === type}
                onChange={() => update({ revision_type: type })}
                className="mt-0.5 size-4 accent-brand-700"
              />
              {type}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField label="Revision details" rows={4} value={draft.details} onChange={(event) => update({ details: event.target.value })} />
      {error && (
        <p role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" pending={requestRevision.isPending}>
          Request Revision
        </Button>
      </div>
    </form>
  );
}
