import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  stateName,
  taxFormBodySchema,
  TIN_TYPE_LABELS,
  tinProblem,
  TIN_TYPES,
  US_STATE_CODES,
  W9_CERTIFICATION_TEXT,
  type TaxForm,
  type TinType,
  type UsStateCode,
} from '@sunin/contract';
import { TaxFormSummary } from '../../../components/earnings/tax-form-summary';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { SelectField } from '../../../components/ui/select-field';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useMyTaxForm, useSaveTaxForm } from '../api/tax-form';

/** Said wherever the partner has not given a W-9 yet. */
export const NO_TAX_FORM_MESSAGE = 'No payout can be made until you give your W-9.';
export const CERTIFY_LABEL = 'I certify under penalties of perjury that the information above is correct and that the statements of the certification are true.';

interface Values {
  legal_name: string;
  business_type: string;
  tin_type: TinType;
  tin: string;
  address_1: string;
  city: string;
  state: string;
  zip: string;
  certified: boolean;
}
type Field = keyof Values;
const FIELDS: readonly Field[] = ['legal_name', 'business_type', 'tin_type', 'tin', 'address_1', 'city', 'state', 'zip', 'certified'];

/** A new form starts empty; an update starts from the saved one, but never with the TIN (it is never sent back) nor signed. */
const startingValues = (saved: TaxForm | null): Values => ({
  legal_name: saved?.legal_name ?? '',
  business_type: saved?.business_type ?? '',
  tin_type: saved?.tin_type ?? 'ssn',
  tin: '',
  address_1: saved?.address_1 ?? '',
  city: saved?.city ?? '',
  state: saved?.state ?? '',
  zip: saved?.zip ?? '',
  certified: false,
});

/** The messages of the contract's own checks, one per field (the server checks the same again). */
function clientProblems(values: Values): Partial<Record<Field, string>> | null {
  const parsed = taxFormBodySchema.safeParse({ tax_form: values });
  if (parsed.success) return null;
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[1] as Field | undefined;
    if (field && FIELDS.includes(field)) problems[field] ??= issue.message;
  }
  // The schema checks the TIN only once every other field passes: say it at once too.
  const tin = tinProblem(values.tin_type, values.tin);
  if (tin) problems.tin ??= tin;
  return problems;
}

