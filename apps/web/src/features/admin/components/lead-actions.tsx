import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { adminLeadRejectBodySchema, LEAD_MESSAGES, OPEN_LEAD_STATUSES, type AdminLead } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { errorMessage } from '../../../lib/api-client';
import { adminToast } from '../admin-messages';
import { useConvertLead, useMarkLeadContacted, useRejectLead } from '../api/leads';
import { LEAD_CONFLICT_LABELS } from './lead-conflict';
import { PartnerPicker, type PickedPartner } from './partner-picker';

export const LEAD_ACTION_TEXTS = {
  contacted: (company: string) => `${company} marked contacted.`,
  rejected: (company: string) => `${company} rejected.`,
  failed: 'The lead could not be changed. Please try again.',
  converted: (company: string) => `${company} is now a project.`,
} as const;

/** The admin project page of a converted lead's project. */
export const adminProjectPath = (projectId: number) => `/admin/projects/${projectId}`;

const isOpen = (lead: AdminLead) => (OPEN_LEAD_STATUSES as readonly string[]).includes(lead.status);

function RejectDialog({ lead, onClose }: { lead: AdminLead; onClose: () => void }) {
  const reject = useRejectLead();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const checked = adminLeadRejectBodySchema.safeParse({ reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Give the reason.');
      return;
    }
    reject.mutate(
      { id: lead.id, reason: checked.data.reason },
      {
        onSuccess: () => {
          adminToast.success(LEAD_ACTION_TEXTS.rejected(lead.company_name));
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, LEAD_ACTION_TEXTS.failed)),
      },
    );
  };
  return (
    <Modal open onClose={() => !reject.isPending && onClose()} title={`Reject ${lead.company_name}`} size="sm" description="The partner sees the reason on their Referrals page.">
      <form noValidate onSubmit={submit}>
        <TextAreaField label="Reason" value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} error={problem ?? undefined} />
        <ModalActions>
          <Button variant="secondary" onClick={onClose} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" pending={reject.isPending}>
            Reject lead
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

function ConvertDialog({ lead, onClose }: { lead: AdminLead; onClose: () => void }) {
  const convert = useConvertLead();
  const [partner, setPartner] = useState<PickedPartner | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [projectId, setProjectId] = useState<number | null>(null);
  const owner = lead.partner?.name ?? partner?.name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!lead.partner && !partner) {
      setProblem(LEAD_MESSAGES.convertNeedsPartner);
      return;
    }
    setProblem(null);
    convert.mutate(
      { id: lead.id, userId: lead.partner ? undefined : partner?.id },
      {
        onSuccess: (converted) => {
          adminToast.success(LEAD_ACTION_TEXTS.converted(lead.company_name));
          setProjectId(converted.project_id);
        },
        onError: (error) => setProblem(errorMessage(error, LEAD_ACTION_TEXTS.failed)),
      },
    );
  };
  if (projectId !== null) {
    return (
      <Modal open onClose={onClose} title="Lead converted" size="sm">
        <p className="text-sm text-ink-700">{`${LEAD_ACTION_TEXTS.converted(lead.company_name)} ${owner ? `${owner} owns it.` : ''}`}</p>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            Done
          </Button>
          <Link to={adminProjectPath(projectId)} className={buttonClasses('primary')}>
            Open the project
          </Link>
        </ModalActions>
      </Modal>
    );
  }
  return (
    <Modal open onClose={() => !convert.isPending && onClose()} title={`Convert ${lead.company_name}`} size="md">
      <form noValidate onSubmit={submit} className="space-y-4 text-sm text-ink-700">
        {problem && <Alert tone="error">{problem}</Alert>}
        {lead.conflict && <Alert tone="info">{`Conflict: ${LEAD_CONFLICT_LABELS[lead.conflict]}.`}</Alert>}
        {lead.partner ? null : <PartnerPicker value={partner} onChange={setPartner} />}
        <p>
          {owner
            ? `Convert this lead into a project owned by ${owner}? The project starts from what the form said (company, site, utility and bill).`
            : 'This lead belongs to no partner: choose the partner who will own the project.'}
        </p>
        <ModalActions>
          <Button variant="secondary" onClick={onClose} disabled={convert.isPending}>
            Cancel
          </Button>
          <Button type="submit" pending={convert.isPending} disabled={!owner}>
            Convert to a project
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}

export type LeadDialog = { kind: 'convert' | 'reject'; lead: AdminLead } | null;

/** The open dialog of the queue: at the page's level, so it stays up while the list reads again under it (a converted lead may leave a filtered list). */
export function LeadDialogs({ dialog, onClose }: { dialog: LeadDialog; onClose: () => void }) {
  if (!dialog) return null;
  return dialog.kind === 'convert' ? <ConvertDialog key={dialog.lead.id} lead={dialog.lead} onClose={onClose} /> : <RejectDialog key={dialog.lead.id} lead={dialog.lead} onClose={onClose} />;
}

/** Mark contacted, Convert and Reject for an open lead; the project's link for a converted one. */
export function LeadActions({ lead, onOpen, stacked = false }: { lead: AdminLead; onOpen: (dialog: NonNullable<LeadDialog>) => void; stacked?: boolean }) {
  const contacted = useMarkLeadContacted();
  if (lead.project) {
    return (
      <Link to={adminProjectPath(lead.project.id)} className="font-medium whitespace-nowrap text-brand-700 hover:underline">
        Open project<span className="sr-only">{` of ${lead.company_name}`}</span>
      </Link>
    );
  }
  if (!isOpen(lead)) return null;
  const markContacted = () =>
    contacted.mutate(lead.id, {
      onSuccess: () => adminToast.success(LEAD_ACTION_TEXTS.contacted(lead.company_name)),
      onError: (error) => adminToast.error(errorMessage(error, LEAD_ACTION_TEXTS.failed)),
    });
  return (
    <div role="group" aria-label={`Actions for ${lead.company_name}`} className={stacked ? 'flex flex-col items-stretch gap-1.5 whitespace-nowrap' : 'flex flex-wrap gap-2'}>
      {lead.status === 'new' && (
        <Button variant="secondary" className="min-h-8 px-3 py-1" pending={contacted.isPending} onClick={markContacted}>
          Mark contacted
        </Button>
      )}
      <Button className="min-h-8 px-3 py-1" onClick={() => onOpen({ kind: 'convert', lead })}>
        Convert
      </Button>
      <Button variant="ghost-danger" className="min-h-8 px-3 py-1" onClick={() => onOpen({ kind: 'reject', lead })}>
        Reject
      </Button>
    </div>
  );
}
