import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCreateProject } from '../api/create-project';
import { PROJECT_CREATION_FAILED } from '../messages';
import { ContactFields } from './contact-fields';
import { submitNewProject, type NewProjectValues, type SubmitProgress, type SubmitReport } from './new-project-submit';
import { MeterFields } from './meter-fields';
import { CompanyFields, FormSection, PrimaryMeterFields, PropertyFields } from './project-fields';
import { emptyContact, emptyProjectValues } from './project-form-values';
import { rememberProjectTab } from './project-tab-memory';
import { SubmitCancelledNotice, SubmitProgressView } from './submit-progress';

export type { NewProjectValues } from './new-project-submit';

const newProjectDefaults = (): NewProjectValues => ({ ...emptyProjectValues(), contacts: [emptyContact()] });

/** Steps 0 to 3 are filled in; step 4 is the submit in progress (member-app.md 2). */
const STEP_TITLES = ['Company & Account', 'Property', 'Utility', 'Contacts'] as const;
const SUBMIT_STEP = 4;
const LAST_FORM_STEP = STEP_TITLES.length - 1;

/** A submit the member cancelled after the project had been created: what reached the server. */
interface CancelledSubmit {
  companyName: string;
  report: SubmitReport;
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
        <fieldset key={field.id} className="min-w-0 rounded-xl border border-ink-200 p-4">
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
 * A create refused as a possible duplicate: the project already at the site and the server's
 * question. It answers for the values sent, so any change to the form withdraws it.
 */
interface PossibleDuplicate {
  existing: NonNullable<ApiError['duplicate']>;
  message: string;
}

/**
 * "You already have Pacific Fastener Supply at 4100 Industrial Pkwy. Create it anyway?" (issue 37
 * item 6): create it anyway, or open the project the partner already has.
 */
function DuplicateWarning({ duplicate, onCreateAnyway, onOpen }: { duplicate: PossibleDuplicate; onCreateAnyway: () => void; onOpen: () => void }) {
  const name = duplicate.existing.company_name || 'Untitled project';
  return (
    <div role="alert" className="mt-5 rounded-xl border border-late-200 bg-late-50 p-4 text-sm text-ink-900">
      <p className="font-semibold">Possible duplicate</p>
      <p className="mt-1">{duplicate.message}</p>
      <p className="mt-1 text-ink-700">
        It is at {duplicate.existing.project_stage}.
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <Button onClick={onCreateAnyway}>Create anyway</Button>
        <Button variant="secondary" onClick={onOpen}>
          Open {name}
        </Button>
      </div>
    </div>
  );
}

/**
 * The New Project wizard (member-app.md 2 "New Project modal", 4 "New-project submit progress").
 * The form lives here, outside the dialog's panel, so closing with Escape or the close button
 * keeps what was typed; Cancel resets everything. Cancel during the submit stops what has not
 * been sent; a project that already exists is then named with a link (issue 14 item 4).
 */
export function NewProjectModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const createProject = useCreateProject();
  const form = useForm<NewProjectValues>({ defaultValues: newProjectDefaults() });
  const [step, setStep] = useState(0);
  const [progress, setProgress] = useState<SubmitProgress | null>(null);
  const [stopping, setStopping] = useState(false);
  const [cancelled, setCancelled] = useState<CancelledSubmit | null>(null);
  const [duplicate, setDuplicate] = useState<PossibleDuplicate | null>(null);
  const submission = useRef<AbortController | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef(step);

  // The warning answers for what was sent: once the partner edits anything (the address, say), it
  // goes, and the next Submit checks the site again rather than create the old values anyway.
  const { subscribe } = form;
  useEffect(() => {
    if (!duplicate) return;
    return subscribe({ formState: { values: true }, callback: () => setDuplicate(null) });
  }, [duplicate, subscribe]);

  // Moving between steps puts focus on the new step's heading, so it is read out.
  useEffect(() => {
    if (previousStep.current !== step && step < SUBMIT_STEP) headingRef.current?.focus();
    previousStep.current = step;
  }, [step]);

