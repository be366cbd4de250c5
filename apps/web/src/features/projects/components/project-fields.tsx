import type { ReactNode } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MONTHS_PER_METER, ROOF_AGES, ROOF_TYPES, YES_NO, totalAnnualKilowatts } from '@sunin/contract';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import { emptyMeter, type ProjectFormValues } from './project-form-values';

/*
 * The project's field groups, shared by the New Project wizard and the Site Info / Utility Info
 * forms of the project page. Each reads the surrounding react-hook-form through FormProvider.
 * No client-side checks (member-app.md 5); the server's field messages show under the fields.
 */

export function FormSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-ink-200 pb-2">
        <h3 className="text-base font-semibold text-ink-900">{title}</h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Company name and address (wizard step 0, first half of Site Information). */
export function CompanyFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProjectFormValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-6">
      <TextField className="sm:col-span-6" label="Company Name" autoComplete="organization" error={errors.company_name?.message} {...register('company_name')} />
      <TextField className="sm:col-span-6" label="Address Line 1" autoComplete="address-line1" error={errors.address_1?.message} {...register('address_1')} />
      <TextField className="sm:col-span-6" label="Address Line 2" autoComplete="address-line2" error={errors.address_2?.message} {...register('address_2')} />
      <TextField className="sm:col-span-3" label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
      <TextField className="sm:col-span-1" label="State" autoComplete="address-level1" error={errors.state?.message} {...register('state')} />
      <TextField className="sm:col-span-2" label="ZIP" inputMode="numeric" autoComplete="postal-code" error={errors.zip?.message} {...register('zip')} />
    </div>
  );
}

/** Shade and roof (wizard step 1, second half of Site Information). */
export function PropertyFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProjectFormValues>();
  const shade = useWatch({ control, name: 'shade_interference' });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField label="Shade Interference" options={YES_NO} error={errors.shade_interference?.message} {...register('shade_interference')} />
      {/* member-app.md 2: the shade description only while shade interference is Yes. */}
      {shade === 'Yes' && (
        <TextAreaField
          className="sm:col-span-2"
          label="Shade Description"
          error={errors.shade_interference_details?.message}
          {...register('shade_interference_details')}
        />
      )}
      <SelectField className="sm:col-start-1" label="Type of Roof" options={ROOF_TYPES} error={errors.type_of_roof?.message} {...register('type_of_roof')} />
      <SelectField label="Age of Roof" options={ROOF_AGES} error={errors.age_of_roof?.message} {...register('age_of_roof')} />
      <TextAreaField className="sm:col-span-2" label="Roof Description" error={errors.roof_description?.message} {...register('roof_description')} />
    </div>
  );
}

/** Utility company, account, primary meter and bill (the "Primary Meter" section). */
export function PrimaryMeterFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProjectFormValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Utility Company" error={errors.utility_company?.message} {...register('utility_company')} />
      <TextField label="Utility Account Holder" error={errors.utility_account_holder?.message} {...register('utility_account_holder')} />
      <TextField label="Utility Account Number" error={errors.utility_account_number?.message} {...register('utility_account_number')} />
      <TextField label="Main Meter Number" error={errors.main_meter_number?.message} {...register('main_meter_number')} />
      <TextField label="Main Panel Amperage" error={errors.main_panel_amperage?.message} {...register('main_panel_amperage')} />
      <SelectField
        label="Power Bill Received?"
        options={YES_NO}
        error={errors.power_bill_received_status?.message}
        {...register('power_bill_received_status')}
      />
      <Controller
        control={control}
        name="average_monthly_power_bill_cost"
        render={({ field }) => (
          <AmountField
            label="Average Monthly Power Bill Cost"
            placeholder="0.00"
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={errors.average_monthly_power_bill_cost?.message}
          />
        )}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Additional Utility Notes"
        error={errors.additional_utility_notes?.message}
        {...register('additional_utility_notes')}
      />
    </div>
  );
}

/**
 * "Meters (kWh Only)": each meter has 12 monthly fields, Month 1 to Month 12; meters can be
 * added and removed (member-app.md 2 and 9).
 */
export function MeterFields() {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ProjectFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'meters' });
  // The server checks the readings as a whole; its message is put on root.meters.

  return (
    <div className="space-y-4">
      {fields.length === 0 && <p className="text-sm text-ink-600">No meters yet. Add one to enter its monthly kWh.</p>}
      {fields.map((field, meterIndex) => (
        <fieldset key={field.id} className="rounded-xl border border-ink-200 p-4">
          {/* The legend names the group ("Meter 1"); it stays the fieldset's first child for that. */}
          <legend className="sr-only">Meter {meterIndex + 1}</legend>
          <div className="flex items-center justify-between gap-2">
            <p aria-hidden="true" className="text-sm font-semibold text-ink-900">
              Meter {meterIndex + 1}
            </p>
            <Button variant="ghost-danger" className="min-h-8 px-2 py-1" onClick={() => remove(meterIndex)} aria-label={`Remove Meter ${meterIndex + 1}`}>
              Remove
            </Button>
          </div>
          <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {Array.from({ length: MONTHS_PER_METER }, (_, monthIndex) => (
              <TextField
                key={monthIndex}
                label={`Month ${monthIndex + 1}`}
                type="number"
                min={0}
                step="any"
                inputMode="decimal"
                placeholder="kWh"
                {...register(`meters.${meterIndex}.months.${monthIndex}`)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      {errors.root?.meters?.message && (
        <p role="alert" className="text-sm text-danger-700">
          {errors.root.meters.message}
        </p>
      )}
      <Button variant="secondary" onClick={() => append(emptyMeter())}>
        Add Meter
      </Button>
    </div>
  );
}

const kilowattFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** "Total Annual Kilowatts": the sum of every monthly value, empty counting as 0 (member-app.md 5). */
export function AnnualTotal() {
  const { control } = useFormContext<ProjectFormValues>();
  const meters = useWatch({ control, name: 'meters' });
  const total = totalAnnualKilowatts((meters ?? []).map((meter) => meter?.months ?? []));
  return (
    <p className="text-2xl font-bold text-ink-900" aria-live="polite" data-testid="annual-total">
      {kilowattFormat.format(total)} kWh
    </p>
  );
}

const TAX_CREDIT_FLAGS = [
  { name: 'itc_energy_community', label: 'In an energy community', hint: 'Adds 10 points to the 30 % credit.' },
  { name: 'itc_domestic_content', label: 'Meets domestic content', hint: 'Adds 10 points to the 30 % credit.' },
  { name: 'tax_exempt', label: 'Tax-exempt owner (a non-profit)', hint: 'The credit comes as elective pay, which needs a pre-filing registration at least 120 days before the return is filed.' },
] as const;

/** The tax-credit inputs of the savings estimate (issue 16 item 2), beyond the spec's fields. */
export function TaxCreditFields() {
  const { register } = useFormContext<ProjectFormValues>();
  return (
    <fieldset className="rounded-xl border border-ink-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">Tax credit (for the savings estimate)</legend>
      <div className="mt-2 space-y-3">
        {TAX_CREDIT_FLAGS.map((flag) => (
          <label key={flag.name} className="flex items-start gap-3 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 rounded border-ink-300 accent-brand-700" {...register(flag.name)} />
            <span>
              <span className="font-medium text-ink-900">{flag.label}</span>
              <span className="block text-ink-600">{flag.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
