import { Badge } from './badge';

const shortDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * "Signed Nov 27, 2026": the customer signed the current proposal through a link (issue 36
 * item 4); nothing while unsigned. Shown on the project header and in the project lists.
 */
export function SignedBadge({ signedAt, className }: { signedAt: string | null; className?: string }) {
  if (!signedAt) return null;
  const date = new Date(signedAt);
  return (
    <Badge tone="green" className={className}>
      Signed {Number.isNaN(date.getTime()) ? '' : shortDate.format(date)}
    </Badge>
  );
}
