import { daysInStage } from '@sunin/contract';
import { Badge } from './badge';

/** "1 day", "12 days". */
export const dayCount = (days: number): string => `${days} day${days === 1 ? '' : 's'}`;

/** Past its stage's stall threshold (the server's `stalled`, issue 18 item 3). */
export function StalledBadge() {
  return (
    <Badge tone="amber" className="gap-1">
      <span aria-hidden="true">⚠</span>
      Stalled
    </Badge>
  );
}

/**
 * The project lists' days in the current stage, "Stalled" beside them past the threshold: a
 * column on wide screens ("12 days"), a line of the row or card on phones (`long`: "12 days at
 * this stage").
 */
export function DaysInStage({ since, stalled, long = false }: { since: string | null; stalled: boolean; long?: boolean }) {
  if (!since) return null;
  const days = daysInStage(since);
  const text = long ? (days === 0 ? 'At this stage since today' : `${dayCount(days)} at this stage`) : days === 0 ? 'Since today' : dayCount(days);
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <span className="whitespace-nowrap">{text}</span>
      {stalled && <StalledBadge />}
    </span>
  );
}
