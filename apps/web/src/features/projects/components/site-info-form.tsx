import { FormProvider, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { Project } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { failureMessage } from '../../../lib/failure-message';
import { useProjectApi } from '../api/project-api';
import { useUpdateProject } from '../api/update-project';
import { PROJECT_TOASTS } from '../messages';
import { CompanyFields, PropertyFields, TaxCreditFields } from './project-fields';
import { projectToFormValues, sitePayload, type ProjectFormValues } from './project-form-values';
import { showServerFieldErrors } from './server-field-errors';
import { useFormDraft } from '../../../lib/use-form-draft';
import { projectDraftKey } from './project-drafts';

const SITE_FIELD_NAMES = [
  'company_name',
  'address_1',
  'address_2',
  'city',
  'state',
  'zip',
  'shade_interference',
  'shade_interference_details',
  'type_of_roof',
  'age_of_roof',
  'roof_description',
  'itc_energy_community',
  'itc_domestic_content',
  'tax_exempt',
  'itc_prevailing_wage',
  'construction_start_date',
  'expected_in_service_date',
] as const satisfies readonly (keyof ProjectFormValues)[];

/**
 * The Site Info tab: the form titled 'Site Information' (member-app.md 2). The saving spinner
 * stays at least 1.5 s; a failed save keeps the form as typed; success refetches the project
 * (the parent re-keys this form when the saved values changed, `projectFormKey`; when they came
 * back as they were, the form takes what was sent as saved). What is typed is kept as a draft of
 * this project until saved or discarded, across tab switches (issue 14 item 2).
 */
export function SiteInfoForm({ project }: { project: Project }) {
  const updateProject = useUpdateProject(project.id);
  const { draftPrefix } = useProjectApi();
  const form = useForm<ProjectFormValues>({ defaultValues: projectToFormValues(project) });
  const { handleSubmit, setError, reset } = form;
  const draft = useFormDraft(form, projectDraftKey(project.id, 'site-info', draftPrefix), SITE_FIELD_NAMES);

  const save = handleSubmit(async (values) => {
    try {
      draft.beforeSave();
      await updateProject.mutateAsync(sitePayload(values));
      reset(values, { keepValues: true });
      toast.success(PROJECT_TOASTS.siteSaved);
    } catch (error) {
      draft.afterFailedSave();
      showServerFieldErrors(error, setError, SITE_FIELD_NAMES);
      toast.error(failureMessage(PROJECT_TOASTS.siteSaveFailed, error));
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate aria-labelledby="site-information-title" className="space-y-6">
        <h2 id="site-information-title" className="text-lg font-semibold text-ink-900">
          Site Information
        </h2>
        <CompanyFields />
        <PropertyFields />
        <TaxCreditFields />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => reset()} disabled={!form.formState.isDirty || updateProject.isPending}>
            Discard changes
          </Button>
          <Button type="submit" pending={updateProject.isPending}>
            {updateProject.isPending ? 'Saving…' : 'Save Site Information'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
