import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NEW_PROJECT_PROGRESS, PROJECT_STAGES, type ProjectCreateInput } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { errorMessage } from '../../../lib/api-client';
import { delay } from '../../../lib/timing';
import type { ContactInput } from '../api/create-contact';
import { createContact } from '../api/create-contact';
import { useCreateProject } from '../api/create-project';
import { PROJECT_CREATION_FAILED, SUBMIT_STEPS } from '../messages';
import { ContactFields } from './contact-fields';
import { CompanyFields, FormSection, MeterFields, PrimaryMeterFields, PropertyFields } from './project-fields';
import { emptyContact, emptyProjectValues, isBlankContact, sitePayload, utilityPayload, type ProjectFormValues } from './project-form-values';
import { rememberProjectTab } from './project-tab-memory';

export interface NewProjectValues extends ProjectFormValues {
  contacts: ContactInput[];
}

const newProjectDefaults = (): NewProjectValues => ({ ...emptyProjectValues(), contacts: [emptyContact()] });

/** Steps 0 to 3 are filled in; step 4 is the submit in progress (member-app.md 2). */
const STEP_TITLES = ['Company & Account', 'Property', 'Utility', 'Contacts'] as const;
const SUBMIT_STEP = 4;
const LAST_FORM_STEP = STEP_TITLES.length - 1;

/**
 * member-app.md 4: the pauses of the submit (500 ms and 1000 ms), placed so that every status
 * text can be read: the utility data travels inside the project request, so its step and the
 * finalizing step are 500 ms pauses, and the success text stays up 1000 ms before the redirect.
 */
const STEP_PAUSE_MS = 500;
const REDIRECT_PAUSE_MS = 1000;

const [PROJECT_PERCENT, UTILITY_PERCENT, CONTACTS_PERCENT, FINALIZING_PERCENT] = NEW_PROJECT_PROGRESS;

interface Progress {
  label: string;
  percent: number;
}

/** One create call with the Site and Utility parts the detail forms save too (member-app.md 7). */
function toCreatePayload(values: NewProjectValues): ProjectCreateInput {
  return {
    project_stage: PROJECT_STAGES[0],
    ...sitePayload(values),
    ...utilityPayload(values),
    // A new project sends its meters only when the power bill was received; none otherwise.
    kilowatt_amounts: values.power_bill_received_status === 'Yes' ? values.meters.map((meter) => meter.months) : [],
  };
}