function TaxFormEditor({ saved, certificationText, onDone }: { saved: TaxForm | null; certificationText: string; onDone: (() => void) | null }) {
  const save = useSaveTaxForm();
  const [values, setValues] = useState<Values>(() => startingValues(saved));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [saving, setSaving] = useState(false);
  const certificationId = useId();
  const set = <K extends Field>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const problems = clientProblems(values);
    if (problems) {
      setErrors(problems);
      return;
    }
    setSaving(true);
    try {
      await save({ ...values, certified: true, business_type: values.business_type as TaxForm['business_type'], state: values.state as UsStateCode });
      // The TIN leaves the page's state with the form: only the masked one is kept (the query's answer).
      setValues((current) => ({ ...current, tin: '' }));
      toast.success('Your W-9 is saved.');
      onDone?.();
    } catch (error) {
      setValues((current) => ({ ...current, certified: false }));
      if (error instanceof ApiError && Object.keys(error.fields).some((name) => FIELDS.includes(name as Field))) {
        setErrors(Object.fromEntries(Object.entries(error.fields).filter(([name]) => FIELDS.includes(name as Field))));
      } else {
        setFailure(errorMessage(error, 'Your W-9 could not be saved. Please try again.'));
      }
    } finally {
      setSaving(false);
    }
  };

  const tinHint = values.tin_type === 'ssn' ? 'Nine digits, e.g. 123-45-6789.' : 'Nine digits, e.g. 12-3456789.';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="W-9 tax information" className="grid gap-4 sm:grid-cols-6">
      <TextField
        className="sm:col-span-6"
        label="Legal name"
        hint="As shown on your income tax return (line 1 of the W-9)."
        autoComplete="name"
        maxLength={200}
        value={values.legal_name}
        onChange={(event) => set('legal_name', event.target.value)}
        error={errors.legal_name}
      />
      <SelectField
        className="sm:col-span-6"
        label="Federal tax classification"
        options={BUSINESS_TYPES}
        labels={BUSINESS_TYPE_LABELS}
        value={values.business_type}
        onChange={(event) => set('business_type', event.target.value)}
        error={errors.business_type}
      />
      <fieldset className="sm:col-span-6">
        <legend className="text-sm font-medium text-ink-700">Taxpayer identification number type</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          {TIN_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-ink-900">
              <input type="radio" name="tin_type" value={type} className="h-4 w-4" checked={values.tin_type === type} onChange={() => set('tin_type', type)} />
              {TIN_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
        {errors.tin_type && <p className="mt-1 text-sm text-danger-700">{errors.tin_type}</p>}
      </fieldset>
      <TextField
        className="sm:col-span-3"
        label="Taxpayer identification number"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        hint={saved ? `${tinHint} Enter it in full again: the saved one is never shown.` : tinHint}
        value={values.tin}
        onChange={(event) => set('tin', event.target.value)}
        error={errors.tin}
      />
      <TextField
        className="sm:col-span-6"
        label="Street address"
        autoComplete="street-address"
        maxLength={200}
        value={values.address_1}
        onChange={(event) => set('address_1', event.target.value)}
        error={errors.address_1}
      />
      <TextField className="sm:col-span-3" label="City" autoComplete="address-level2" maxLength={100} value={values.city} onChange={(event) => set('city', event.target.value)} error={errors.city} />
      <SelectField
        className="sm:col-span-1"
        label="State"
        options={US_STATE_CODES}
        labels={Object.fromEntries(US_STATE_CODES.map((code) => [code, `${code} – ${stateName(code)}`]))}
        value={values.state}
        onChange={(event) => set('state', event.target.value)}
        error={errors.state}
      />
      <TextField className="sm:col-span-2" label="ZIP code" inputMode="numeric" autoComplete="postal-code" maxLength={10} value={values.zip} onChange={(event) => set('zip', event.target.value)} error={errors.zip} />

      <div className="space-y-3 sm:col-span-6">
        <h3 className="text-sm font-semibold text-ink-900">Certification</h3>
        <p id={certificationId} className="rounded-lg border border-ink-200 bg-ink-50 px-4 py-3 text-sm text-ink-800">
          {certificationText}
        </p>
        <label className="flex items-start gap-2 text-sm text-ink-900">
          <input
            type="checkbox"
            required
            className="mt-0.5 h-4 w-4 shrink-0"
            checked={values.certified}
            onChange={(event) => set('certified', event.target.checked)}
            aria-invalid={errors.certified ? true : undefined}
            aria-describedby={errors.certified ? `${certificationId}-error` : certificationId}
          />
          <span>{CERTIFY_LABEL}</span>
        </label>
        {errors.certified && (
          <p id={`${certificationId}-error`} className="text-sm text-danger-700">
            {errors.certified}
          </p>
        )}
      </div>

      {failure && (
        <Alert tone="error" className="sm:col-span-6">
          {failure}
        </Alert>
      )}
      <div className="flex flex-col-reverse gap-3 sm:col-span-6 sm:flex-row sm:justify-end">
        {onDone && (
          <Button variant="secondary" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
        )}
        <Button type="submit" pending={saving}>
          {saving ? 'Saving…' : 'Sign and save W-9'}
        </Button>
      </div>
    </form>
  );
}

/**
 * /earnings' "Tax information (W-9)" (issue 38 item 1): without a form, why it matters and the
 * form; with one, the form masked and "Update" to give it again (a new certification, reviewed
 * again). The TIN typed is sent once and dropped: no query cache, draft or state keeps it.
 */
export function TaxFormPanel() {
  const taxForm = useMyTaxForm();
  const [updating, setUpdating] = useState(false);
  const saved = taxForm.data?.tax_form ?? null;
  const certificationText = taxForm.data?.certification_text ?? W9_CERTIFICATION_TEXT;
  return (
    <Panel id="tax-form" title="Tax information (W-9)" description="The IRS needs your taxpayer details before we can pay you; we report payouts on Form 1099-NEC.">
      {taxForm.isPending ? (
        <PageSpinner label="Loading your tax information…" />
      ) : taxForm.isError ? (
        <LoadError message="Your tax information could not be loaded." onRetry={() => taxForm.refetch()} retrying={taxForm.isFetching} />
      ) : saved && !updating ? (
        <div className="space-y-4">
          <TaxFormSummary form={saved} />
          <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setUpdating(true)}>
            Update
          </Button>
        </div>
      ) : (
        <div className="space-y-4">
          {!saved && (
            <Alert tone="info">
              <strong>{NO_TAX_FORM_MESSAGE}</strong> Fill in the form below and sign it: your number is stored encrypted and shown only by its last four digits.
            </Alert>
          )}
          <TaxFormEditor saved={saved} certificationText={certificationText} onDone={saved ? () => setUpdating(false) : null} />
        </div>
      )}
    </Panel>
  );
}
