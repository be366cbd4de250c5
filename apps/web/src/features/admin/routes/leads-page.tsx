import { useState } from 'react';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadStatus } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { Pagination } from '../../../components/ui/pagination';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { MD_UP, useMediaQuery } from '../../../lib/use-media-query';
import { useListSearchParams } from '../../../lib/use-list-search-params';
import { useAdminLeads } from '../api/leads';
import { AdminPageHeader } from '../components/admin-page-header';
import { LeadDialogs, type LeadDialog } from '../components/lead-actions';
import { LeadCards, LeadsTable } from '../components/leads-table';
import { chosenValues, filterKeys, ListToolbar, NoMatches, type ListFilter } from '../components/list-toolbar';

export const LEADS_PAGE_SIZE = 25;
const STATUS: ListFilter = { key: 'status', label: 'Status', kind: 'select', options: LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] })) };
const FILTERS = [STATUS] as const;
const FILTER_KEYS = filterKeys(FILTERS);
// The queue has one order (newest first): nothing to sort by.
const NO_SORTING = { sort: '', onSort: () => undefined };

/** Previous and Next when the server gives no total: a full page means there may be another. */
function PageSteps({ page, full, onPageChange }: { page: number; full: boolean; onPageChange: (page: number) => void }) {
  return (
    <nav aria-label="Lead pages" className="flex items-center justify-between gap-3">
      <p className="text-sm text-ink-700" aria-live="polite">{`Page ${page}`}</p>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
          Previous
        </Button>
        <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={!full}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/**
 * /admin/leads (issue 39 item 3): every lead, newest first, filtered by status and searched, the
 * state in the address like the other admin lists; per open lead Mark contacted, Convert (to a
 * project owned by its partner, or one chosen here) and Reject with a reason. Live: the admin
 * shell re-reads ['admin'] queries on admin_changed.
 */
export function LeadsPage() {
  const list = useListSearchParams(FILTER_KEYS);
  const wide = useMediaQuery(MD_UP);
  const [dialog, setDialog] = useState<LeadDialog>(null);
  const status = chosenValues(list, STATUS)[0] as LeadStatus | undefined;
  const leads = useAdminLeads({ page: list.page, perPage: LEADS_PAGE_SIZE, status, q: list.q || undefined });
  const rows = leads.data?.leads ?? [];
  return (
    <div className="space-y-4">
      <AdminPageHeader
        title="Leads"
        description="Business owners' requests and partners' registrations: contact them, convert them to projects or reject them."
        actions={
          <TextLink to="/admin/referral-settings" className="text-sm">
            Referral settings
          </TextLink>
        }
      />
      <ListToolbar list={list} search={{ id: 'lead-search', label: 'Search leads', placeholder: 'Company, contact, email or city' }} filters={FILTERS} sorting={NO_SORTING} wide={wide} />
      {leads.isPending ? (
        <PageSpinner label="Loading leads…" />
      ) : leads.isError ? (
        <LoadError message="The leads could not be loaded. Check your connection and try again." onRetry={() => leads.refetch()} retrying={leads.isFetching} />
      ) : rows.length === 0 && list.page === 1 ? (
        list.narrowed ? <NoMatches what="leads" list={list} /> : <EmptyState title="No Leads Yet">Requests from the free estimate form and partners' registrations show here.</EmptyState>
      ) : (
        <>
          {wide ? <LeadsTable leads={rows} onOpen={setDialog} /> : <LeadCards leads={rows} onOpen={setDialog} />}
          {leads.data.total === null ? (
            <PageSteps page={list.page} full={rows.length === LEADS_PAGE_SIZE} onPageChange={list.setPage} />
          ) : (
            <Pagination page={list.page} pageSize={LEADS_PAGE_SIZE} total={leads.data.total} onPageChange={list.setPage} label="Lead pages" />
          )}
        </>
      )}
      <LeadDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
