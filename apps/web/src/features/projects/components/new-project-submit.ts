import { NEW_PROJECT_PROGRESS, PROJECT_STAGES, type ProjectCreateInput } from '@sunin/contract';
import { delay } from '../../../lib/timing';
import { createContact, type ContactInput } from '../api/create-contact';
import { SUBMIT_STEPS } from '../messages';
import { isBlankContact, metersPayload, sitePayload, utilityPayload, type ProjectFormValues } from './project-form-values';

export interface NewProjectValues extends ProjectFormValues {
  contacts: ContactInput[];
}

/**
 * member-app.md 4: the pauses of the submit (500 ms and 1000 ms), placed so that every status
 * text can be read: the utility data travels inside the project request, so its step and the
 * finalizing step are 500 ms pauses, and the success text stays up 1000 ms before the redirect.
 */
const STEP_PAUSE_MS = 500;
const REDIRECT_PAUSE_MS = 1000;
/**
 * Each contact's 'Uploading contacts i/n...' stays up at least this long (issue 34 item 7): a
 * contact request answers in a few milliseconds, so the text was replaced before it was painted.
 */
export const CONTACT_STEP_MIN_MS = 400;

const [PROJECT_PERCENT, UTILITY_PERCENT, CONTACTS_PERCENT, FINALIZING_PERCENT] = NEW_PROJECT_PROGRESS;

/** The steps of the submit, in order, as the progress checklist shows them. */
export const SUBMIT_PHASES = [
  { key: 'project', label: SUBMIT_STEPS.project },
  { key: 'utility', label: SUBMIT_STEPS.utility },
  { key: 'contacts', label: SUBMIT_STEPS.contacts },
  { key: 'finalizing', label: SUBMIT_STEPS.finalizing },
] as const;

export type SubmitPhase = (typeof SUBMIT_PHASES)[number]['key'] | 'done';

export interface SubmitProgress {
  phase: SubmitPhase;
  /** The contact being sent ('Uploading contacts 1/2...'), under the contacts step. */
  detail?: string;
  percent: number;
}

/** What has reached the server so far: whether the project exists, and how many contacts. */
export interface SubmitReport {
  projectId: number | null;
  contactsSent: number;
  contactsTotal: number;
}

/** One create call with the Site and Utility parts the detail forms save too (member-app.md 7). */
function toCreatePayload(values: NewProjectValues): ProjectCreateInput {
  // The spec's create payload (member-app.md 7): the wizard has no tax-credit inputs, which the
  // server defaults (false, no dates) and Site Info edits later (issue 16, issue 35 item 6).
  const {
    itc_energy_community: _community,
    itc_domestic_content: _content,
    tax_exempt_owner: _exempt,
    itc_prevailing_wage: _wage,
    construction_start_date: _start,
    expected_in_service_date: _inService,
    ...site
  } = sitePayload(values);
  return {
    project_stage: PROJECT_STAGES[0],
    ...site,
    ...utilityPayload(values),
    // A new project sends its meters only when the power bill was received; none otherwise.
    ...(values.power_bill_received_status === 'Yes' ? metersPayload(values) : { kilowatt_amounts: [], meters: [] }),
  };
}

interface SubmitOptions {
  createProject: (project: ProjectCreateInput) => Promise<{ projectId: number }>;
  onProgress: (progress: SubmitProgress) => void;
  /** Cancel: nothing more is sent and the pauses end; `report` says what already arrived. */
  signal: AbortSignal;
  report: SubmitReport;
  /** The partner chose "Create anyway" after a possible duplicate (issue 37 item 6). */
  allowDuplicate?: boolean;
}

/**
 * The New Project submit (member-app.md 4 "New-project submit progress"): the project, then one
 * request per contact, with the progress of each step. A request already on its way is not
 * aborted, because only its answer tells whether the project (or contact) exists; Cancel stops
 * everything after it (issue 14 item 4). Rejects with the signal's reason once cancelled.
 */
export async function submitNewProject(values: NewProjectValues, { createProject, onProgress, signal, report, allowDuplicate = false }: SubmitOptions): Promise<number> {
  // A contact left completely blank is not sent (the wizard always shows one).
  const contacts = values.contacts.filter((contact) => !isBlankContact(contact));
  report.contactsTotal = contacts.length;

  onProgress({ phase: 'project', percent: PROJECT_PERCENT });
  const { projectId } = await createProject({ ...toCreatePayload(values), ...(allowDuplicate ? { allow_duplicate: true } : {}) });
  report.projectId = projectId;
  signal.throwIfAborted();

  onProgress({ phase: 'utility', percent: UTILITY_PERCENT });
  await delay(STEP_PAUSE_MS, signal);

  // 'Uploading contacts...' stays the step's title while its contacts are sent; the bar starts
  // at 60 % with the first contact and rises by one share per contact sent (issue 14 item 5:
  // the 60 % step used to be replaced before it was ever painted).
  const contactsPercent = (sent: number) => CONTACTS_PERCENT + ((100 - CONTACTS_PERCENT) * sent) / Math.max(1, contacts.length);
  onProgress({ phase: 'contacts', percent: CONTACTS_PERCENT });
  for (const [index, contact] of contacts.entries()) {
    onProgress({ phase: 'contacts', detail: SUBMIT_STEPS.contact(index + 1, contacts.length), percent: contactsPercent(index) });
    const shownUntil = Date.now() + CONTACT_STEP_MIN_MS;
    await createContact(projectId, contact);
    report.contactsSent = index + 1;
    signal.throwIfAborted();
    await delay(Math.max(0, shownUntil - Date.now()), signal);
  }

  onProgress({ phase: 'finalizing', percent: FINALIZING_PERCENT });
  await delay(STEP_PAUSE_MS, signal);
  onProgress({ phase: 'done', percent: 100 });
  await delay(REDIRECT_PAUSE_MS, signal);
  return projectId;
}
