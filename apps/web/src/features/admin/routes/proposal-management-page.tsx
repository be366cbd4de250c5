import { useEffect, useState } from 'react';
import { clockState, PROPOSAL_STATUS_NUMBERS, proposalStatusLabel, type ADMIN_PROPOSAL_TICKET_SORTS, type AdminProposalTicket, type ProposalTicket } from '@sunin/contract';
import { ClockCell } from '../../../components/proposal/proposal-clock';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { useNow } from '../../../lib/use-now';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { ADMIN_LOAD_ERRORS, ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useProposalTickets } from '../api/list-proposal-tickets';
import { AdminPageHeader, tableClasses } from '../components/admin-page-header';
import { formatDateTime } from '../components/format';
import { chosenValues, filterKeys, ListToolbar, NoMatches, sortingOf, type ListFilter } from '../components/list-toolbar';
import { ManageProposalDialog } from '../components/manage-proposal-dialog';
import { PageOfPages, pageCountOf } from '../components/page-of-pages';
import { ProposalStatusChip, ProposalStatusLegend } from '../components/proposal-status-chip';
import { ProposalHistory, ProposalSummary } from '../components/proposal-summary';
import { proposalStatusStyle } from '../components/proposal-tone';
import { ASSIGNEE_KEY, AssignControl, OVERDUE_KEY, PerPageSelect, QueueViews, useAssignableAdmins, usePerPage, type AdminChoice } from '../components/proposal-queue-controls';
import { TableHead, type Sorting } from '../components/table-head';

/** Status: any of the eight; a terminal one shows those tickets too (they leave the list otherwise). */
const STATUS: ListFilter = { key: 'status', label: 'Status', kind: 'multi', options: PROPOSAL_STATUS_NUMBERS.map((value) => ({ value: String(value), label: proposalStatusLabel(value) })) };
/** The running clocks past their due time (issue 18 item 1); also the "Overdue" view. */
const OVERDUE: ListFilter = { key: OVERDUE_KEY, label: '48-hour clock', kind: 'select', options: [{ value: 'true', label: 'Overdue only' }] };
const FILTERS = [STATUS, OVERDUE];
// The assignee (the Mine and Unassigned views) narrows the list and is cleared with the filters.
const FILTER_KEYS = [...filterKeys(FILTERS), ASSIGNEE_KEY];

/** What the list sorts by (ADMIN_PROPOSAL_TICKET_SORTS); the most urgent first by default (issue 37 item 2). */
const SORT_FIELDS = [
  { field: 'urgency', label: 'Urgency' },
  { field: 'due_at', label: 'Due' },
  { field: 'created_at', label: 'Requested' },
  { field: 'id', label: 'Proposal ID' },
  { field: 'company_name', label: 'Company' },
  { field: 'status', label: 'Status' },
  { field: 'assignee_name', label: 'Assignee' },
] as const satisfies ReadonlyArray<{ field: (typeof ADMIN_PROPOSAL_TICKET_SORTS)[number]; label: string }>;

interface TicketListProps {
  tickets: AdminProposalTicket[];
  admins: AdminChoice[];
  selectedId: number | undefined;
  onSelect: (ticket: ProposalTicket) => void;
  onManage: (ticket: ProposalTicket) => void;
  sorting: Sorting;
  now: Date;
}

const selectedOutline = 'outline-2 -outline-offset-2 outline-brand-700';

function ManageButton({ ticket, onManage, className = '' }: { ticket: ProposalTicket; onManage: (ticket: ProposalTicket) => void; className?: string }) {
  return (
    <Button aria-label={`Manage proposal ${ticket.id}`} className={className} onClick={() => onManage(ticket)}>
      Manage
    </Button>
  );
}

function CompanyButton({ ticket, onSelect }: { ticket: ProposalTicket; onSelect: (ticket: ProposalTicket) => void }) {
  return (
    <button type="button" className="text-left font-medium break-words text-ink-900 hover:underline" onClick={() => onSelect(ticket)}>
      {ticket.company_name || 'N/A'}
    </button>
  );
}

