import { LEAD_STATUS_LABELS, type LeadStatus } from '@sunin/contract';
import { Badge } from '../ui/badge';

const TONES = { new: 'amber', contacted: 'amber', converted: 'green', rejected: 'red', expired: 'grey' } as const satisfies Record<LeadStatus, string>;

/** A lead's status (issue 39 item 4): open ones amber, converted green, rejected red, expired grey. */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <Badge tone={TONES[status]}>{LEAD_STATUS_LABELS[status]}</Badge>;
}
