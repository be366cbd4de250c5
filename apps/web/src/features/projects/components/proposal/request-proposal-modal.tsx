import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { PROPOSAL_MESSAGES, type Project } from '@sunin/contract';
import { Button } from '../../../../components/ui/button';
import { Modal, ModalActions } from '../../../../components/ui/modal';
import { TextAreaField } from '../../../../components/ui/textarea-field';
import { failureMessage } from '../../../../lib/failure-message';
import { useCreateProposalTicket } from '../../api/create-proposal-ticket';
import { PROPOSAL_TOASTS } from './proposal-messages';
import { companyAddress } from './proposal-rules';

interface RequestProposalModalProps {
  open: boolean;
  onClose: () => void;
  project: Project;
  /** The submitter (the current member), who is notified of every status change. */
  userId: number;
}

/** The Request Proposal modal (member-app.md 2, 5): details are required. */
export function RequestProposalModal({ open, onClose, project, userId }: RequestProposalModalProps) {
  const createTicket = useCreateProposalTicket(project.id);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (createTicket.isPending) return;
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = details.trim();
    if (!trimmed) {
      setError(PROPOSAL_MESSAGES.detailsRequired);
      return;
    }
    try {
      await createTicket.mutateAsync({
        details: trimmed,
        company_name: project.company_name,
        company_address: companyAddress(project),
        notification_user_id: userId,
      });
      toast.success(PROPOSAL_TOASTS.submitted);
      setDetails('');
      setError(null);
      onClose();
    } catch (failure) {
      toast.error(failureMessage(PROPOSAL_TOASTS.submitFailed, failure));
    }
  };

  return (
    <Modal open={open} onClose={close} title="Request Proposal" description="Tell the design team what this proposal should cover.">
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <TextAreaField
          label="Details"
          rows={5}
          value={details}
          error={error ?? undefined}
          onChange={(event) => {
            setDetails(event.target.value);
            if (error && event.target.value.trim()) setError(null);
          }}
        />
        <ModalActions>
          <Button variant="secondary" onClick={close} disabled={createTicket.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={createTicket.isPending}>
            Submit Request
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
