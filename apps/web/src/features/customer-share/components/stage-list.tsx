import type { CustomerStage } from '@sunin/contract';
import { customerDate, customerDay } from '../share-format';

const STATE_WORDS = { done: 'Done', current: 'Current step', next: 'Coming up' } as const;

function StageMarker({ state, index }: { state: CustomerStage['state']; index: number }) {
  const classes = state === 'done' ? 'bg-brand-700 text-white' : state === 'current' ? 'bg-sun-500 text-ink-900 ring-4 ring-sun-100' : 'bg-ink-100 text-ink-600';
  return (
    <span aria-hidden="true" className={`flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold ${classes}`}>
      {state === 'done' ? '✓' : index + 1}
    </span>
  );
}

/**
 * The five stages in the customer's words (issue 36 item 6). Before signing: what happens next.
 * After: where the project is, since when, and when each next stage is expected.
 */
export function StageList({ stages, progress }: { stages: readonly CustomerStage[]; progress: boolean }) {
  return (
    <ol className="space-y-4" aria-label={progress ? 'Project progress' : 'The steps'}>
      {stages.map((stage, index) => (
        <li key={stage.stage} className="flex gap-3" aria-current={progress && stage.state === 'current' ? 'step' : undefined}>
          <StageMarker state={progress ? stage.state : 'next'} index={index} />
          <div className="min-w-0">
            <p className="font-semibold text-ink-900">
              {stage.title}
              {progress && <span className="sr-only"> ({STATE_WORDS[stage.state]})</span>}
            </p>
            <p className="text-sm text-ink-700">{stage.description}</p>
            {progress && stage.state === 'current' && stage.entered_at && <p className="mt-1 text-sm font-medium text-ink-900">Current step since {customerDate(stage.entered_at)}</p>}
            {progress && stage.state === 'done' && stage.entered_at && <p className="mt-1 text-xs text-ink-500">Started {customerDate(stage.entered_at)}</p>}
            {progress && stage.state === 'next' && stage.expected_on && <p className="mt-1 text-sm text-ink-600">Expected around {customerDay(stage.expected_on)}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
