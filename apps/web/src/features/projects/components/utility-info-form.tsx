import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Project, UsageImport } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/failure-message';
import { useProjectApi } from '../api/project-api';
import { useUpdateProject } from '../api/update-project';
import { PROJECT_TOASTS } from '../messages';
import { usePublishEstimateDraft, type EstimateDraft } from './estimate/estimate-draft';
import { AnnualTotal, MeterFields } from './meter-fields';
import { FormSection, PrimaryMeterFields } from './project-fields';
import { meterInput, projectToFormValues, projectWithUtilityValues, utilityPayload, type MeterValues, type ProjectFormValues } from './project-form-values';
import { showServerFieldErrors } from './server-field-errors';
import { useFormDraft } from '../../../lib/use-form-draft';
import { projectDraftKey } from './project-drafts';
import { UsageImportDialog } from './usage-import-dialog';
import { applyUsageImport, type UsageTarget } from './usage-import-plan';
import { isOnline } from '../../../lib/network-status';
import type { UtilityItem } from '../../../lib/offline-queue/queue-db';
import { QueueStorageFullError, QueueUnavailableError } from '../../../lib/offline-queue/queue-errors';
import { enqueue, removeQueueItem, useQueuedItems } from '../../../lib/offline-queue/site-visit-queue';
import { BillScanButton, QueuedUtilityItems } from '../site-visit/bill-scan-button';
import { BillScanPanel } from '../site-visit/bill-scan-panel';
import { setScanImage, useScanImage } from '../site-visit/scan-image-store';
import { emptyMeter } from './project-form-values';

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

const UTILITY_QUEUED = 'Saved on this device. The utility information uploads when you are back online.';
const UTILITY_QUEUED_BEHIND = 'Saved on this device. The utility information uploads after what is waiting before it.';

const kwhNumber = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/** The estimate's view of unsaved meters and bill (issue 35 item 5: it recomputes as the partner types). */
function estimateDraft(meters: MeterValues[], bill: string): EstimateDraft {
  return { kilowatt_amounts: meters.map((meter) => meter.kwh.map(kwhNumber)), meters: meters.map(meterInput), average_monthly_power_bill_cost: bill };
}

/**
 * The Utility Info tab: 'Utility Information' with the sections Primary Meter, Meters (kWh
 * Only) and Total Annual Kilowatts; the last two only while Power Bill Received is Yes
 * (member-app.md 2). Saving and the draft work as on the Site Info tab.
 *
 * In the member area a save goes through the site visit queue (issue 41) when offline and also
 * whenever the project has items waiting, so that it cannot overtake an older queued save. Values
 * waiting on the device are what the form shows; values the server refused come back into the
 * form as a draft with the server's messages.
 */
export function UtilityInfoForm({ project }: { project: Project }) {
  const { basePath } = useProjectApi();
  const offlineCapable = basePath === '/projects';
  const queued = useQueuedItems(project.id);
  const utilityItems = offlineCapable ? queued.filter((item): item is UtilityItem => item.type === 'utility') : [];
  const waiting = utilityItems.filter((item) => item.state !== 'failed').at(-1);
  const refused = utilityItems.find((item) => item.state === 'failed');
  // New waiting values re-seed the form; once they are sent the form keeps showing them until
  // the refetched project (new saved values, ProjectTabs' key) re-seeds it.
  const [formKey, setFormKey] = useState(waiting?.id ?? 'saved');
  if (waiting && waiting.id !== formKey) setFormKey(waiting.id);
  return (
    <UtilityInfoFields
      key={formKey}
      project={project}
      offlineCapable={offlineCapable}
      hasQueuedItems={offlineCapable && queued.length > 0}
      waiting={waiting}
      refused={refused}
    />
  );
}

interface UtilityInfoFieldsProps {
  project: Project;
  offlineCapable: boolean;
  hasQueuedItems: boolean;
  waiting: UtilityItem | undefined;
  refused: UtilityItem | undefined;
}

