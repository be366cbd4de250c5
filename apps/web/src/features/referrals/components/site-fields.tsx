import type { InputHTMLAttributes } from 'react';
import { US_STATES } from '@sunin/contract';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';

/** A site as both lead forms take it: the company and its address (the contract's site fields). */
export interface SiteValues {
  company_name: string;
  address_1: string;
  city: string;
  state: string;
  zip: string;
}
export const EMPTY_SITE: SiteValues = { company_name: '', address_1: '', city: '', state: '', zip: '' };

const STATE_CODES = US_STATES.map(([code]) => code);
const STATE_LABELS = Object.fromEntries(US_STATES.map(([code, name]) => [code, name]));

/** Messages per field name (the contract's and the server's `fields` use the same names). */
export type FieldErrors = Partial<Record<string, string>>;

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange'>;

/** One text field of a lead form, bound by its name to the form's values and errors. */
export function LeadTextField<Name extends string>({
  name,
  label,
  values,
  errors,
  onChange,
  ...input
}: { name: Name; label: string; values: Record<Name, string>; errors: FieldErrors; onChange: (name: Name, value: string) => void } & InputProps) {
  return <TextField label={label} name={name} value={values[name]} onChange={(event) => onChange(name, event.target.value)} error={errors[name]} {...input} />;
}

/**
 * Company, street, city, state and ZIP, each labelled with its error beside it: the partner's
 * registration form and the business owner's form.
 */
export function SiteFields({ values, errors, onChange }: { values: SiteValues; errors: FieldErrors; onChange: (name: keyof SiteValues, value: string) => void }) {
  const bound = { values, errors, onChange };
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <LeadTextField {...bound} className="sm:col-span-6" name="company_name" label="Company name" autoComplete="organization" maxLength={200} />
      <LeadTextField {...bound} className="sm:col-span-6" name="address_1" label="Site street address" autoComplete="address-line1" maxLength={200} />
      <LeadTextField {...bound} className="sm:col-span-3" name="city" label="City" autoComplete="address-level2" maxLength={100} />
      <SelectField
        className="sm:col-span-1"
        label="State"
        name="state"
        autoComplete="address-level1"
        options={STATE_CODES}
        labels={STATE_LABELS}
        placeholder="Choose…"
        value={values.state}
        onChange={(event) => onChange('state', event.target.value)}
        error={errors.state}
      />
      <LeadTextField {...bound} className="sm:col-span-2" name="zip" label="ZIP code" autoComplete="postal-code" inputMode="numeric" maxLength={10} />
    </div>
  );
}
