import { FREE_ESTIMATE_TITLE, LEAD_MESSAGES, type PublicLeadInput } from '@sunin/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage, GENERIC_ERROR_MESSAGE } from '../../../lib/api-client';
import { createPublicLead, getLeadForm, uploadLeadUsageFile } from '../api/public-leads';
import { HoneypotField } from './honeypot-field';
import { EMPTY_SITE, LeadTextField, SiteFields, type FieldErrors, type SiteValues } from './site-fields';

export const FREE_ESTIMATE_TEXTS = {
  checkFields: 'Please check the fields marked below.',
  fileHint: 'A Green Button file (XML, CSV or ZIP) from “Download My Data” on your utility’s website gives us your real usage.',
  thanks: (name: string) => `Thank you, ${name}!`,
  willEmail: (company: string, email: string) =>
    `We have your request for ${company}. We will email you at ${email} with your free solar savings estimate; a confirmation is on its way now.`,
  fileAdded: 'Your usage file is attached to your request.',
  fileFailed: (reason: string) => `Your request is in, but the usage file could not be attached: ${reason} You can send it when we email you.`,
} as const;

interface OwnerValues extends SiteValues {
  contact_name: string;
  email: string;
  phone: string;
  utility_company: string;
  /** As typed; sent as dollars. */
  average_monthly_bill: string;
}
const EMPTY_FORM: OwnerValues = { ...EMPTY_SITE, contact_name: '', email: '', phone: '', utility_company: '', average_monthly_bill: '' };
/** The order of the fields on the page: the first one with a problem gets the focus. */
const FIELD_ORDER = ['company_name', 'address_1', 'city', 'state', 'zip', 'contact_name', 'email', 'phone', 'utility_company', 'average_monthly_bill', 'file'] as const;

/** "$1,250.50" or "1250.5" as dollars; an empty field as missing (the contract says so). */
const dollars = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.replace(/[$,\s]/g, '')));

type Sent = { name: string; company: string; email: string; file: 'none' | 'added' | { failed: string } };

/** Where the form stands after a failed send: the top message (429, form_refused, anything else) and the fields' own. */
function failureOf(error: unknown): { top: string; fields: FieldErrors } {
  if (error instanceof ApiError && error.status === 429) return { top: error.message || LEAD_MESSAGES.tooManyForms, fields: {} };
  if (error instanceof ApiError && Object.keys(error.fields).length > 0 && error.code !== 'form_refused') return { top: FREE_ESTIMATE_TEXTS.checkFields, fields: error.fields };
  return { top: errorMessage(error, GENERIC_ERROR_MESSAGE), fields: {} };
}

/**
 * The business owner's form (issue 39 item 2). The form's token is fetched on mount (the server
 * checks the time between showing and sending); the lead is sent, then the optional usage file
 * with the upload token the answer carries. The contract's checks run first, loaded on the first
 * send (zod stays out of the page's first load).
 */
/** The form's signed token, and the moment the server will accept the form with it. */
interface FormToken {
  value: string;
  readyAt: number;
}

