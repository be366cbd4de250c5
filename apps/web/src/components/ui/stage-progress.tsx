import { ARCHIVED_STAGE, PROJECT_STAGES, daysInStage, type ProjectStage } from '@sunin/contract';
import { Badge } from './badge';
import { dayCount, StalledBadge } from './days-in-stage';

type StepState = 'completed' | 'current' | 'upcoming';

const BAR: Record<StepState, string> = {
  completed: 'bg-ink-400',
  current: 'bg-brand-600',
  upcoming: 'bg-ink-200',
};

const TEXT: Record<StepState, string> = {
  completed: 'text-ink-600',
  current: 'font-semibold text-brand-800',
  upcoming: 'text-ink-500',
};

/** "since today", "for 1 day", "for 12 days": how long the project has been at its stage (issue 17 item 1). */
export function timeInStage(since: string, now = Date.now()): string {
  if (Number.isNaN(Date.parse(since))) return '';
  const days = daysInStage(since, now);
  return days === 0 ? 'since today' : `for ${dayCount(days)}`;
}

/**
 * The five-stage progress bar (member-app.md 2): stages before the current one read 'Completed'
 * and are grey, the current one is green, later ones light grey. An archived project has no
 * current stage: every stage shows as not current, with an 'Archived' badge. A project past its
 * stage's stall threshold says so beside the heading (issue 18 item 3).
 */
export function StageProgress({ stage, since, stalled = false }: { stage: ProjectStage; since?: string | null; stalled?: boolean }) {
  const archived = stage === ARCHIVED_STAGE;
  const time = since ? timeInStage(since) : '';
  const currentIndex = archived ? -1 : PROJECT_STAGES.indexOf(stage as (typeof PROJECT_STAGES)[number]);

  return (
    <div>
      <div className="mb-3 flex items-center gap-2">
        <h2 className="text-sm font-semibold text-ink-900">Project Stage</h2>
        {archived && <Badge tone="red">{ARCHIVED_STAGE}</Badge>}
        {archived && time && <span className="text-xs text-ink-500">{time}</span>}
        {stalled && <StalledBadge />}
      </div>
      <ol aria-label="Project stages" className="grid grid-cols-1 gap-3 sm:grid-cols-5 sm:gap-2">
        {PROJECT_STAGES.map((name, index) => {
          const state: StepState = archived ? 'upcoming' : index < currentIndex ? 'completed' : index === currentIndex ? 'current' : 'upcoming';
          return (
            <li key={name} aria-current={state === 'current' ? 'step' : undefined} className="flex items-center gap-3 sm:block">
              <span aria-hidden="true" className={`block h-2 w-10 shrink-0 rounded-full sm:w-full ${BAR[state]}`} />
              <span className={`block text-sm sm:mt-2 ${TEXT[state]}`}>
                {name}
                {state === 'completed' && <span className="block text-xs font-normal text-ink-500">Completed</span>}
                {state === 'current' && <span className="block text-xs font-normal text-brand-700">Current stage{time ? `, ${time}` : ''}</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