const isOverdue = (ticket: ProposalTicket, now: Date) => clockState(ticket, now).kind === 'overdue';
/** Eight columns: the admin tables' cell, a little narrower, so all of them fit at 1280 px with the sidebar. */
const td = tableClasses.td.replace('px-4', 'px-3');

/**
 * From md up: the spec's table of Proposal ID, Company, Status and Manage, with the partner, when
 * it was requested, the 48-hour clock and the assignee (issue 37 item 2).
 */
function TicketTable({ tickets, admins, selectedId, onSelect, onManage, sorting, now }: TicketListProps) {
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Proposal requests</caption>
        <TableHead
          columns={[
            { label: 'Proposal ID', sort: 'id' },
            { label: 'Company', sort: 'company_name' },
            { label: 'Partner' },
            { label: 'Requested', sort: 'created_at' },
            { label: 'Status', sort: 'status' },
            { label: 'Due', sort: 'urgency' },
            { label: 'Assignee', sort: 'assignee_name' },
          ]}
          action="Manage"
          sorting={sorting}
        />
        <tbody className="divide-y divide-ink-200">
          {tickets.map((ticket) => {
            const style = proposalStatusStyle(ticket.status);
            return (
              <tr key={ticket.id} data-status={ticket.status} data-overdue={isOverdue(ticket, now) || undefined} className={`${style.row} ${selectedId === ticket.id ? selectedOutline : ''}`}>
                <td className={`${td} border-l-4 font-semibold ${style.stripe}`}>#{ticket.id}</td>
                <td className={td}>
                  <CompanyButton ticket={ticket} onSelect={onSelect} />
                </td>
                <td className={td}>{ticket.partner_name}</td>
                <td className={td}>{formatDateTime(ticket.requested_at)}</td>
                <td className={td}>
                  <ProposalStatusChip status={ticket.status} />
                </td>
                {/* The clock's text may wrap here, so that the eight columns fit at 1280 px. */}
                <td className={`${td} min-w-28 [&_[data-clock]]:whitespace-normal`}>
                  <ClockCell ticket={ticket} now={now} />
                </td>
                <td className={td}>
                  <AssignControl ticket={ticket} admins={admins} stacked className="w-32" />
                </td>
                <td className={`${td} text-right`}>
                  <ManageButton ticket={ticket} onManage={onManage} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Below md: one card per ticket, the Manage button full width inside the screen (issue 14 item 17). */
function TicketCards({ tickets, admins, selectedId, onSelect, onManage, now }: TicketListProps) {
  return (
    <ul aria-label="Proposal requests" className="space-y-3">
      {tickets.map((ticket) => {
        const style = proposalStatusStyle(ticket.status);
        return (
          <li
            key={ticket.id}
            data-status={ticket.status}
            data-overdue={isOverdue(ticket, now) || undefined}
            className={`rounded-xl border border-l-4 border-ink-200 p-4 shadow-sm ${style.row} ${style.stripe} ${selectedId === ticket.id ? selectedOutline : ''}`}
          >
            <p className="text-xs font-semibold tracking-wide text-ink-700 uppercase">Proposal #{ticket.id}</p>
            <div className="mt-1">
              <CompanyButton ticket={ticket} onSelect={onSelect} />
            </div>
            <p className="mt-1 text-sm text-ink-700">
              {ticket.partner_name} · requested {formatDateTime(ticket.requested_at)}
            </p>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
              <ProposalStatusChip status={ticket.status} />
              <ClockCell ticket={ticket} now={now} />
            </div>
            <AssignControl ticket={ticket} admins={admins} className="mt-3" />
            <ManageButton ticket={ticket} onManage={onManage} className="mt-3 w-full" />
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Proposal Requests (/admin, /admin/proposal-management): the open tickets, 8 a page (or 25 or
 * 50), the most urgent first with the 48-hour clock's time left (issues 18 and 37), tinted by
 * status with a chip and a legend; All, Mine, Unassigned and Overdue views and an Assign control
 * per ticket; Manage opens the dialog, and the chosen ticket's summary and history show below
 * the list. A table from md up, cards below. Everything the list shows is in the address.
 */
export function ProposalManagementPage() {
  const list = useListSearchParams(FILTER_KEYS);
  const [perPage, setPerPage] = usePerPage();
  const sorting = sortingOf(list, SORT_FIELDS, 'urgency');
  const tickets = useProposalTickets({
    page: list.page,
    perPage,
    q: list.q,
    status: chosenValues(list, STATUS).map(Number),
    overdue: list.value(OVERDUE_KEY) === 'true',
    assignee: list.value(ASSIGNEE_KEY) || undefined,
    sort: list.sort && sorting.sort,
  });
  const admins = useAssignableAdmins();
  const now = useNow();
  const wide = useMediaQuery(MD_UP);
  const [managed, setManaged] = useState<ProposalTicket | null>(null);
  const [selected, setSelected] = useState<ProposalTicket | null>(null);

  useEffect(() => {
    if (tickets.isError) adminToast.error(ADMIN_TOASTS.proposalsLoadFailed, 'admin-proposals-load');
  }, [tickets.isError]);

  const rows = tickets.data?.rows ?? [];
  const total = tickets.data?.total ?? 0;
  const pageCount = pageCountOf(total, perPage);
  // A page past the end (fewer requests than when the link was made): the last page instead.
  const pastTheEnd = tickets.isSuccess && !tickets.isPlaceholderData && total > 0 && list.page > pageCount;
  useEffect(() => {
    if (pastTheEnd) list.setPage(pageCount);
  }, [pastTheEnd, pageCount, list]);

  // The selected ticket as the list has it now; a ticket that left the list (terminal) keeps
  // the copy the update returned.
  const shown = (selected && rows.find((ticket) => ticket.id === selected.id)) ?? selected ?? rows[0] ?? null;
  const listProps: TicketListProps = {
    tickets: rows,
    admins: admins.choices,
    selectedId: shown?.id,
    onSelect: setSelected,
    onManage: (ticket) => {
      setSelected(ticket);
      setManaged(ticket);
    },
    sorting,
    now,
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Proposal Requests" description="Open proposal and revision requests, the most urgent first. Terminal ones leave this list." />
      <QueueViews />
      <ListToolbar list={list} search={{ id: 'proposal-search', label: 'Search proposals', placeholder: 'Proposal ID or company' }} filters={FILTERS} sortFields={SORT_FIELDS} sorting={sorting} wide={wide} />
      {tickets.isPending ? (
        <PageSpinner label="Loading proposals…" />
      ) : tickets.isError ? (
        <LoadError message={ADMIN_LOAD_ERRORS.proposals} onRetry={() => tickets.refetch()} retrying={tickets.isFetching} />
      ) : total === 0 && list.narrowed ? (
        <NoMatches what="proposals" list={list} />
      ) : total === 0 ? (
        <EmptyState title="No Active Proposals">There are currently no active proposal tickets. Please check back later.</EmptyState>
      ) : (
        <div className="space-y-4">
          <ProposalStatusLegend />
          {admins.isError && <p className="text-sm text-danger-700">The administrators could not be loaded, so requests cannot be assigned now.</p>}
          {wide ? <TicketTable {...listProps} /> : <TicketCards {...listProps} />}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <PerPageSelect perPage={perPage} onChange={setPerPage} />
            <div className="min-w-[16rem] flex-1">
              <PageOfPages page={Math.min(list.page, pageCount)} pageCount={pageCount} onPageChange={list.setPage} label="Proposal pages" />
            </div>
          </div>
        </div>
      )}
      {shown && !tickets.isError && (
        <div className="grid gap-6 lg:grid-cols-2">
          <ProposalSummary ticket={shown} />
          <ProposalHistory ticket={shown} />
        </div>
      )}
      <ManageProposalDialog ticket={managed} onClose={() => setManaged(null)} onUpdated={setSelected} />
    </div>
  );
}
