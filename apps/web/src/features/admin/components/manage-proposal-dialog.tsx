import { useState, type FormEvent } from 'react';
import {
  ATTACHING_PROPOSAL_STATUSES,
  ENGINEER_PROPOSAL_STATUSES,
  PROPOSAL_MESSAGES,
  PROPOSAL_STATUS,
  PROPOSAL_STATUSES,
  REJECTING_PROPOSAL_STATUSES,
  REJECTION_REASON_LABELS,
  REJECTION_REASONS,
  REJECTION_SPECIFIC_LABELS,
  REJECTION_SPECIFICS,
  SPECIFIC_REJECTION_REASONS,
  proposalStatusLabel,
  type ProposalStatusNumber,
  type ProposalTicket,
  type RejectionReason,
  type RejectionSpecific,
} from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { ADMIN_TOASTS, ENGINEER_NAME, adminToast } from '../admin-messages';
import { useUpdateProposalTicket, type ProposalTicketUpdate } from '../api/update-proposal-ticket';

interface FormState {
  stage: string;
  engineer: string;
  reason: string;
  specific: string;
  linkTitle: string;
  linkUrl: string;
  notes: string;
}

const EMPTY: FormState = { stage: '', engineer: '', reason: '', specific: '', linkTitle: '', linkUrl: '', notes: '' };

type Errors = Partial<Record<'stage' | 'engineer' | 'reason' | 'specific' | 'link', string>>;

const includes = (list: readonly number[], status: number | null) => status !== null && list.includes(status);

/** The status number of a New Stage label, or null when none is chosen. */
function stageNumber(label: string): ProposalStatusNumber | null {
  const index = (PROPOSAL_STATUSES as readonly string[]).indexOf(label);
  return index < 0 ? null : ((index + 1) as ProposalStatusNumber);
}

/** The fields the chosen stage shows (public-site-and-admin.md 5). */
export function conditionalFields(status: number | null, reason: string) {
  const rejecting = includes(REJECTING_PROPOSAL_STATUSES, status);
  return {
    engineer: includes(ENGINEER_PROPOSAL_STATUSES, status),
    engineerRequired: status === PROPOSAL_STATUS.proposalAccepted,
    reason: rejecting,
    specific: rejecting && (SPECIFIC_REJECTION_REASONS as readonly string[]).includes(reason),
    link: includes(ATTACHING_PROPOSAL_STATUSES, status),
  };
}

/** Server field errors (422) placed beside the matching inputs. */
function serverErrors(error: unknown): Errors {
  if (!(error instanceof ApiError)) return {};
  const errors: Errors = {};
  for (const [key, message] of Object.entries(error.fields)) {
    const field = key.replace(/^proposal_ticket\./, '');
    if (field === 'status') errors.stage = message;
    else if (field === 'engineer_name') errors.engineer = message;
    else if (field === 'rejection_reason') errors.reason = message;
    else if (field === 'rejection_specific') errors.specific = message;
    else if (field.startsWith('proposal_links')) errors.link = message;
  }
  return errors;
}

interface ManageProposalDialogProps {
  ticket: ProposalTicket | null;
  onClose: () => void;
  onUpdated: (ticket: ProposalTicket) => void;
}

/**
 * The Manage Proposal dialog: New Stage (any status, no order enforced), the fields that stage
 * needs, Details/Comments (admin_notes), Cancel and Update Proposal. Fields that do not apply
 * are sent empty, as updateProposal does (public-site-and-admin.md 7).
 */
export function ManageProposalDialog({ ticket, onClose, onUpdated }: ManageProposalDialogProps) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const update = useUpdateProposalTicket();

  const status = stageNumber(form.stage);
  const shown = conditionalFields(status, form.reason);

  const set = (field: keyof FormState) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((current) => ({ ...current, [field]: value }));
  };

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    update.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ticket) return;
    const found: Errors = {};
    if (status === null) found.stage = PROPOSAL_MESSAGES.stageRequired;
    if (shown.engineerRequired && !form.engineer.trim()) found.engineer = PROPOSAL_MESSAGES.engineerRequired;
    setErrors(found);
    if (status === null || Object.keys(found).length > 0) return;

    const body: ProposalTicketUpdate = {
      status,
      admin_notes: form.notes.trim(),
      engineer_name: shown.engineer ? form.engineer.trim() : '',
      rejection_reason: shown.reason ? (form.reason as RejectionReason | '') : '',
      rejection_specific: shown.specific ? (form.specific as RejectionSpecific | '') : '',
      proposal_links: shown.link && (form.linkTitle.trim() || form.linkUrl.trim()) ? [{ title: form.linkTitle.trim(), url: form.linkUrl.trim() }] : [],
    };
    update.mutate(
      { ticketId: ticket.id, update: body },
      {
        onSuccess: (updated) => {
          adminToast.success(ADMIN_TOASTS.proposalUpdated);
          onUpdated(updated);
          close();
        },
        onError: (error) => {
          adminToast.error(ADMIN_TOASTS.proposalUpdateFailed);
          setErrors(serverErrors(error));
        },
      },
    );
  };

  return (
    <Modal
      open={ticket !== null}
      onClose={close}
      title="Manage Proposal"
      description={ticket ? `Proposal #${ticket.id} · ${ticket.company_name} · now: ${proposalStatusLabel(ticket.status)}` : undefined}
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <SelectField label="New Stage" placeholder="Select a new stage" options={PROPOSAL_STATUSES} value={form.stage} onChange={set('stage')} error={errors.stage} />
        {shown.engineer && (
          <SelectField
            label={shown.engineerRequired ? 'Engineer' : 'Engineer (optional)'}
            placeholder="Select an engineer"
            options={[ENGINEER_NAME]}
            value={form.engineer}
            onChange={set('engineer')}
            error={errors.engineer}
          />
        )}
        {shown.reason && (
          <SelectField label="Rejection Reason" placeholder="Select a reason" options={REJECTION_REASONS} labels={REJECTION_REASON_LABELS} value={form.reason} onChange={set('reason')} error={errors.reason} />
        )}
        {shown.specific && (
          <SelectField
            label="Rejection Specific"
            placeholder="Select the field"
            options={REJECTION_SPECIFICS}
            labels={REJECTION_SPECIFIC_LABELS}
            value={form.specific}
            onChange={set('specific')}
            error={errors.specific}
          />
        )}
        {shown.link && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Proposal Link Title" value={form.linkTitle} onChange={set('linkTitle')} error={errors.link} />
            <TextField label="Proposal Link URL" type="url" inputMode="url" placeholder="https://" value={form.linkUrl} onChange={set('linkUrl')} />
          </div>
        )}
        <TextAreaField label="Details/Comments" rows={4} value={form.notes} onChange={set('notes')} />
        <ModalActions>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" pending={update.isPending}>
            Update Proposal
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
