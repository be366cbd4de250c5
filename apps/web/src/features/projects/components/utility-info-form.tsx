import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Project, UsageImport } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { useProjectApi } from '../api/project-api';
import { useUpdateProject } from '../api/update-project';
import { PROJECT_TOASTS } from '../messages';
import { usePublishEstimateDraft, type EstimateDraft } from './estimate/estimate-draft';
import { AnnualTotal, MeterFields } from './meter-fields';
import { FormSection, PrimaryMeterFields } from './project-fields';
import { meterInput, projectToFormValues, utilityPayload, type MeterValues, type ProjectFormValues } from './project-form-values';
import { showServerFieldErrors } from './server-field-errors';
import { useFormDraft } from '../../../lib/use-form-draft';
import { projectDraftKey } from './project-drafts';
import { UsageImportDialog } from './usage-import-dialog';
import { applyUsageImport, type UsageTarget } from './usage-import-plan';

const UTILITY_FIELD_NAMES = [
  'utility_company',
  'utility_account_holder',
  'utility_account_number',
  'main_panel_amperage',
  'main_meter_number',
  'power_bill_received_status',
  'average_monthly_power_bill_cost',
  'additional_utility_notes',
] as const satisfies readonly (keyof ProjectFormValues)[];

/** What the form keeps as a draft: its fields and the meters. */
const UTILITY_DRAFT_FIELDS = [...UTILITY_FIELD_NAMES, 'meter_rows'] as const;

const kwhNumber = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** The estimate's view of unsaved meters and bill (issue 35 item 5: it recomputes as the partner types). */
function estimateDraft(meters: MeterValues[], bill: string): EstimateDraft {
  return { kilowatt_amounts: meters.map((meter) => meter.kwh.map(kwhNumber)), meters: meters.map(meterInput), average_monthly_power_bill_cost: bill };
}

/**
 * The Utility Info tab: 'Utility Information' with the sections Primary Meter, Meters (kWh
 * Only) and Total Annual Kilowatts; the last two only while Power Bill Received is Yes
 * (member-app.md 2). Saving and the draft work as on the Site Info tab.
 */
export function UtilityInfoForm({ project }: { project: Project }) {
  const updateProject = useUpdateProject(project.id);
  const { draftPrefix } = useProjectApi();
  const form = useForm<ProjectFormValues>({ defaultValues: projectToFormValues(project) });
  const { handleSubmit, setError, reset, control, getValues, setValue } = form;
  const [importing, setImporting] = useState(false);
  const powerBillReceived = useWatch({ control, name: 'power_bill_received_status' });
  const meterRows = useWatch({ control, name: 'meter_rows' });
  const bill = useWatch({ control, name: 'average_monthly_power_bill_cost' });
  const draft = useFormDraft(form, projectDraftKey(project.id, 'utility-info', draftPrefix), UTILITY_DRAFT_FIELDS);
  const { isDirty } = form.formState;
  const published = useMemo(() => (isDirty ? estimateDraft(meterRows, bill) : null), [isDirty, meterRows, bill]);
  usePublishEstimateDraft(published);

  const save = handleSubmit(async (values) => {
    try {
      draft.beforeSave();
      await updateProject.mutateAsync(utilityPayload(values));
      toast.success(PROJECT_TOASTS.utilitySaved);
    } catch (error) {
      draft.afterFailedSave();
      showServerFieldErrors(error, setError, UTILITY_FIELD_NAMES);
      // Meter readings are checked as a whole (12 numbers per meter): one message for the section.
      const meterMessage =
        error instanceof ApiError ? Object.entries(error.fields).find(([name]) => name.startsWith('kilowatt_amounts') || name.startsWith('meters'))?.[1] : undefined;
      if (meterMessage) setError('root.meters', { type: 'server', message: meterMessage });
      toast.error(failureMessage(PROJECT_TOASTS.utilitySaveFailed, error));
    }
  });

  // The imported months go into the form for review (issue 16 item 5); Save sends them.
  const applyUsage = (usage: UsageImport, targets: (UsageTarget | null)[]) => {
    setValue('meter_rows', applyUsageImport(getValues('meter_rows'), usage, targets), { shouldDirty: true });
    toast.success(PROJECT_TOASTS.usageImported);
  };

  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate aria-labelledby="utility-information-title" className="space-y-8">
        <h2 id="utility-information-title" className="text-lg font-semibold text-ink-900">
          Utility Information
        </h2>
        <FormSection title="Primary Meter">
          <PrimaryMeterFields />
        </FormSection>
        {powerBillReceived === 'Yes' && (
          <>
            <FormSection title="Meters (kWh Only)">
              <div className="mb-4 flex flex-wrap items-center gap-3">
                <Button variant="secondary" onClick={() => setImporting(true)}>
                  Import usage
                </Button>
                <p className="text-sm text-ink-600">From the utility’s Green Button file (XML or CSV).</p>
              </div>
              <MeterFields />
              <UsageImportDialog projectId={project.id} meters={getValues('meter_rows')} open={importing} onClose={() => setImporting(false)} onApply={applyUsage} />
            </FormSection>
            <FormSection title="Total Annual Kilowatts">
              <AnnualTotal />
            </FormSection>
          </>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => reset()} disabled={!form.formState.isDirty || updateProject.isPending}>
            Discard changes
          </Button>
          <Button type="submit" pending={updateProject.isPending}>
            {updateProject.isPending ? 'Saving…' : 'Save Utility Information'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
