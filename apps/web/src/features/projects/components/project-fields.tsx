import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ROOF_AGES, ROOF_TYPES, YES_NO } from '@sunin/contract';
import { AmountField } from '../../../components/ui/amount-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/textarea-field';
import { TextField } from '../../../components/ui/text-field';
import type { ProjectFormValues } from './project-form-values';

/*
 * The project's field groups, shared by the New Project wizard and the Site Info / Utility Info
 * forms of the project page (the meters are in meter-fields.tsx). Each reads the surrounding react-hook-form through FormProvider.
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

const TAX_CREDIT_FLAGS = [
  { name: 'itc_energy_community', label: 'In an energy community', hint: 'Adds 10 points to the 30 % credit.' },
  { name: 'itc_domestic_content', label: 'Meets domestic content', hint: 'Adds 10 points to the 30 % credit.' },
  { name: 'tax_exempt', label: 'Tax-exempt owner (a non-profit)', hint: 'The credit comes as elective pay, which needs a pre-filing registration at least 120 days before the return is filed.' },
  {
    name: 'itc_prevailing_wage',
    label: 'Prevailing wage and apprenticeship (needed at 1 MW AC and above)',
    hint: 'Without it a system of that size gets a reduced credit (the estimate shows the rates used).',
  },
] as const;

/**
 * The tax-credit inputs of the savings estimate (issue 16 item 2; issue 35 item 6: the dates
 * that decide whether the credit survives the 2025 law, and the prevailing wage flag).
 */
export function TaxCreditFields() {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProjectFormValues>();
  return (
    <fieldset className="min-w-0 rounded-xl border border-ink-200 p-4">
      <legend className="px-1 text-sm font-semibold text-ink-900">Tax credit (for the savings estimate)</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <TextField
          type="date"
          label="Construction start date"
          optional
          hint="When physical work of a significant nature begins: with the in-service date it decides whether the credit applies under the July 2025 law."
          error={errors.construction_start_date?.message}
          {...register('construction_start_date')}
        />
        <TextField
          type="date"
          label="Expected in-service date"
          optional
          hint="When the system is expected to be placed in service."
          error={errors.expected_in_service_date?.message}
          {...register('expected_in_service_date')}
        />
      </div>
      <div className="mt-4 space-y-3">
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