function StepList({ step }: { step: number }) {
  return (
    <ol aria-label="New project steps" className="grid grid-cols-4 gap-2">
      {STEP_TITLES.map((title, index) => {
        const state = step > index ? 'done' : step === index ? 'current' : 'upcoming';
        return (
          <li key={title} aria-current={state === 'current' ? 'step' : undefined} className="min-w-0">
            <span className={`block h-1.5 rounded-full ${state === 'upcoming' ? 'bg-ink-200' : 'bg-brand-600'}`} aria-hidden="true" />
            <span
              className={`mt-1.5 block truncate text-xs ${
                state === 'current' ? 'font-semibold text-brand-800' : state === 'done' ? 'text-ink-700' : 'text-ink-500'
              }`}
            >
              <span className="sm:hidden">{index + 1}</span>
              <span className="hidden sm:inline">{title}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function ContactsStep() {
  const { fields, append, remove } = useFieldArray<NewProjectValues, 'contacts'>({ name: 'contacts' });
  return (
    <div className="space-y-4">
      {fields.map((field, index) => (
        <fieldset key={field.id} className="rounded-xl border border-ink-200 p-4">
          <legend className="sr-only">Contact {index + 1}</legend>
          <div className="mb-3 flex items-center justify-between gap-2">
            <p aria-hidden="true" className="text-sm font-semibold text-ink-900">
              Contact {index + 1}
            </p>
            {/* At least one contact is always present (member-app.md 2). */}
            {fields.length > 1 && (
              <Button variant="ghost-danger" className="min-h-8 px-2 py-1" onClick={() => remove(index)} aria-label={`Remove Contact ${index + 1}`}>
                Remove
              </Button>
            )}
          </div>
          <ContactFields prefix={`contacts.${index}.`} />
        </fieldset>
      ))}
      <Button variant="secondary" onClick={() => append(emptyContact())}>
        Add Contact
      </Button>
    </div>
  );
}

function UtilityStep() {
  const powerBillReceived = useWatch<NewProjectValues, 'power_bill_received_status'>({ name: 'power_bill_received_status' });
  return (
    <div className="space-y-6">
      <FormSection title="Primary Meter">
        <PrimaryMeterFields />
      </FormSection>
      {/* member-app.md 2: the meter kWh section only when 'Power Bill Received?' is Yes. */}
      {powerBillReceived === 'Yes' && (
        <FormSection title="Meters (kWh Only)">
          <MeterFields />
        </FormSection>
      )}
    </div>
  );
}

/**
 * The New Project wizard (member-app.md 2 "New Project modal", 4 "New-project submit progress").
 * The form lives here, outside the dialog's panel, so closing with Escape or the close button
 * keeps what was typed; Cancel resets everything.
 */
export function NewProjectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const form = useForm<NewProjectValues>({ defaultValues: newProjectDefaults() });
  const [step, setStep] = useState(0);
  const [progress, setProgress] = useState<Progress | null>(null);
  const cancelled = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);

  // Moving between steps puts focus on the new step's heading, so it is read out.
  useEffect(() => {
    if (previousStep.current !== step && step < SUBMIT_STEP) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const submitting = step === SUBMIT_STEP;

  const resetWizard = () => {
    form.reset(newProjectDefaults());
    setStep(0);
    setProgress(null);
  };

  const cancel = () => {
    // A submit in progress stops before its next request; what was already saved stays.
    if (submitting) cancelled.current = true;
    resetWizard();
    onClose();
  };

  const finish = (projectId: number) => {
    resetWizard();
    onClose();
    navigate(`/projects/${projectId}`);
  };

  const submit = async (values: NewProjectValues) => {
    cancelled.current = false;
    setStep(SUBMIT_STEP);
    let projectId: number | null = null;
    try {
      setProgress({ label: SUBMIT_STEPS.project, percent: PROJECT_PERCENT });
      ({ projectId } = await createProject.mutateAsync(toCreatePayload(values)));
      if (cancelled.current) return;

      setProgress({ label: SUBMIT_STEPS.utility, percent: UTILITY_PERCENT });
      await delay(STEP_PAUSE_MS);
      if (cancelled.current) return;

      setProgress({ label: SUBMIT_STEPS.contacts, percent: CONTACTS_PERCENT });
      // A contact left completely blank is not sent (the wizard always shows one).
      const contacts = values.contacts.filter((contact) => !isBlankContact(contact));
      for (const [index, contact] of contacts.entries()) {
        const done = index + 1;
        setProgress({
          label: SUBMIT_STEPS.contact(done, contacts.length),
          percent: CONTACTS_PERCENT + ((100 - CONTACTS_PERCENT) * done) / contacts.length,
        });
        await createContact(projectId, contact);
        if (cancelled.current) return;
      }

      setProgress({ label: SUBMIT_STEPS.finalizing, percent: FINALIZING_PERCENT });
      await delay(STEP_PAUSE_MS);
      if (cancelled.current) return;
      setProgress({ label: SUBMIT_STEPS.done, percent: 100 });
      await delay(REDIRECT_PAUSE_MS);
      if (cancelled.current) return;
      finish(projectId);
    } catch (error) {
      if (cancelled.current) return;
      // member-app.md 8: alert with the error, progress cleared.
      window.alert(`${PROJECT_CREATION_FAILED}${errorMessage(error, error instanceof Error ? error.message : String(error))}`);
      setProgress(null);
      if (projectId !== null) {
        // The project exists but a contact did not make it: open the project on its contacts
        // tab rather than let a second submit create a duplicate project.
        rememberProjectTab(projectId, 'contacts');
        finish(projectId);
      } else {
        setStep(LAST_FORM_STEP);
      }
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (step < LAST_FORM_STEP) {
      setStep(step + 1);
      return;
    }
    void submit(form.getValues());
  };

  return (
    <Modal
      open={open}
      // Escape, a click outside or the close button keep the fields; nothing closes mid-submit
      // except Cancel.
      onClose={() => !submitting && onClose()}
      title="New Project"
      size="lg"
      hideCloseButton={submitting}
    >
      <FormProvider {...form}>
        <form onSubmit={onSubmit} noValidate aria-label="New Project">
          {submitting ? (
            <div className="py-6" aria-live="polite">
              <p className="mb-3 text-sm font-medium text-ink-800">{progress?.label ?? SUBMIT_STEPS.project}</p>
              <ProgressBar label="Project submission progress" value={progress?.percent ?? 0} />
            </div>
          ) : (
            <>
              <StepList step={step} />
              <h3 ref={headingRef} tabIndex={-1} className="mt-5 mb-4 text-base font-semibold text-ink-900 focus:outline-none">
                Step {step + 1} of {STEP_TITLES.length}: {STEP_TITLES[step]}
              </h3>
              {step === 0 && <CompanyFields />}
              {step === 1 && <PropertyFields />}
              {step === 2 && <UtilityStep />}
              {step === 3 && <ContactsStep />}
            </>
          )}

          <div className="mt-6 flex flex-col-reverse gap-3 border-t border-ink-200 pt-4 sm:flex-row sm:items-center">
            {/* Cancel is always available and resets every field (member-app.md 2). */}
            <Button variant="secondary" onClick={cancel}>
              Cancel
            </Button>
            <div className="flex flex-col-reverse gap-3 sm:ml-auto sm:flex-row">
              {step > 0 && !submitting && (
                <Button variant="secondary" onClick={() => setStep(step - 1)}>
                  Previous
                </Button>
              )}
              {step < LAST_FORM_STEP && <Button type="submit">Next</Button>}
              {step === LAST_FORM_STEP && <Button type="submit">Submit</Button>}
            </div>
          </div>
        </form>
      </FormProvider>
    </Modal>
  );
}
