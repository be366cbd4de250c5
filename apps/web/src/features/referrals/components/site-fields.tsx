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
export const SITE_FIELD_NAMES = Object.keys(EMPTY_SITE) as Array<keyof SiteValues>;

const STATE_CODES = US_STATES.map(([code]) => code);
const STATE_LABELS = Object.fromEntries(US_STATES.map(([code, name]) => [code, name]));

/** Messages per field name (the contract's and the server's `fields` use the same names). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * Company, street, city, state and ZIP, each labelled with its error beside it: the partner's
 * registration form and the business owner's form. `siteHeading` names the address group.
 */
export function SiteFields({ values, errors, onChange, companyLabel = 'Company name', disabled }: { values: SiteValues; errors: FieldErrors; onChange: (name: keyof SiteValues, value: string) => void; companyLabel?: string; disabled?: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField
        className="sm:col-span-6"
        label={companyLabel}
        name="company_name"
        autoComplete="organization"
        value={values.company_name}
        onChange={(event) => onChange('company_name', event.target.value)}
        error={errors.company_name}
        disabled={disabled}
        maxLength={200}
      />
      <TextField
        className="sm:col-span-6"
        label="Site street address"
        name="address_1"
        autoComplete="address-line1"
        value={values.address_1}
        onChange={(event) => onChange('address_1', event.target.value)}
        error={errors.address_1}
        disabled={disabled}
        maxLength={200}
      />
      <TextField
        className="sm:col-span-3"
        label="City"
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onChange={(event) => onChange('city', event.target.value)}
        error={errors.city}
        disabled={disabled}
        maxLength={100}
      />
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
        disabled={disabled}
      />
      <TextField
        className="sm:col-span-2"
        label="ZIP code"
        name="zip"
        autoComplete="postal-code"
        inputMode="numeric"
        value={values.zip}
        onChange={(event) => onChange('zip', event.target.value)}
        error={errors.zip}
        disabled={disabled}
        maxLength={10}
      />
    </div>
  );
}
