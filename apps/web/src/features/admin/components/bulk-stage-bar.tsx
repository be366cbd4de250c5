import { useState } from 'react';
import { ALL_PROJECT_STAGES, ARCHIVED_STAGE, enumLabel, type ProjectStage } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { failureMessage } from '../../../lib/failure-message';
import { adminToast } from '../admin-messages';
import { useBulkChangeStage } from '../api/bulk-stage-change';
import type { RowSelection } from '../hooks/use-row-selection';
import { bulkStageSummary } from './bulk-stage-summary';

const projects = (count: number) => `${count} project${count === 1 ? '' : 's'}`;

/**
 * All Projects' bulk stage change (issue 15 item 6): shown while rows are ticked; "N selected",
 * a stage, "Change stage", a confirmation naming both, then one call and a summary toast.
 */
export function BulkStageBar({ selection }: { selection: RowSelection }) {
  const [stage, setStage] = useState<ProjectStage | ''>('');
  const [confirming, setConfirming] = useState(false);
  const change = useBulkChangeStage();
  const count = selection.selectedIds.length;
  if (count === 0 && !confirming) return null;

  const submit = () => {
    if (!stage) return;
    change.mutate(
      { project_ids: selection.selectedIds, project_stage: stage },
      {
        onSuccess: (result) => {
          const summary = bulkStageSummary(result, stage);
          if (summary.tone === 'success') adminToast.success(summary.message);
          else adminToast.error(summary.message);
          selection.clear();
          setConfirming(false);
        },
        onError: (error) => {
          adminToast.error(failureMessage('The stages could not be changed.', error));
          setConfirming(false);
        },
      },
    );
  };

  return (
    <div role="region" aria-label="Bulk stage change" className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 sm:flex-row sm:items-end">
      <p className="text-sm font-semibold text-ink-900 sm:pb-2.5" aria-live="polite">
        {count} selected
      </p>
      <SelectField
        label="New stage"
        placeholder="Choose a stage…"
        options={ALL_PROJECT_STAGES}
        value={stage}
        onChange={(event) => setStage(event.target.value as ProjectStage | '')}
        className="min-w-0 sm:w-72"
      />
      <div className="flex gap-2">
        <Button onClick={() => setConfirming(true)} disabled={!stage || count === 0}>
          Change stage
        </Button>
        <Button variant="ghost" onClick={selection.clear}>
          Clear selection
        </Button>
      </div>
      <ConfirmDialog
        open={confirming && Boolean(stage)}
        title={`Change the stage of ${projects(count)}?`}
        confirmLabel="Change stage"
        onConfirm={submit}
        onCancel={() => setConfirming(false)}
        pending={change.isPending}
      >
        <p>
          {`The ${projects(count)} selected will move to ${enumLabel('project_stage', stage)}, and each owner is notified.`}
          {stage === ARCHIVED_STAGE && ' Archived projects leave their owners’ working lists.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
