import { ALL_PROJECT_STAGES, type ProjectStage } from '@sunin/contract';

export type StageState = 'complete' | 'current' | 'upcoming';

/** Stages before the current one are complete, the current one current, later ones upcoming. */
export function stageState(stage: ProjectStage, current: ProjectStage): StageState {
  const index = ALL_PROJECT_STAGES.indexOf(stage);
  const currentIndex = ALL_PROJECT_STAGES.indexOf(current);
  return index < currentIndex ? 'complete' : index === currentIndex ? 'current' : 'upcoming';
}

const DOT: Record<StageState, string> = {
  complete: 'bg-brand-600 text-white',
  current: 'bg-white text-brand-800 ring-2 ring-brand-600',
  upcoming: 'bg-ink-100 text-ink-500 ring-1 ring-ink-300',
};

const STATE_LABEL: Record<StageState, string> = { complete: 'Complete', current: 'Current', upcoming: 'Upcoming' };

/**
 * Project Stages (public-site-and-admin.md 2.10): every stage, Archived included, can be made
 * current directly, not only the next one.
 */
export function StagePicker({ current, onSelect, disabled = false }: { current: ProjectStage; onSelect: (stage: ProjectStage) => void; disabled?: boolean }) {
  return (
    <ol aria-label="Choose the current stage" className="space-y-3">
      {ALL_PROJECT_STAGES.map((stage, index) => {
        const state = stageState(stage, current);
        return (
          <li
            key={stage}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`flex flex-wrap items-center gap-3 rounded-xl border p-3 sm:flex-nowrap ${state === 'current' ? 'border-brand-300 bg-brand-50' : 'border-ink-200 bg-white'}`}
          >
            <span aria-hidden="true" className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${DOT[state]}`}>
              {state === 'complete' ? '✓' : index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="font-medium text-ink-900">{stage}</p>
              <p className={`text-xs ${state === 'current' ? 'font-semibold text-brand-700' : 'text-ink-500'}`}>{STATE_LABEL[state]}</p>
            </div>
            {state !== 'current' && (
              <button
                type="button"
                disabled={disabled}
                onClick={() => onSelect(stage)}
                aria-label={`Set ${stage} as current stage`}
                className="w-full rounded-lg border border-ink-300 bg-white px-3 py-1.5 text-sm font-semibold text-ink-800 hover:bg-ink-100 disabled:cursor-not-allowed disabled:text-ink-400 sm:w-auto"
              >
                Set as current
              </button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