  const submitting = step === SUBMIT_STEP && cancelled === null;

  const resetWizard = () => {
    form.reset(newProjectDefaults());
    setStep(0);
    setProgress(null);
    setStopping(false);
    setCancelled(null);
    setDuplicate(null);
  };

  const close = () => {
    resetWizard();
    onClose();
  };

  const cancel = () => {
    if (!submitting) {
      close();
      return;
    }
    // Nothing more is sent; the fields reset now (member-app.md 2), the modal stays until the
    // request on its way has answered and says whether the project exists.
    submission.current?.abort();
    form.reset(newProjectDefaults());
    setStopping(true);
  };

  const finish = (projectId: number) => {
    close();
    navigate(`/projects/${projectId}`);
  };

  const submit = async (values: NewProjectValues, allowDuplicate = false) => {
    const controller = new AbortController();
    submission.current = controller;
    const report: SubmitReport = { projectId: null, contactsSent: 0, contactsTotal: 0 };
    setDuplicate(null);
    setStep(SUBMIT_STEP);
    try {
      finish(await submitNewProject(values, { createProject: createProject.mutateAsync, onProgress: setProgress, signal: controller.signal, report, allowDuplicate }));
    } catch (error) {
      if (controller.signal.aborted) {
        if (report.projectId === null) close();
        else setCancelled({ companyName: values.company_name.trim() || 'Untitled project', report });
        return;
      }
      // The partner already has a project at this site (issue 37 item 6): ask, rather than fail.
      if (error instanceof ApiError && error.code === 'possible_duplicate' && error.duplicate) {
        setProgress(null);
        setDuplicate({ existing: error.duplicate, message: error.message });
        setStep(LAST_FORM_STEP);
        return;
      }
      // member-app.md 8: alert with the error, progress cleared.
      window.alert(`${PROJECT_CREATION_FAILED}${errorMessage(error, error instanceof Error ? error.message : String(error))}`);
      setProgress(null);
      if (report.projectId !== null) {
        // The project exists but a contact did not make it: open the project on its contacts
        // tab rather than let a second submit create a duplicate project.
        rememberProjectTab(report.projectId, 'contacts');
        finish(report.projectId);
      } else {
        setStep(LAST_FORM_STEP);
      }
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (step >= SUBMIT_STEP) return;
    if (step < LAST_FORM_STEP) {
      setStep(step + 1);
      return;
    }
    // A copy: Cancel resets the form while the submit still reads what was typed.
    void submit(structuredClone(form.getValues()));
  };

  const body = cancelled ? (
    <SubmitCancelledNotice
      companyName={cancelled.companyName}
      report={cancelled.report}
      onOpen={() => {
        if (cancelled.report.contactsSent < cancelled.report.contactsTotal && cancelled.report.projectId !== null) {
          rememberProjectTab(cancelled.report.projectId, 'contacts');
        }
        close();
      }}
      onClose={close}
    />
  ) : (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="New Project">
        {submitting ? (
          <SubmitProgressView progress={progress ?? { phase: 'project', percent: 0 }} stopping={stopping} />
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
            {duplicate && (
              <DuplicateWarning
                duplicate={duplicate}
                onCreateAnyway={() => void submit(structuredClone(form.getValues()), true)}
                onOpen={() => finish(duplicate.existing.id)}
              />
            )}
          </>
        )}

        <div className="mt-6 flex flex-col-reverse gap-3 border-t border-ink-200 pt-4 sm:flex-row sm:items-center">
          {/* Cancel is always available and resets every field (member-app.md 2). */}
          <Button variant="secondary" onClick={cancel} pending={stopping}>
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
  );

  return (
    <Modal
      open={open}
      // Escape, a click outside or the close button keep the fields; nothing closes mid-submit
      // except Cancel. The cancelled notice closes like any message.
      onClose={() => {
        if (cancelled) close();
        else if (!submitting) onClose();
      }}
      title="New Project"
      size="lg"
      hideCloseButton={submitting || cancelled !== null}
    >
      {body}
    </Modal>
  );
}
