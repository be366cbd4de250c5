import {
  defaultMeter,
  MONTHS_PER_METER,
  type LoadProfile,
  type MeterInput,
  type Project,
  type ProjectUpdateInput,
  type RoofAge,
  type RoofType,
  type YesNo,
} from '@sunin/contract';
import type { ContactInput } from '../api/create-contact';

/**
 * One utility meter in a form (issue 35 item 1): its name, tariff ('' = none, the average
 * rate), load profile, the calendar month of each of its 12 values (YYYY-MM) and the 12 kWh
 * values as typed ('' counts as 0), plus the interval data an import kept for it.
 */
export interface MeterValues {
  name: string;
  tariff_id: string;
  load_profile: LoadProfile;
  months: string[];
  kwh: string[];
  interval_import_id: number | null;
  /** The step of that interval data (15 or 60 minutes), for the form's note; not sent. */
  interval_step_minutes: number | null;
}

/** The project fields as the forms hold them: text everywhere, '' for "not chosen". */
export interface ProjectFormValues {
  company_name: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  zip: string;
  shade_interference: YesNo | '';
  shade_interference_details: string;
  type_of_roof: RoofType | '';
  age_of_roof: RoofAge | '';
  roof_description: string;
  utility_company: string;
  utility_account_holder: string;
  utility_account_number: string;
  main_panel_amperage: string;
  main_meter_number: string;
  power_bill_received_status: YesNo | '';
  average_monthly_power_bill_cost: string;
  additional_utility_notes: string;
  /**
   * The meters (the contract's `kilowatt_amounts` and `meters` side by side). Not called
   * `meters`: drafts kept before issue 35 hold the kWh lists under that name, in another shape.
   */
  meter_rows: MeterValues[];
  /** Tax-credit inputs of the savings estimate (issue 16 item 2, issue 35 item 6). */
  itc_energy_community: boolean;
  itc_domestic_content: boolean;
  tax_exempt: boolean;
  itc_prevailing_wage: boolean;
  construction_start_date: string;
  expected_in_service_date: string;
}

/** A new meter at position `index`: 'Meter N', no tariff, the default profile, January to December of the reference year. */
export const emptyMeter = (index: number): MeterValues => {
  const meter = defaultMeter(index);
  return {
    name: meter.name,
    tariff_id: '',
    load_profile: meter.load_profile,
    months: meter.months,
    kwh: Array.from({ length: MONTHS_PER_METER }, () => ''),
    interval_import_id: null,
    interval_step_minutes: null,
  };
};