export function FreeEstimateForm() {
  const [values, setValues] = useState<OwnerValues>(EMPTY_FORM);
  const [file, setFile] = useState<File | null>(null);
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [top, setTop] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  const token = useRef<Promise<FormToken> | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLHeadingElement>(null);

  const fetchToken = () => {
    // The server refuses a form sent back within min_seconds of its token: remember when it may go.
    const pending = getLeadForm().then((answer) => ({ value: answer.form_token, readyAt: Date.now() + answer.min_seconds * 1000 + 250 }));
    // A failed fetch is retried on send; never an unhandled rejection meanwhile.
    pending.catch(() => undefined);
    token.current = pending;
    return pending;
  };
  useEffect(() => {
    fetchToken();
  }, []);
  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  const set = (name: keyof OwnerValues, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const bound = { values, errors, onChange: set };
  const focusFirstProblem = (problems: FieldErrors) => {
    const first = FIELD_ORDER.find((name) => problems[name]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setTop(null);
    const lead = { ...values, average_monthly_bill: dollars(values.average_monthly_bill) };
    setSending(true);
    try {
      const { checkPublicLead } = await import('./lead-form-check');
      const problems = checkPublicLead(lead);
      if (Object.keys(problems).length > 0) {
        setErrors(problems);
        setTop(FREE_ESTIMATE_TEXTS.checkFields);
        focusFirstProblem(problems);
        return;
      }
      const formToken = await (token.current ?? fetchToken()).catch(() => fetchToken());
      // A token fetched just now (the first fetch failed on a poor signal) waits out its minimum.
      const wait = formToken.readyAt - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // Checked above: the bill is a number now.
      const created = await createPublicLead({ lead: lead as PublicLeadInput, form_token: formToken.value, website_url: honeypot });
      let fileState: Sent['file'] = 'none';
      if (file) {
        try {
          await uploadLeadUsageFile(created.upload_token, file);
          fileState = 'added';
        } catch (error) {
          fileState = { failed: errorMessage(error, GENERIC_ERROR_MESSAGE) };
        }
      }
      setSent({ name: values.contact_name.trim(), company: values.company_name.trim(), email: values.email.trim(), file: fileState });
    } catch (error) {
      const failure = failureOf(error);
      setTop(failure.top);
      setErrors(failure.fields);
      focusFirstProblem(failure.fields);
      // A refused token (expired, or the form sent too soon) is replaced, so the next send can pass.
      if (error instanceof ApiError && error.code === 'form_refused') fetchToken();
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div role="status" className="space-y-3 rounded-2xl border border-brand-200 bg-brand-50 p-6 text-brand-900">
        <h2 ref={thanks} tabIndex={-1} className="text-xl font-bold">
          {FREE_ESTIMATE_TEXTS.thanks(sent.name)}
        </h2>
        <p>{FREE_ESTIMATE_TEXTS.willEmail(sent.company, sent.email)}</p>
        {sent.file === 'added' && <p>{FREE_ESTIMATE_TEXTS.fileAdded}</p>}
        {typeof sent.file === 'object' && <p>{FREE_ESTIMATE_TEXTS.fileFailed(sent.file.failed)}</p>}
      </div>
    );
  }

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate aria-label={FREE_ESTIMATE_TITLE} className="relative space-y-6">
      {top && <Alert tone="error">{top}</Alert>}
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-ink-900">Your business and its site</legend>
        <SiteFields values={values} errors={errors} onChange={set} />
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-ink-900">How we reach you</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <LeadTextField {...bound} className="sm:col-span-2" name="contact_name" label="Contact name" autoComplete="name" maxLength={200} />
          <LeadTextField {...bound} name="email" label="Email" type="email" autoComplete="email" maxLength={254} />
          <LeadTextField {...bound} name="phone" label="Phone" type="tel" autoComplete="tel" maxLength={40} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-lg font-semibold text-ink-900">Your power bill</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <LeadTextField {...bound} name="utility_company" label="Utility company" maxLength={200} />
          <LeadTextField {...bound} name="average_monthly_bill" label="Average monthly bill ($)" inputMode="decimal" placeholder="1,250" maxLength={20} />
        </div>
        <TextField
          label="Green Button usage file"
          name="file"
          type="file"
          optional
          accept=".xml,.csv,.zip,application/xml,text/xml,text/csv,application/zip"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          hint={FREE_ESTIMATE_TEXTS.fileHint}
          error={errors.file}
        />
      </fieldset>
      <HoneypotField value={honeypot} onChange={setHoneypot} />
      <Button type="submit" pending={sending} className="w-full sm:w-auto">
        {sending ? 'Sending…' : 'Get my free estimate'}
      </Button>
    </form>
  );
}
