import { MONTHS_PER_METER, type Project, type ProjectUpdateInput, type RoofAge, type RoofType, type YesNo } from '@sunin/contract';
import type { ContactInput } from '../api/create-contact';

/** One utility meter in a form: its 12 monthly kWh entries as typed ('' counts as 0). */
export interface MeterValues {
  months: string[];
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
  meters: MeterValues[];
  /** Tax-credit inputs of the savings estimate (issue 16 item 2). */
  itc_energy_community: boolean;
  itc_domestic_content: boolean;
  tax_exempt: boolean;
}

export const emptyMeter = (): MeterValues => ({ months: Array.from({ length: MONTHS_PER_METER }, () => '') });

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
  meters: [emptyMeter()],
  itc_energy_community: false,
  itc_domestic_content: false,
  tax_exempt: false,
});

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
    meters: project.kilowatt_amounts.length
      ? project.kilowatt_amounts.map((meter) => ({ months: meter.map((value) => (value === null ? '' : String(value))) }))
      : [emptyMeter()],
    itc_energy_community: project.itc_energy_community,
    itc_domestic_content: project.itc_domestic_content,
    tax_exempt: project.tax_exempt,
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
    tax_exempt: values.tax_exempt,
  };
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
    ...(values.power_bill_received_status === 'Yes' ? { kilowatt_amounts: values.meters.map((meter) => meter.months) } : {}),
  };
}
