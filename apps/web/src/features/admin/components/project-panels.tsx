import { useEffect } from 'react';
import { enumLabel, type Project } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageSpinner } from '../../../components/ui/spinner';
import { textLinkClasses } from '../../../components/ui/text-link';
import { formatPhoneNumber, formatUsd } from '../../../lib/format';
import { ADMIN_TOASTS, adminToast } from '../admin-messages';
import { useProjectRecords } from '../api/list-project-records';
import { useProposalTickets } from '../api/list-proposal-tickets';
import { ProposalHistory, ProposalSummary } from './proposal-summary';

function Facts({ items }: { items: Array<[string, string | null | undefined]> }) {
  return (
    <dl className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-ink-500">{label}</dt>
          <dd className="font-medium break-words whitespace-pre-line text-ink-900">{value || 'Not Available'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SiteInfoPanel({ project }: { project: Project }) {
  return (
    <Facts
      items={[
        ['Company Name', project.company_name],
        ['Industry', project.industry],
        ['Owner', project.owner_name],
        ['Address 1', project.address_1],
        ['Address 2', project.address_2],
        ['City', project.city],
        ['State', project.state],
        ['Zip Code', project.zip],
        ['Shade Interference', project.shade_interference],
        ['Shade Interference Details', project.shade_interference_details],
        ['Type of Roof', project.type_of_roof],
        ['Age of Roof', project.age_of_roof],
        ['Roof Description', project.roof_description],
      ]}
    />
  );
}

export function UtilityInfoPanel({ project }: { project: Project }) {
  return (
    <div className="space-y-6">
      <Facts
        items={[
          ['Utility Company', project.utility_company],
          ['Utility Account Holder', project.utility_account_holder],
          ['Utility Account Number', project.utility_account_number],
          ['Main Meter Number', project.main_meter_number],
          ['Main Panel Amperage', project.main_panel_amperage],
          ['Power Bill Received', project.power_bill_received_status],
          ['Average Monthly Power Bill', formatUsd(project.average_monthly_power_bill_cost)],
          ['Additional Utility Notes', project.additional_utility_notes],
        ]}
      />
      {project.kilowatt_amounts.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-ink-900">Monthly kWh by meter</h3>
          {project.kilowatt_amounts.map((months, meter) => (
            <p key={meter} className="text-sm break-words text-ink-700">
              <span className="font-medium">Meter {meter + 1}:</span> {months.map((value) => value ?? '–').join(', ')}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}

function useLoadFailure(isError: boolean, id: string) {
  useEffect(() => {
    if (isError) adminToast.error(ADMIN_TOASTS.projectLoadFailed, id);
  }, [isError, id]);
}

export function ContactsPanel({ projectId }: { projectId: number }) {
  const contacts = useProjectRecords(projectId, 'contacts');
  useLoadFailure(contacts.isError, `admin-contacts-${projectId}`);
  if (contacts.isPending) return <PageSpinner label="Loading contacts…" />;
  if (!contacts.data?.length) return <EmptyState title="No Contacts Yet" />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {contacts.data.map((contact) => (
        <li key={contact.id} className="rounded-xl border border-ink-200 bg-white p-4 text-sm">
          <p className="font-semibold text-ink-900">{`${contact.contact_first_name} ${contact.contact_last_name}`.trim() || 'Unnamed contact'}</p>
          {contact.contact_title && <p className="text-ink-600">{contact.contact_title}</p>}
          {contact.contact_email && (
            <a href={`mailto:${contact.contact_email}`} className={`${textLinkClasses} block break-all`}>
              {contact.contact_email}
            </a>
          )}
          {contact.contact_phone_number && <p className="text-ink-700">{formatPhoneNumber(contact.contact_phone_number)}</p>}
          {contact.contact_notes && <p className="mt-2 whitespace-pre-line text-ink-600">{contact.contact_notes}</p>}
        </li>
      ))}
    </ul>
  );
}

export function LinksPanel({ projectId }: { projectId: number }) {
  const links = useProjectRecords(projectId, 'project_links');
  useLoadFailure(links.isError, `admin-links-${projectId}`);
  if (links.isPending) return <PageSpinner label="Loading links…" />;
  if (!links.data?.length) return <EmptyState title="No Links Yet" />;
  return (
    <ul className="divide-y divide-ink-200 rounded-xl border border-ink-200 bg-white">
      {links.data.map((link) => (
        <li key={link.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
          <Badge tone="grey">{enumLabel('link_type', link.link_type)}</Badge>
          <a href={link.link_url} target="_blank" rel="noreferrer" className={`${textLinkClasses} break-all`}>
            {link.link_title}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function AssetsPanel({ projectId }: { projectId: number }) {
  const images = useProjectRecords(projectId, 'images');
  const files = useProjectRecords(projectId, 'files');
  useLoadFailure(images.isError || files.isError, `admin-assets-${projectId}`);
  if (images.isPending || files.isPending) return <PageSpinner label="Loading assets…" />;
  return (
    <div className="space-y-6">
      <section aria-label="Photos">
        <h3 className="mb-3 text-sm font-semibold text-ink-900">Photos</h3>
        {!images.data?.length ? (
          <EmptyState title="No Photos Yet" />
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {images.data.map((image) => (
              <li key={image.id}>
                <a href={image.url} target="_blank" rel="noreferrer" className="block overflow-hidden rounded-lg border border-ink-200">
                  <img src={image.url} alt={image.name} className="aspect-square w-full object-cover" loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label="Files">
        <h3 className="mb-3 text-sm font-semibold text-ink-900">Files</h3>
        {!files.data?.length ? (
          <EmptyState title="No Files Yet" />
        ) : (
          <ul className="divide-y divide-ink-200 rounded-xl border border-ink-200 bg-white">
            {files.data.map((file) => (
              <li key={file.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="min-w-0 break-all text-ink-900">{file.name}</span>
                <span className="flex gap-4">
                  <a href={file.url} target="_blank" rel="noreferrer" className={textLinkClasses}>
                    Open
                  </a>
                  <a href={file.url} download={file.name} className={textLinkClasses}>
                    Download
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** The project's proposal tickets (every status) with their history. */
export function ProposalPanel({ projectId }: { projectId: number }) {
  const tickets = useProposalTickets({ includeTerminal: true });
  useEffect(() => {
    if (tickets.isError) adminToast.error(ADMIN_TOASTS.proposalsLoadFailed, 'admin-proposals-load');
  }, [tickets.isError]);
  if (tickets.isPending) return <PageSpinner label="Loading proposals…" />;
  const mine = (tickets.data ?? []).filter((ticket) => ticket.project_id === projectId);
  if (mine.length === 0) return <EmptyState title="No Proposal Requests Yet" />;
  return (
    <div className="space-y-6">
      {mine.map((ticket) => (
        <div key={ticket.id} className="grid gap-4 lg:grid-cols-2">
          <ProposalSummary ticket={ticket} />
          <ProposalHistory ticket={ticket} />
        </div>
      ))}
    </div>
  );
}
