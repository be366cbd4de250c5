import { ARCHIVED_STAGE, LEAD_SOURCE_LABELS, type Lead } from '@sunin/contract';
import { LeadStatusBadge } from '../../../components/referrals/lead-status-badge';
import { Badge } from '../../../components/ui/badge';
import { Detail } from '../../../components/ui/detail';
import { TextLink } from '../../../components/ui/text-link';
import { formatLongDate, formatUsd } from '../../../lib/format';

/** A converted lead's project as its partner follows it: its stage (a link to it) and the expected earning. */
function LeadProject({ project }: { project: NonNullable<Lead['project']> }) {
  return (
    <>
      <Detail term="Project stage">
        <TextLink to={`/projects/${project.id}`}>
          <Badge tone={project.project_stage === ARCHIVED_STAGE ? 'red' : 'green'} wrap>{project.project_stage}</Badge>
        </TextLink>
      </Detail>
      <Detail term="Expected earning">{project.expected_earning_usd === null ? 'Not yet: the deal has no value yet' : formatUsd(project.expected_earning_usd)}</Detail>
    </>
  );
}

/** One lead: where it is, how it came, its status and dates, and once converted its project. */
function LeadCard({ lead }: { lead: Lead }) {
  return (
    <li className="rounded-xl border border-ink-200 bg-white p-4 text-sm shadow-sm">
      <article aria-labelledby={`lead-${lead.id}-title`}>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={`lead-${lead.id}-title`} className="font-semibold break-words text-ink-900">
              {lead.company_name}
            </h3>
            <p className="break-words text-ink-600">{`${lead.address_1}, ${lead.city}, ${lead.state} ${lead.zip}`}</p>
          </div>
          <LeadStatusBadge status={lead.status} />
        </div>
        <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Detail term="Source">{LEAD_SOURCE_LABELS[lead.source]}</Detail>
          <Detail term="Registered">{formatLongDate(lead.created_at)}</Detail>
          {lead.expires_at && <Detail term="Expires">{formatLongDate(lead.expires_at)}</Detail>}
          {lead.rejected_reason && <Detail term="Rejected because">{lead.rejected_reason}</Detail>}
          {lead.project && <LeadProject project={lead.project} />}
        </dl>
      </article>
    </li>
  );
}

export function LeadsList({ leads }: { leads: Lead[] }) {
  return (
    <ul aria-label="Your leads" className="space-y-3">
      {leads.map((lead) => (
        <LeadCard key={lead.id} lead={lead} />
      ))}
    </ul>
  );
}
