import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { PROPOSAL_QUEUE_PAGE_SIZES, type AdminProposalTicket } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { fieldClasses } from '../../../components/ui/field-styles';
import { ApiError } from '../../../lib/api-client';
import { adminToast } from '../admin-messages';
import { useAssignProposalTicket } from '../api/assign-proposal-ticket';
import { useAdminUsers } from '../api/list-users';

/** The queue's address keys of issue 37 item 2, beside the list's own (q, status, sort, page). */
export const ASSIGNEE_KEY = 'assignee';
export const OVERDUE_KEY = 'overdue';
const PER_PAGE_KEY = 'per_page';
const PAGE_KEY = 'page';

export const QUEUE_MESSAGES = {
  assigned: (name: string) => `Assigned to ${name}.`,
  unassigned: 'The request is unassigned.',
  assignFailed: 'The request could not be assigned.',
  adminsFailed: 'The administrators could not be loaded.',
} as const;

/** The per-page count in the address: the spec's 8 unless 25 or 50 is asked for. */
export function usePerPage(): [number, (perPage: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get(PER_PAGE_KEY));
  const perPage = (PROPOSAL_QUEUE_PAGE_SIZES as readonly number[]).includes(asked) ? asked : PROPOSAL_QUEUE_PAGE_SIZES[0];
  const setPerPage = (next: number) =>
    setParams((current) => {
      const draft = new URLSearchParams(current);
      if (next === PROPOSAL_QUEUE_PAGE_SIZES[0]) draft.delete(PER_PAGE_KEY);
      else draft.set(PER_PAGE_KEY, String(next));
      draft.delete(PAGE_KEY);
      return draft;
    });
  return [perPage, setPerPage];
}

export function PerPageSelect({ perPage, onChange }: { perPage: number; onChange: (perPage: number) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-ink-700">
        Per page
      </label>
      <select id={id} className={`${fieldClasses(false)} mt-0 w-20`} value={perPage} onChange={(event) => onChange(Number(event.target.value))}>
        {PROPOSAL_QUEUE_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}

type QueueView = 'all' | 'mine' | 'unassigned' | 'overdue';
const VIEWS: ReadonlyArray<{ view: QueueView; label: string }> = [
  { view: 'all', label: 'All' },
  { view: 'mine', label: 'Mine' },
  { view: 'unassigned', label: 'Unassigned' },
  { view: 'overdue', label: 'Overdue' },
];

/**
 * "All", "Mine", "Unassigned" and "Overdue" (issue 37 item 2), in the address as assignee=me,
 * assignee=none and overdue=true. Mine or Unassigned combine with Overdue (my overdue ones);
 * each is a toggle, and All clears them.
 */
export function QueueViews() {
  const [params, setParams] = useSearchParams();
  const assignee = params.get(ASSIGNEE_KEY);
  const overdue = params.get(OVERDUE_KEY) === 'true';
  const pressed: Record<QueueView, boolean> = {
    all: !assignee && !overdue,
    mine: assignee === 'me',
    unassigned: assignee === 'none',
    overdue,
  };
  const choose = (view: QueueView) =>
    setParams((current) => {
      const draft = new URLSearchParams(current);
      draft.delete(PAGE_KEY);
      if (view === 'all') {
        draft.delete(ASSIGNEE_KEY);
        draft.delete(OVERDUE_KEY);
      } else if (view === 'overdue') {
        if (pressed.overdue) draft.delete(OVERDUE_KEY);
        else draft.set(OVERDUE_KEY, 'true');
      } else if (pressed[view]) {
        draft.delete(ASSIGNEE_KEY);
      } else {
        draft.set(ASSIGNEE_KEY, view === 'mine' ? 'me' : 'none');
      }
      return draft;
    });
  return (
    <div role="group" aria-label="Queue" className="flex flex-wrap gap-2">
      {VIEWS.map(({ view, label }) => (
        <button
          key={view}
          type="button"
          aria-pressed={pressed[view]}
          onClick={() => choose(view)}
          className={`min-h-11 rounded-full border px-4 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
            pressed[view] ? 'border-brand-700 bg-brand-700 text-white' : 'border-ink-300 bg-white text-ink-800 hover:bg-ink-100'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

export interface AdminChoice {
  id: number;
  name: string;
}

/** The full access administrators a ticket can be assigned to (GET /api/admin/users?company_role=full_access_admin). */
export function useAssignableAdmins() {
  const admins = useAdminUsers({ page: 1, perPage: 100, companyRole: 'full_access_admin', sort: 'first_name' });
  const choices: AdminChoice[] = (admins.data?.rows ?? []).map((user) => ({ id: user.id, name: `${user.first_name} ${user.last_name}`.trim() || user.email }));
  return { choices, isError: admins.isError, isPending: admins.isPending };
}

const UNASSIGNED = '';

/**
 * A ticket's assignee: a select of the full access administrators (with "Unassigned") and an
 * Assign button, so that moving through the options with the keyboard assigns nothing until the
 * button is pressed.
 */
export function AssignControl({ ticket, admins, stacked = false, className = '' }: { ticket: AdminProposalTicket; admins: AdminChoice[]; stacked?: boolean; className?: string }) {
  const id = useId();
  const current = ticket.assignee_id === null ? UNASSIGNED : String(ticket.assignee_id);
  const [choice, setChoice] = useState(current);
  // A new assignee from the server (this admin's Assign, another admin's live) resets the choice.
  const [shownFor, setShownFor] = useState(current);
  if (shownFor !== current) {
    setShownFor(current);
    setChoice(current);
  }
  const assign = useAssignProposalTicket();
  // The current assignee stays a choice even when the list of admins does not have them.
  const options = ticket.assignee_id !== null && !admins.some((admin) => admin.id === ticket.assignee_id) ? [...admins, { id: ticket.assignee_id, name: ticket.assignee_name ?? `#${ticket.assignee_id}` }] : admins;
  const submit = () => {
    const assigneeId = choice === UNASSIGNED ? null : Number(choice);
    assign.mutate(
      { ticketId: ticket.id, assigneeId },
      {
        onSuccess: (updated) => adminToast.success(updated.assignee_name ? QUEUE_MESSAGES.assigned(updated.assignee_name) : QUEUE_MESSAGES.unassigned),
        onError: (error) => adminToast.error(error instanceof ApiError && error.message ? error.message : QUEUE_MESSAGES.assignFailed),
      },
    );
  };
  return (
    <form
      className={`flex min-w-0 gap-2 ${stacked ? 'flex-col items-stretch' : 'items-center'} ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {`Assignee of proposal ${ticket.id}`}
      </label>
      <select id={id} className={`${fieldClasses(false)} mt-0 min-w-0 flex-1`} value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value={UNASSIGNED}>Unassigned</option>
        {options.map((admin) => (
          <option key={admin.id} value={String(admin.id)}>
            {admin.name}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" aria-label={`Assign proposal ${ticket.id}`} disabled={choice === current} pending={assign.isPending}>
        Assign
      </Button>
    </form>
  );
}

