import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Project, UsageImport } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { useProjectApi } from '../api/project-api';
import { useUpdateProject } from '../api/update-project';
import { PROJECT_TOASTS } from '../messages';
import { AnnualTotal, FormSection, MeterFields, PrimaryMeterFields } from './project-fields';
import { projectToFormValues, utilityPayload, type ProjectFormValues } from './project-form-values';
import { showServerFieldErrors } from './server-field-errors';
import { useFormDraft } from '../../../lib/use-form-draft';
import { projectDraftKey } from './project-drafts';
import { UsageImportDialog, type UsageTarget } from './usage-import-dialog';

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

/** What the form keeps as a draft: its fields and the meter readings. */
const UTILITY_DRAFT_FIELDS = [...UTILITY_FIELD_NAMES, 'meters'] as const;

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
  const draft = useFormDraft(form, projectDraftKey(project.id, 'utility-info', draftPrefix), UTILITY_DRAFT_FIELDS);

  const save = handleSubmit(async (values) => {
    try {
      draft.beforeSave();
      await updateProject.mutateAsync(utilityPayload(values));
      toast.success(PROJECT_TOASTS.utilitySaved);
    } catch (error) {
      draft.afterFailedSave();
      showServerFieldErrors(error, setError, UTILITY_FIELD_NAMES);
      // Meter readings are checked as a whole (12 numbers per meter): one message for the section.
      const meterMessage = error instanceof ApiError ? Object.entries(error.fields).find(([name]) => name.startsWith('kilowatt_amounts'))?.[1] : undefined;
      if (meterMessage) setError('root.meters', { type: 'server', message: meterMessage });
      toast.error(failureMessage(PROJECT_TOASTS.utilitySaveFailed, error));
    }
  });

  // The imported months go into the form for review (issue 16 item 5); Save sends them.
  const applyUsage = (usage: UsageImport, target: UsageTarget) => {
    const imported = usage.meters.map((months) => ({ months: months.map((value) => (value === null ? '' : String(value))) }));
    const current = getValues('meters');
    const next =
      target.kind === 'replace'
        ? current.map((meter, index) => (index === target.meterIndex ? imported[0]! : meter))
        : // The form's one blank meter is filled rather than kept empty above the import.
          [...current.filter((meter) => meter.months.some((value) => value !== '')), ...imported];
    setValue('meters', next, { shouldDirty: true });
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
              <UsageImportDialog projectId={project.id} meterCount={getValues('meters').length} open={importing} onClose={() => setImporting(false)} onApply={applyUsage} />
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