function UtilityInfoFields({ project, offlineCapable, hasQueuedItems, waiting, refused }: UtilityInfoFieldsProps) {
  const updateProject = useUpdateProject(project.id);
  const { draftPrefix } = useProjectApi();
  const scanUrl = useScanImage(project.id);
  const form = useForm<ProjectFormValues>({ defaultValues: waiting ? projectWithUtilityValues(project, waiting.project) : projectToFormValues(project) });
  const { handleSubmit, setError, reset, control, getValues, setValue } = form;
  const [importing, setImporting] = useState(false);
  const powerBillReceived = useWatch({ control, name: 'power_bill_received_status' });
  const meterRows = useWatch({ control, name: 'meter_rows' });
  const bill = useWatch({ control, name: 'average_monthly_power_bill_cost' });
  const draft = useFormDraft(form, projectDraftKey(project.id, 'utility-info', draftPrefix), UTILITY_DRAFT_FIELDS);
  const { isDirty } = form.formState;
  const refusal = form.formState.errors.root?.queued?.message;
  const published = useMemo(() => (isDirty ? estimateDraft(meterRows, bill) : null), [isDirty, meterRows, bill]);
  usePublishEstimateDraft(published);

  const showRefusal = (error: unknown) => {
    showServerFieldErrors(error, setError, UTILITY_FIELD_NAMES);
    // Meter readings are checked as a whole (12 numbers per meter): one message for the section.
    const meterMessage =
      error instanceof ApiError ? Object.entries(error.fields).find(([name]) => name.startsWith('kilowatt_amounts') || name.startsWith('meters'))?.[1] : undefined;
    if (meterMessage) setError('root.meters', { type: 'server', message: meterMessage });
  };

  // Values the server refused leave the queue and come back as the form's draft, with its messages.
  const refusedId = refused?.id;
  useEffect(() => {
    if (!refused) return;
    reset(projectWithUtilityValues(project, refused.project), { keepDefaultValues: true });
    draft.afterFailedSave();
    const error = new ApiError(422, 'validation_failed', refused.error?.message ?? PROJECT_TOASTS.utilitySaveFailed, refused.error?.fields ?? {});
    showRefusal(error);
    setError('root.queued', { type: 'server', message: error.message });
    void removeQueueItem(refused.id);
    // Once per refused item.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusedId]);

  /** Keeps the values on the device for the queue; the form shows them as saved. */
  const queueSave = async (values: ProjectFormValues) => {
    try {
      await enqueue({ type: 'utility', projectId: project.id, project: utilityPayload(values) });
    } catch (error) {
      // The values stay in the form (and its draft); the message says why they were not kept.
      draft.afterFailedSave();
      if (error instanceof ApiError) showRefusal(error);
      toast.error(error instanceof QueueStorageFullError || error instanceof QueueUnavailableError || error instanceof ApiError ? error.message : PROJECT_TOASTS.utilitySaveFailed);
      return;
    }
    reset(values);
    toast.success(isOnline() ? UTILITY_QUEUED_BEHIND : UTILITY_QUEUED);
  };

  const save = handleSubmit(async (values) => {
    if (offlineCapable && (!isOnline() || hasQueuedItems)) return queueSave(values);
    try {
      draft.beforeSave();
      await updateProject.mutateAsync(utilityPayload(values));
      // Re-keyed if the saved values changed; otherwise what was sent is now what is saved.
      reset(values, { keepValues: true });
      form.clearErrors('root.queued');
      toast.success(PROJECT_TOASTS.utilitySaved);
    } catch (error) {
      draft.afterFailedSave();
      if (offlineCapable && error instanceof ApiError && error.code === 'network_error') return queueSave(values);
      showRefusal(error);
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
        {offlineCapable && (
          <div className="space-y-3">
            <BillScanButton
              projectId={project.id}
              onScanned={(url) => {
                // The partner has the bill: its months go under Meters, which need Power Bill Received.
                if (getValues('power_bill_received_status') !== 'Yes') setValue('power_bill_received_status', 'Yes', { shouldDirty: true });
                if (getValues('meter_rows').length === 0) setValue('meter_rows', [emptyMeter(0)], { shouldDirty: true });
                setScanImage(project.id, url);
              }}
            />
            <QueuedUtilityItems projectId={project.id} />
          </div>
        )}
        {refusal && (
          <Alert tone="error">
            The utility information saved on this device could not be uploaded: {refusal} Your values are back in the form: correct them and save again.
          </Alert>
        )}
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
              {scanUrl ? (
                <BillScanPanel
                  imageUrl={scanUrl}
                  onClose={() => setScanImage(project.id, null)}
                />
              ) : (
                <MeterFields />
              )}
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
