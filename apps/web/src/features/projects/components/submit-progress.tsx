import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteProject } from '../api/delete-project';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { SUBMIT_CANCEL, SUBMIT_STEP_NAMES, SUBMIT_STEPS } from '../messages';
import { SUBMIT_PHASES, type SubmitProgress, type SubmitReport } from './new-project-submit';

/**
 * The wizard's step 4 (member-app.md 4 "New-project submit progress"): the current step's text,
 * the contact being sent under it, the bar, and a checklist of the steps so each one is seen as
 * it happens, even when a request answers at once (issue 14 item 5).
 */
export function SubmitProgressView({ progress, stopping }: { progress: SubmitProgress; stopping: boolean }) {
  const current = progress.phase === 'done' ? SUBMIT_PHASES.length : SUBMIT_PHASES.findIndex((phase) => phase.key === progress.phase);
  const title = progress.phase === 'done' ? SUBMIT_STEPS.done : SUBMIT_PHASES[current]?.label;
  return (
    <div className="py-4">
      <div aria-live="polite" className="mb-3 min-h-10">
        <p className="text-sm font-medium text-ink-800">{stopping ? SUBMIT_CANCEL.stopping : title}</p>
        {!stopping && progress.detail && <p className="mt-0.5 text-sm text-ink-600">{progress.detail}</p>}
      </div>
      <ProgressBar label="Project submission progress" value={progress.percent} />
      <ol aria-label="Submission steps" className="mt-4 grid grid-cols-2 gap-2 text-xs sm:grid-cols-4">
        {SUBMIT_PHASES.map((phase, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          return (
            <li
              key={phase.key}
              aria-current={state === 'current' ? 'step' : undefined}
              className={`flex items-center gap-1.5 ${state === 'current' ? 'font-semibold text-brand-800' : state === 'done' ? 'text-ink-700' : 'text-ink-400'}`}
            >
              <span
                aria-hidden="true"
                className={`flex size-4 shrink-0 items-center justify-center rounded-full text-[10px] text-white ${state === 'upcoming' ? 'bg-ink-200' : 'bg-brand-600'}`}
              >
                {state === 'done' ? '✓' : ''}
              </span>
              {SUBMIT_STEP_NAMES[phase.key]}
              {state === 'done' && <span className="sr-only">(done)</span>}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/**
 * After Cancel, when the project had already been created: it is named, with how many of its
 * contacts arrived, a link to it, and a button that deletes it (issue 14 item 4, issue 34 item 7:
 * never a silent half-made project).
 */
export function SubmitCancelledNotice({ companyName, report, onOpen, onClose }: { companyName: string; report: SubmitReport; onOpen: () => void; onClose: () => void }) {
  const remove = useDeleteProject();
  if (remove.isSuccess) {
    return (
      <div className="space-y-4">
        <Alert tone="success">
          <p className="font-semibold text-ink-900">{SUBMIT_CANCEL.title}</p>
          <p className="mt-1">{SUBMIT_CANCEL.deleted(companyName)}</p>
        </Alert>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {SUBMIT_CANCEL.close}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <Alert tone="info">
        <p className="font-semibold text-ink-900">{SUBMIT_CANCEL.title}</p>
        <p className="mt-1">{SUBMIT_CANCEL.summary(companyName, report.contactsSent, report.contactsTotal)}</p>
      </Alert>
      {remove.isError && <Alert tone="error">{errorMessage(remove.error, SUBMIT_CANCEL.deleteFailed)}</Alert>}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          {SUBMIT_CANCEL.close}
        </Button>
        <Button variant="danger" onClick={() => report.projectId !== null && remove.mutate(report.projectId)} pending={remove.isPending}>
          {SUBMIT_CANCEL.deleteProject}
        </Button>
        <Link to={`/projects/${report.projectId}`} onClick={onOpen} className={buttonClasses('primary')}>
          {SUBMIT_CANCEL.openProject}
        </Link>
      </div>
    </div>
  );
}