/** The 12 calendar months from `first` (YYYY-MM) on: what a meter's "Starts" choice writes. */
export function consecutiveMonths(first: string): string[] {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7)) - 1;
  return Array.from({ length: MONTHS_PER_METER }, (_, offset) => {
    const index = month + offset;
    return `${year + Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** Whether any of the meter's 12 values was typed or imported. */
export const meterHasValues = (meter: Pick<MeterValues, 'kwh'>) => meter.kwh.some((value) => value.trim() !== '');

const kwhText = (value: number | null) => (value === null ? '' : String(value));

function meterFromProject(project: Project, index: number): MeterValues {
  const answer = project.meters?.[index];
  const fallback = emptyMeter(index);
  return {
    name: answer?.name || fallback.name,
    tariff_id: answer?.tariff_id == null ? '' : String(answer.tariff_id),
    load_profile: answer?.load_profile ?? fallback.load_profile,
    months: answer?.months.length === MONTHS_PER_METER ? answer.months : fallback.months,
    kwh: project.kilowatt_amounts[index]!.map(kwhText),
    interval_import_id: answer?.interval_import_id ?? null,
    interval_step_minutes: answer?.interval?.step_minutes ?? null,
  };
}

/**
 * The form's values for the project with utility values saved on the device and not yet sent
 * (issue 41): the queued PATCH body over the saved project. A meter's interval step is kept from
 * the saved meter it still points at.
 */
export function projectWithUtilityValues(project: Project, queued: ProjectUpdateInput): ProjectFormValues {
  const meters = queued.meters?.map((meter) => ({ ...meter, interval: project.meters?.find((saved) => saved.interval_import_id !== null && saved.interval_import_id === meter.interval_import_id)?.interval ?? null }));
  return projectToFormValues({ ...project, ...queued, ...(meters ? { meters } : {}) } as Project);
}

/** The contract's `meters` entry of a form meter (same order as `kilowatt_amounts`). */
export function meterInput(meter: MeterValues): MeterInput {
  return {
    name: meter.name,
    tariff_id: meter.tariff_id === '' ? null : Number(meter.tariff_id),
    load_profile: meter.load_profile,
    months: meter.months,
    interval_import_id: meter.interval_import_id,
  };
}

export const emptyContact = (): ContactInput => ({
  contact_first_name: '',
  contact_last_name: '',
  contact_title: '',
  contact_email: '',
  contact_phone_number: '',
  contact_notes: '',
});

export function isBlankContact(contact: ContactInput): boolean {
  return Object.values(contact).every((value) => value.trim() === '');
}

export const emptyProjectValues = (): ProjectFormValues => ({
  company_name: '',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  zip: '',
  shade_interference: '',
  shade_interference_details: '',
  type_of_roof: '',
  age_of_roof: '',
  roof_description: '',
  utility_company: '',
  utility_account_holder: '',
  utility_account_number: '',
  main_panel_amperage: '',
  main_meter_number: '',
  power_bill_received_status: '',
  average_monthly_power_bill_cost: '',
  additional_utility_notes: '',
  meter_rows: [emptyMeter(0)],
  itc_energy_community: false,
  itc_domestic_content: false,
  tax_exempt: false,
  itc_prevailing_wage: false,
  construction_start_date: '',
  expected_in_service_date: '',
});

/**
 * The Site Info and Utility Info forms' React key: the saved values they show. A form is re-seeded
 * when these change (its own save, a queued save sent, someone else's edit) and stays mounted
 * when only the rest of the project changes: a photo, file or note touches the project's
 * updated_at, and a remount then would take the focus from the field being typed in, losing the
 * keys typed next.
 */
export const projectFormKey = (project: Project): string => JSON.stringify(projectToFormValues(project));

export function projectToFormValues(project: Project): ProjectFormValues {
  return {
    company_name: project.company_name,
    address_1: project.address_1,
    address_2: project.address_2,
    city: project.city,
    state: project.state,
    zip: project.zip,
    shade_interference: project.shade_interference ?? '',
    shade_interference_details: project.shade_interference_details,
    type_of_roof: project.type_of_roof ?? '',
    age_of_roof: project.age_of_roof ?? '',
    roof_description: project.roof_description,
    utility_company: project.utility_company,
    utility_account_holder: project.utility_account_holder,
    utility_account_number: project.utility_account_number,
    main_panel_amperage: project.main_panel_amperage,
    main_meter_number: project.main_meter_number,
    power_bill_received_status: project.power_bill_received_status ?? '',
    average_monthly_power_bill_cost: project.average_monthly_power_bill_cost,
    additional_utility_notes: project.additional_utility_notes,
    // A saved "Yes" without meters still offers one empty meter to fill in.
    meter_rows: project.kilowatt_amounts.length ? project.kilowatt_amounts.map((_, index) => meterFromProject(project, index)) : [emptyMeter(0)],
    itc_energy_community: project.itc_energy_community,
    itc_domestic_content: project.itc_domestic_content,
    tax_exempt: project.tax_exempt_owner ?? project.tax_exempt,
    itc_prevailing_wage: project.itc_prevailing_wage ?? false,
    construction_start_date: project.construction_start_date ?? '',
    expected_in_service_date: project.expected_in_service_date ?? '',
  };
}

/** The Site Information form's part of a PATCH (company, address, shade and roof). */
export function sitePayload(values: ProjectFormValues): ProjectUpdateInput {
  return {
    company_name: values.company_name,
    address_1: values.address_1,
    address_2: values.address_2,
    city: values.city,
    state: values.state,
    zip: values.zip,
    shade_interference: values.shade_interference,
    // The description only means something while shade interference is Yes.
    shade_interference_details: values.shade_interference === 'Yes' ? values.shade_interference_details : '',
    type_of_roof: values.type_of_roof,
    age_of_roof: values.age_of_roof,
    roof_description: values.roof_description,
    itc_energy_community: values.itc_energy_community,
    itc_domestic_content: values.itc_domestic_content,
    // Issue 35 item 6 names the flag `tax_exempt_owner` (the server keeps `tax_exempt` as its alias).
    tax_exempt_owner: values.tax_exempt,
    itc_prevailing_wage: values.itc_prevailing_wage,
    construction_start_date: values.construction_start_date,
    expected_in_service_date: values.expected_in_service_date,
  };
}

/** The meters part of a request: the kWh lists and, in the same order, each meter's entry. */
export function metersPayload(values: ProjectFormValues): Pick<ProjectUpdateInput, 'kilowatt_amounts' | 'meters'> {
  return { kilowatt_amounts: values.meter_rows.map((meter) => meter.kwh), meters: values.meter_rows.map(meterInput) };
}

/**
 * The Utility Information form's part of a PATCH. Meter readings are sent only while Power Bill
 * Received is Yes (the section is hidden otherwise); absent, the stored readings are kept.
 */
export function utilityPayload(values: ProjectFormValues): ProjectUpdateInput {
  return {
    utility_company: values.utility_company,
    utility_account_holder: values.utility_account_holder,
    utility_account_number: values.utility_account_number,
    main_panel_amperage: values.main_panel_amperage,
    main_meter_number: values.main_meter_number,
    power_bill_received_status: values.power_bill_received_status,
    average_monthly_power_bill_cost: values.average_monthly_power_bill_cost,
    additional_utility_notes: values.additional_utility_notes,
    ...(values.power_bill_received_status === 'Yes' ? metersPayload(values) : {}),
  };
}
