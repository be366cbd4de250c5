import { LEAD_SOURCE_LABELS, type AdminLead } from '@sunin/contract';
import type { ReactNode } from 'react';
import { LeadStatusBadge } from '../../../components/referrals/lead-status-badge';
import { TextLink } from '../../../components/ui/text-link';
import { formatPhoneNumber, formatUsd } from '../../../lib/format';
import { formatShortDateTime } from '../../../lib/format-date-time';
import { cardClasses, tableClasses } from './admin-page-header';
import { LeadActions, type LeadDialog } from './lead-actions';
import { LeadConflictBadge } from './lead-conflict';

interface LeadColumn {
  header: string;
  cell: (lead: AdminLead) => ReactNode;
  /** On a card, whether the row is there at all (the table keeps every column). */
  onCard?: (lead: AdminLead) => boolean;
}

function Contact({ lead }: { lead: AdminLead }) {
  if (!lead.contact_name && !lead.email && !lead.phone) return <span className="text-ink-500">Registered by the partner</span>;
  return (
    <span className="flex flex-col">
      {lead.contact_name && <span>{lead.contact_name}</span>}
      {lead.email && (
        <a href={`mailto:${lead.email}`} className="break-all text-brand-700 hover:underline">
          {lead.email}
        </a>
      )}
      {lead.phone && (
        <a href={`tel:${lead.phone}`} className="whitespace-nowrap text-brand-700 hover:underline">
          {formatPhoneNumber(lead.phone)}
        </a>
      )}
    </span>
  );
}

/** The address, and what the form said of the power bill (the project starts from it). */
function Site({ lead }: { lead: AdminLead }) {
  const bill = [lead.utility_company, lead.average_monthly_bill === null ? null : `${formatUsd(lead.average_monthly_bill)} a month`, lead.has_usage_file ? 'usage file attached' : null].filter(Boolean);
  return (
    <span className="flex flex-col">
      <span>{`${lead.address_1}, ${lead.city}, ${lead.state} ${lead.zip}`}</span>
      {bill.length > 0 && <span className="text-xs text-ink-600">{bill.join(' · ')}</span>}
    </span>
  );
}

function Partner({ lead }: { lead: AdminLead }) {
  if (!lead.partner) return <span className="text-ink-500">No partner</span>;
  return (
    <span className="flex flex-col">
      <TextLink to={`/admin/all-users/${lead.partner.id}`}>{lead.partner.name}</TextLink>
      {lead.partner.company_name && <span className="text-xs text-ink-600">{lead.partner.company_name}</span>}
    </span>
  );
}

const received = (lead: AdminLead) => <span className="whitespace-nowrap">{formatShortDateTime(lead.created_at)}</span>;

/** A card's fields, one each (below md). */
const CARD_FIELDS: LeadColumn[] = [
  { header: 'Company', cell: (lead) => <span className="font-semibold">{lead.company_name}</span> },
  { header: 'Contact', cell: (lead) => <Contact lead={lead} /> },
  { header: 'Site', cell: (lead) => <Site lead={lead} /> },
  { header: 'Partner', cell: (lead) => <Partner lead={lead} /> },
  { header: 'Source', cell: (lead) => LEAD_SOURCE_LABELS[lead.source] },
  { header: 'Status', cell: (lead) => <LeadStatusBadge status={lead.status} /> },
  { header: 'Received', cell: received },
  { header: 'Conflict', cell: (lead) => <LeadConflictBadge lead={lead} />, onCard: (lead) => lead.conflict !== null },
];

/**
 * The table's columns: the same fields, paired where they read together (the company over its
 * site, how it came over when, the status over its conflict: headers named by the first), so the queue fits beside the
 * sidebar on a laptop without scrolling sideways.
 */
const TABLE_COLUMNS: LeadColumn[] = [
  {
    header: 'Company',
    cell: (lead) => (
      <span className="flex min-w-48 flex-col">
        <span className="font-semibold">{lead.company_name}</span>
        <Site lead={lead} />
      </span>
    ),
  },
  { header: 'Contact', cell: (lead) => <Contact lead={lead} /> },
  { header: 'Partner', cell: (lead) => <Partner lead={lead} /> },
  {
    header: 'Received',
    cell: (lead) => (
      <span className="flex flex-col">
        <span>{LEAD_SOURCE_LABELS[lead.source]}</span>
        <span className="text-xs text-ink-600">{received(lead)}</span>
      </span>
    ),
  },
  {
    header: 'Status',
    cell: (lead) => (
      <span className="flex flex-col items-start gap-1">
        <LeadStatusBadge status={lead.status} />
        <LeadConflictBadge lead={lead} />
      </span>
    ),
  },
];

/** The queue from md up: one row per lead, its actions last. */
export function LeadsTable({ leads, onOpen }: { leads: AdminLead[]; onOpen: (dialog: NonNullable<LeadDialog>) => void }) {
  return (
    <div className={tableClasses.wrap}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Leads</caption>
        <thead className="bg-ink-50">
          <tr>
            {TABLE_COLUMNS.map((column) => (
              <th key={column.header} scope="col" className={tableClasses.th}>
                {column.header}
              </th>
            ))}
            <th scope="col" className={tableClasses.th}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-200">
          {leads.map((lead) => (
            <tr key={lead.id}>
              {TABLE_COLUMNS.map((column) => (
                <td key={column.header} className={tableClasses.td}>
                  {column.cell(lead)}
                </td>
              ))}
              <td className={`${tableClasses.td} w-px`}>
                <LeadActions lead={lead} onOpen={onOpen} stacked />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Below md: a card per lead with the same fields and actions. */
export function LeadCards({ leads, onOpen }: { leads: AdminLead[]; onOpen: (dialog: NonNullable<LeadDialog>) => void }) {
  return (
    <ul aria-label="Leads" className={cardClasses.list}>
      {leads.map((lead) => (
        <li key={lead.id} className={cardClasses.card}>
          <dl className="grid grid-cols-1 gap-2">
            {CARD_FIELDS.filter((column) => column.onCard?.(lead) ?? true).map((column) => (
              <div key={column.header} className="flex min-w-0 gap-3">
                <dt className="w-24 shrink-0 text-xs font-medium text-ink-500">{column.header}</dt>
                <dd className="min-w-0 break-words text-ink-800">{column.cell(lead)}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3">
            <LeadActions lead={lead} onOpen={onOpen} />
          </div>
        </li>
      ))}
    </ul>
  );
}
