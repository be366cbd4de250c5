import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, proposalStatusLabel, type ProposalTicket } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useProposalTickets } from '../api/list-proposal-tickets';
import { AdminPageHeader, tableClasses } from '../components/admin-page-header';
import { ManageProposalDialog } from '../components/manage-proposal-dialog';
import { PageOfPages, pageCountOf, pageSlice } from '../components/page-of-pages';
import { ProposalHistory, ProposalSummary } from '../components/proposal-summary';
import { proposalRowClasses, proposalTextClasses } from '../components/proposal-tone';

/**
 * Proposal Requests (/admin, /admin/proposal-management): the open tickets, 8 a page, rows
 * tinted by status; Manage opens the dialog, and the chosen ticket's summary and history show
 * below the table.
 */
export function ProposalManagementPage() {
  const tickets = useProposalTickets();
  const [page, setPage] = useState(1);
  const [managed, setManaged] = useState<ProposalTicket | null>(null);
  const [selected, setSelected] = useState<ProposalTicket | null>(null);

  useEffect(() => {
    if (tickets.isError) adminToast.error(ADMIN_TOASTS.proposalsLoadFailed, 'admin-proposals-load');
  }, [tickets.isError]);

  const rows = tickets.data ?? [];
  const pageCount = pageCountOf(rows.length, ADMIN_PAGE_SIZE);
  const current = Math.min(page, pageCount);
  // The selected ticket as the list has it now; a ticket that left the list (terminal) keeps
  // the copy the update returned.
  const shown = (selected && rows.find((ticket) => ticket.id === selected.id)) ?? selected ?? rows[0] ?? null;

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Proposal Requests" description="Open proposal and revision requests. Terminal ones leave this list." />
      {tickets.isPending ? (
        <PageSpinner label="Loading proposals…" />
      ) : rows.length === 0 ? (
        <EmptyState title="No Active Proposals">There are currently no active proposal tickets. Please check back later.</EmptyState>
      ) : (
        <div className="space-y-4">
          <div className={tableClasses.wrap}>
            <table className={tableClasses.table}>
              <caption className="sr-only">Proposal requests</caption>
              <thead className="bg-white">
                <tr>
                  <th scope="col" className={tableClasses.th}>Proposal ID</th>
                  <th scope="col" className={tableClasses.th}>Company</th>
                  <th scope="col" className={tableClasses.th}>Status</th>
                  <th scope="col" className={tableClasses.th}>
                    <span className="sr-only">Manage</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-200">
                {pageSlice(rows, current, ADMIN_PAGE_SIZE).map((ticket) => (
                  <tr key={ticket.id} className={`${proposalRowClasses(ticket.status)} ${shown?.id === ticket.id ? 'outline-2 -outline-offset-2 outline-brand-600' : ''}`}>
                    <td className={`${tableClasses.td} font-semibold`}>#{ticket.id}</td>
                    <td className={tableClasses.td}>
                      <button type="button" className="text-left font-medium text-ink-900 hover:underline" onClick={() => setSelected(ticket)}>
                        {ticket.company_name || 'N/A'}
                      </button>
                    </td>
                    <td className={`${tableClasses.td} min-w-48 font-medium ${proposalTextClasses(ticket.status)}`}>{proposalStatusLabel(ticket.status)}</td>
                    <td className={`${tableClasses.td} text-right`}>
                      <Button
                        aria-label={`Manage proposal ${ticket.id}`}
                        onClick={() => {
                          setSelected(ticket);
                          setManaged(ticket);
                        }}
                      >
                        Manage
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <PageOfPages page={current} pageCount={pageCount} onPageChange={setPage} label="Proposal pages" />
        </div>
      )}
      {shown && (
        <div className="grid gap-6 lg:grid-cols-2">
          <ProposalSummary ticket={shown} />
          <ProposalHistory ticket={shown} />
        </div>
      )}
      <ManageProposalDialog ticket={managed} onClose={() => setManaged(null)} onUpdated={setSelected} />
    </div>
  );
}
