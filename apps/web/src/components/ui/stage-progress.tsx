import { ARCHIVED_STAGE, PROJECT_STAGES, type ProjectStage } from '@sunin/contract';
import { Badge } from './badge';

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

/**
 * The five-stage progress bar (member-app.md 2): stages before the current one read 'Completed'
 * and are grey, the current one is green, later ones light grey. An archived project has no
 * current stage: every stage shows as not current, with an 'Archived' badge.
 */
export function StageProgress({ stage }: { stage: ProjectStage }) {
  const archived = stage === ARCHIVED_STAGE;
  const currentIndex = archived ? -1 : PROJECT_STAGES.indexOf(stage as (typeof PROJECT_STAGES)[number]);

  return (
    <div>
      <div className="mb-3 flex items-center gap-2">
        <h2 className="text-sm font-semibold text-ink-900">Project Stage</h2>
        {archived && <Badge tone="red">{ARCHIVED_STAGE}</Badge>}
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
                {state === 'current' && <span className="block text-xs font-normal text-brand-700">Current stage</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
