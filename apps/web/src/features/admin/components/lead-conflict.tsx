import type { AdminLead, LeadConflict } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';

/** What each conflict means for the queue: why this lead cannot simply become its own project. */
export const LEAD_CONFLICT_LABELS: Record<LeadConflict, string> = {
  site_is_project: 'Already a project',
  site_registered: 'Another partner registered this site first',
  site_registered_by_you: 'This partner already registered this site',
  site_requested: 'The business already asked for an estimate',
};

/** The conflict badge, naming the partner whose link brought the lead when the site's first holder owns it. */
export function LeadConflictBadge({ lead }: { lead: Pick<AdminLead, 'conflict' | 'referred_by'> }) {
  if (!lead.conflict) return null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Badge tone="amber" wrap>
        {LEAD_CONFLICT_LABELS[lead.conflict]}
      </Badge>
      {lead.referred_by && <span className="text-xs text-ink-600">{`Referred by ${lead.referred_by.name}`}</span>}
    </span>
  );
}
