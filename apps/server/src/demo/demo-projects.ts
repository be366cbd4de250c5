import type { LoadProfile, MeterInput, ProjectCreateInput, ProjectStage, RejectionReason, RejectionSpecific, RevisionType } from '@sunin/contract';

/**
 * The demo partners' projects: commercial solar prospects in CA, TX, MA, NV and CT, one story
 * each. The seed (seed.ts) plays every story through the services, in order: the member
 * creates the project with its contacts, links, a site photo and a PDF, then the proposal
 * steps happen, then the administrator moves the project to its stage, days apart, the last
 * step `lastActivityDaysAgo`. An administrator's proposal step says how many hours after the
 * previous step it came (`hours`), so the demo's 48-hour clocks read like a real engineering
 * team's: most delivered within the promise, one late, one open ticket overdue.
 * Names, addresses, phone numbers (555-01xx) and web addresses are made up.
 */

export type DemoOwner = 'sales' | 'referral';

/** One step of a proposal ticket's life, by the member or by the administrator. */
export type ProposalStep =
  | { by: 'member'; request: string }
  | { by: 'member'; revision: string; type: RevisionType }
  | {
      by: 'admin';
      status: 2 | 3 | 4 | 6 | 7 | 8;
      /** Hours after the previous step. */
      hours: number;
      notes: string;
      engineer?: string;
      rejection?: { reason: RejectionReason; specific?: RejectionSpecific };
      link?: { title: string; url: string };
    };

export interface DemoContact {
  contact_first_name: string;
  contact_last_name: string;
  contact_title: string;
  contact_email: string;
  contact_phone_number: string;
  contact_notes?: string;
}

export interface DemoLink {
  link_type: 'Finance' | 'Proposal' | 'Utility' | 'Calendar' | 'Website' | 'Other';
  link_title: string;
  link_url: string;
}

export interface DemoProject {
  owner: DemoOwner;
  stage: ProjectStage;
  /** How long ago the story's last step happened; the steps before it are days apart. */
  lastActivityDaysAgo: number;
  /**
   * Hours from the last proposal step to the stage change, where the stage moved while a
   * proposal was still being worked on (so its 48-hour clock is still running); days otherwise.
   */
  stageAfterHours?: number;
  project: ProjectCreateInput & { company_name: string };
  contacts: DemoContact[];
  links: DemoLink[];
  proposal: ProposalStep[];
  /** The deal an administrator records just before the project reaches its stage (issue 17). */
  deal?: { contract_value_usd: number; net_profit_usd: number };
  /** The example tariff (demo-tariffs.ts, by name) of each meter, where the demo prices it hour by hour (issue 35). */
  meterTariffs?: (string | null)[];
}

/** Electricity use by month (January first), as shares of a year, for where the site is. */
const SEASON = {
  // Sun Belt: air conditioning peaks in July and August.
  hot: [0.068, 0.064, 0.072, 0.078, 0.088, 0.097, 0.108, 0.11, 0.098, 0.084, 0.07, 0.063],
  // Southern California's coast: a gentler summer peak.
  coastal: [0.077, 0.072, 0.077, 0.079, 0.083, 0.087, 0.092, 0.094, 0.091, 0.086, 0.08, 0.082],
  // New England: a summer peak and a smaller winter one (lighting, heating auxiliaries).
  northeast: [0.09, 0.084, 0.08, 0.072, 0.075, 0.085, 0.097, 0.096, 0.082, 0.074, 0.078, 0.087],
} as const;

/** A demo meter: its twelve monthly kWh readings and its entry (name, load profile, calendar months; issue 35 item 1). */
interface DemoMeter {
  readings: number[];
  entry: MeterInput;
}

/**
 * A named meter read for twelve months from `firstMonth` (YYYY-MM; a utility's download rarely
 * starts in January), whose readings add up to about `annual`. No tariff: the demo's example
 * tariffs are the administrator's to assign.
 */
function meter(name: string, annual: number, season: keyof typeof SEASON, load_profile: LoadProfile, firstMonth = '2025-01'): DemoMeter {
  const year = Number(firstMonth.slice(0, 4));
  const first = Number(firstMonth.slice(5, 7)) - 1;
  const months = Array.from({ length: 12 }, (_, step) => {
    const month = first + step;
    return `${year + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
  });
  const readings = months.map((month) => Math.round(annual * SEASON[season][Number(month.slice(5, 7)) - 1]!));
  return { readings, entry: { name, tariff_id: null, load_profile, months, interval_import_id: null } };
}

/** The average monthly bill, in dollars with cents, at a blended commercial rate per kWh. */
function averageBill(meters: DemoMeter[], ratePerKwh: number): string {
  const annual = meters.flatMap((meter) => meter.readings).reduce((sum, value) => sum + value, 0);
  return ((annual * ratePerKwh) / 12).toFixed(2);
}

type UtilityFields = Pick<
  ProjectCreateInput,
  'utility_company' | 'utility_account_holder' | 'utility_account_number' | 'main_meter_number' | 'main_panel_amperage' | 'power_bill_received_status' | 'additional_utility_notes'
>;

/** Site Info's utility fields with the meters' readings and the bill they make at `rate` dollars per kWh. */
function utility(meters: DemoMeter[], rate: number, fields: UtilityFields) {
  return {
    ...fields,
    kilowatt_amounts: meters.map((meter) => meter.readings),
    meters: meters.map((meter) => meter.entry),
    average_monthly_power_bill_cost: averageBill(meters, rate),
  };
}

const ENGINEERS = { morgan: 'Morgan Lee, PE', priya: 'Priya Raman, PE', dmitri: 'Dmitri Volkov' } as const;
const proposalLink = (id: string) => ({ title: `Proposal ${id}`, url: `https://proposals.sunin.example/${id}` });

const harborMeters = [meter('Warehouse and cold rooms', 412_000, 'coastal', 'cold_storage', '2024-11'), meter('Office annex', 96_000, 'coastal', 'office', '2024-11')];
const mesaMeters = [meter('Hospital', 118_000, 'coastal', 'retail')];
const loneStarMeters = [meter('Shop floor', 684_000, 'hot', 'manufacturing_2_shifts', '2024-10')];
const silverStateMeters = [meter('Storage buildings', 142_000, 'hot', 'warehouse')];
const baysideMeters = [meter('Brewhouse', 356_000, 'northeast', 'manufacturing_1_shift', '2024-08'), meter('Taproom', 74_000, 'northeast', 'retail', '2024-08')];
const nutmegMeters = [meter('Machine shop', 528_000, 'northeast', 'manufacturing_2_shifts', '2024-07')];
const pacificCrestMeters = [meter('Main building', 265_000, 'coastal', 'office')];
const desertBloomMeters = [meter('Greenhouses and store', 88_000, 'hot', 'retail', '2024-12')];
const hillCountryMeters = [meter('Body shop', 131_000, 'hot', 'manufacturing_1_shift')];
const charterOakMeters = [meter('School building', 204_000, 'northeast', 'school', '2024-09')];
const quincyMeters = [meter('Store and warehouse', 173_000, 'northeast', 'retail')];
const renoMeters = [meter('Main warehouse', 915_000, 'hot', 'warehouse', '2024-12'), meter('Cross-dock', 122_000, 'hot', 'warehouse', '2024-12')];

export const DEMO_PROJECTS: DemoProject[] = [
  {
    owner: 'sales',
    stage: 'Project Initiation',
    lastActivityDaysAgo: 0.2,
    project: {
      company_name: 'Harbor Point Cold Storage',
      industry: 'Food distribution',
      address_1: '2875 Commercial St',
      city: 'San Diego',
      state: 'CA',
      zip: '92113',
      shade_interference: 'No',
      type_of_roof: 'TPO and PVC Roofing',
      age_of_roof: '6-10 Years',
      roof_description: 'Single-story warehouse, 62,000 sq ft of white TPO over rigid insulation; four rooftop condensers on the north side.',
      ...utility(harborMeters, 0.31, {
        utility_company: 'San Diego Gas & Electric (SDG&E)',
        utility_account_holder: 'Harbor Point Cold Storage LLC',
        utility_account_number: '0087 4412 9034 5',
        main_meter_number: '05438821',
        main_panel_amperage: '2000',
        power_bill_received_status: 'Yes',
        additional_utility_notes: 'Second meter serves the office annex. On the AL-TOU rate; demand charges are about 40% of the bill.',
      }),
    },
    contacts: [
      { contact_first_name: 'Dana', contact_last_name: 'Whitfield', contact_title: 'Director of Operations', contact_email: 'dana.whitfield@harborpointcold.example', contact_phone_number: '6195550142', contact_notes: 'Decision maker. Prefers calls before 10 am.' },
      { contact_first_name: 'Luis', contact_last_name: 'Navarro', contact_title: 'Facilities Manager', contact_email: 'luis.navarro@harborpointcold.example', contact_phone_number: '6195550187' },
    ],
    links: [
      { link_type: 'Website', link_title: 'Company website', link_url: 'https://www.harborpointcold.example' },
      { link_type: 'Utility', link_title: 'SDG&E business account', link_url: 'https://www.sdge.com/business' },
    ],
    proposal: [{ by: 'member', request: 'Please size a rooftop system to offset both meters. Refrigeration runs around the clock, so daytime demand is steady.' }],
  },
  {
    owner: 'sales',
    stage: 'Project Initiation',
    lastActivityDaysAgo: 1.5,
    project: {
      company_name: 'Mesa Verde Veterinary Hospital',
      industry: 'Veterinary care',
      address_1: '4120 El Cajon Blvd',
      address_2: 'Suite 100',
      city: 'San Diego',
      state: 'CA',
      zip: '92105',
      shade_interference: 'Yes',
      shade_interference_details: 'Two mature eucalyptus trees shade the west edge of the roof after 3 pm.',
      type_of_roof: 'Flat Roof',
      age_of_roof: '11-15 Years',
      ...utility(mesaMeters, 0.33, {
        utility_company: 'San Diego Gas & Electric (SDG&E)',
        utility_account_holder: 'Mesa Verde Animal Health Inc.',
        main_panel_amperage: '400',
        power_bill_received_status: 'No',
        additional_utility_notes: 'Waiting for the last 12 months of bills from the office manager.',
      }),
    },
    contacts: [{ contact_first_name: 'Erin', contact_last_name: 'Castillo', contact_title: 'Practice Owner, DVM', contact_email: 'erin@mesaverdevet.example', contact_phone_number: '6195550119' }],
    links: [{ link_type: 'Calendar', link_title: 'Site visit, Thursday 9:30', link_url: 'https://calendar.sunin.example/visits/mesa-verde' }],
    proposal: [],
  },
  {
    owner: 'sales',
    stage: 'Presentation Ready',
    lastActivityDaysAgo: 0.8,
    stageAfterHours: 2,
    project: {
      company_name: 'Lone Star Tool & Die',
      industry: 'Metal fabrication',
      address_1: '8402 N Lamar Blvd',
      city: 'Austin',
      state: 'TX',
      zip: '78753',
      shade_interference: 'No',
      type_of_roof: 'Metal Roofing',
      age_of_roof: '0-5 Years',
      roof_description: 'Standing-seam metal roof, 48,000 sq ft, south-facing slope of 2:12.',
      ...utility(loneStarMeters, 0.11, {
        utility_company: 'Austin Energy',
        utility_account_holder: 'Lone Star Tool & Die Co.',
        utility_account_number: '8100 2231 47',
        main_meter_number: 'AE-2291047',
        main_panel_amperage: '3000',
        power_bill_received_status: 'Yes',
        additional_utility_notes: 'Two CNC lines and an air compressor run two shifts, 6 am to 10 pm.',
      }),
    },
    contacts: [
      { contact_first_name: 'Travis', contact_last_name: 'Hollister', contact_title: 'CFO', contact_email: 'thollister@lonestartool.example', contact_phone_number: '5125550163', contact_notes: 'Interested in a PPA as well as a cash purchase.' },
    ],
    links: [
      { link_type: 'Finance', link_title: 'Austin Energy commercial solar rebate', link_url: 'https://austinenergy.com/energy-efficiency/solar-incentives' },
      { link_type: 'Website', link_title: 'Company website', link_url: 'https://www.lonestartool.example' },
    ],
    proposal: [
      { by: 'member', request: 'Metal roof is new. Customer wants to compare a cash purchase with a 20-year PPA.' },
      { by: 'admin', hours: 5, status: 2, notes: 'Assigned for a first layout; expect it within five business days.', engineer: ENGINEERS.morgan },
    ],
  },
  {
    owner: 'sales',
    stage: 'Presentation Ready',
    // Past the 21-day stall threshold (issue 18 item 3): the demo's stalled project.
    lastActivityDaysAgo: 26,
    meterTariffs: ['Example: NV Energy LGS-1-like TOU (southern Nevada)'],
    project: {
      company_name: 'Silver State Self Storage',
      industry: 'Self storage',
      address_1: '6150 S Decatur Blvd',
      city: 'Las Vegas',
      state: 'NV',
      zip: '89118',
      shade_interference: 'No',
      type_of_roof: 'Metal Roofing',
      age_of_roof: '11-15 Years',
      roof_description: 'Six single-story storage buildings with low-slope metal roofs.',
      ...utility(silverStateMeters, 0.12, {
        utility_company: 'NV Energy',
        utility_account_holder: 'Silver State Storage Partners LP',
        utility_account_number: '3000 1288 4471 2',
        main_meter_number: 'NVE-77310',
        main_panel_amperage: '600',
        power_bill_received_status: 'Yes',
      }),
    },
    contacts: [{ contact_first_name: 'Marisol', contact_last_name: 'Ortega', contact_title: 'Regional Manager', contact_email: 'mortega@silverstatestorage.example', contact_phone_number: '7025550134' }],
    links: [{ link_type: 'Utility', link_title: 'NV Energy net metering', link_url: 'https://www.nvenergy.com/clean-energy/net-metering' }],
    proposal: [
      { by: 'member', request: 'Carport plus rooftop if the roofs can take it. The owner wants shade for the RV bays.' },
      { by: 'admin', hours: 3, status: 2, notes: 'Rooftop first; carport as an option.', engineer: ENGINEERS.priya },
      { by: 'admin', hours: 23, status: 3, notes: '118 kW rooftop with an optional 60 kW RV carport. Payback 5.8 years with the ITC.', link: proposalLink('P-2026-0131') },
    ],
  },
  {
    owner: 'sales',
    stage: 'Financing and Documentation',
    deal: { contract_value_usd: 412000, net_profit_usd: 61800 },
    lastActivityDaysAgo: 6,
    project: {
      company_name: 'Bayside Brewing Company',
      industry: 'Brewery and taproom',
      address_1: '48 Linden St',
      city: 'Worcester',
      state: 'MA',
      zip: '01609',
      shade_interference: 'No',
      type_of_roof: 'Rubber (EPDM)',
      age_of_roof: '6-10 Years',
      roof_description: 'Brick mill building, EPDM roof replaced in 2018; a parapet of 3 ft all round.',
      ...utility(baysideMeters, 0.24, {
        utility_company: 'National Grid',
        utility_account_holder: 'Bayside Brewing Co. LLC',
        utility_account_number: '46120-55873',
        main_meter_number: '81 992 004',
        main_panel_amperage: '1200',
        power_bill_received_status: 'Yes',
        additional_utility_notes: 'Brewhouse meter and taproom meter. Eligible for SMART 3.0.',
      }),
    },
    contacts: [
      { contact_first_name: 'Colleen', contact_last_name: 'Brennan', contact_title: 'Co-founder', contact_email: 'colleen@baysidebrewing.example', contact_phone_number: '5085550176' },
      { contact_first_name: 'Raj', contact_last_name: 'Mehta', contact_title: 'Controller', contact_email: 'raj.mehta@baysidebrewing.example', contact_phone_number: '5085550191', contact_notes: 'Handles the loan paperwork.' },
    ],
    links: [
      { link_type: 'Finance', link_title: 'Mass Save business financing', link_url: 'https://www.masssave.com/business' },
      { link_type: 'Proposal', link_title: 'Signed proposal (DocuSign)', link_url: 'https://sign.sunin.example/envelopes/bayside-2026' },
    ],
    proposal: [
      { by: 'member', request: 'Size to both meters; taproom roof is small, so the brewhouse roof carries most of it.' },
      { by: 'admin', hours: 4, status: 2, notes: 'Assigned.', engineer: ENGINEERS.dmitri },
      { by: 'admin', hours: 30, status: 3, notes: '142 kW on the brewhouse roof, 88% offset.', link: proposalLink('P-2026-0118') },
      { by: 'member', revision: 'Customer asks for a battery option to cover peak demand charges in July and August.', type: 'Request a revision to the original proposal' },
      { by: 'admin', hours: 2, status: 6, notes: 'Adding a 100 kWh battery for peak shaving.', engineer: ENGINEERS.dmitri },
      { by: 'admin', hours: 19, status: 7, notes: 'Revised: 142 kW plus 100 kWh storage; demand charges down about 30%.', link: proposalLink('P-2026-0118-R1') },
    ],
  },
  {
    owner: 'sales',
    stage: 'Site Survey and Finalization',
    deal: { contract_value_usd: 268500, net_profit_usd: 40275 },
    lastActivityDaysAgo: 9,
    meterTariffs: ['Example: Eversource CT Rate 56-like intermediate TOU'],
    project: {
      company_name: 'Nutmeg Precision Machining',
      industry: 'Aerospace components',
      address_1: '355 Research Pkwy',
      city: 'Meriden',
      state: 'CT',
      zip: '06450',
      shade_interference: 'No',
      type_of_roof: 'Built-Up Roofing (BUR)',
      age_of_roof: '16-20 Years',
      roof_description: 'Built-up roof over steel deck; the survey should check the deck before racking is chosen.',
      ...utility(nutmegMeters, 0.26, {
        utility_company: 'Eversource',
        utility_account_holder: 'Nutmeg Precision Machining Inc.',
        utility_account_number: '5190 334 8812',
        main_meter_number: 'EV-4402186',
        main_panel_amperage: '2500',
        power_bill_received_status: 'Yes',
      }),
    },
    contacts: [{ contact_first_name: 'Gregory', contact_last_name: 'Pappas', contact_title: 'Plant Manager', contact_email: 'gpappas@nutmegprecision.example', contact_phone_number: '2035550158' }],
    links: [
      { link_type: 'Calendar', link_title: 'Site survey, roof and main switchgear', link_url: 'https://calendar.sunin.example/surveys/nutmeg' },
      { link_type: 'Utility', link_title: 'Eversource interconnection', link_url: 'https://www.eversource.com/content/residential/save-money-energy/clean-energy-options/solar-energy' },
    ],
    proposal: [
      { by: 'member', request: 'Large daytime load, roof about 70,000 sq ft. Interested in the CT Non-Residential Renewable Energy Solutions program.' },
      { by: 'admin', hours: 4, status: 2, notes: 'Assigned.', engineer: ENGINEERS.morgan },
      { by: 'admin', hours: 52, status: 3, notes: '395 kW ballasted system, subject to the deck survey.', link: proposalLink('P-2026-0104') },
    ],
  },
  {
    owner: 'sales',
    stage: 'Project Completion',
    deal: { contract_value_usd: 535000, net_profit_usd: 80250 },
    lastActivityDaysAgo: 21,
    project: {
      company_name: 'Pacific Crest Medical Offices',
      industry: 'Medical offices',
      address_1: '9820 Willow Creek Rd',
      city: 'San Diego',
      state: 'CA',
      zip: '92131',
      shade_interference: 'No',
      type_of_roof: 'Concrete Tile',
      age_of_roof: '6-10 Years',
      ...utility(pacificCrestMeters, 0.32, {
        utility_company: 'San Diego Gas & Electric (SDG&E)',
        utility_account_holder: 'Pacific Crest Properties LLC',
        utility_account_number: '0091 2274 5567 1',
        main_meter_number: '05512090',
        main_panel_amperage: '1600',
        power_bill_received_status: 'Yes',
        additional_utility_notes: 'System energized; permission to operate received.',
      }),
    },
    contacts: [{ contact_first_name: 'Hannah', contact_last_name: 'Okafor', contact_title: 'Property Manager', contact_email: 'hokafor@pacificcrestprop.example', contact_phone_number: '8585550127' }],
    links: [{ link_type: 'Other', link_title: 'Monitoring portal', link_url: 'https://monitor.sunin.example/sites/pacific-crest' }],
    proposal: [
      { by: 'member', request: 'Two-story medical office; tile roof and a parking lot for a carport.' },
      { by: 'admin', hours: 4, status: 2, notes: 'Assigned.', engineer: ENGINEERS.priya },
      { by: 'admin', hours: 36, status: 3, notes: '186 kW parking-lot carport; the tile roof stays as is.', link: proposalLink('P-2025-0977') },
    ],
  },
  {
    owner: 'sales',
    stage: 'Archived',
    deal: { contract_value_usd: 150000, net_profit_usd: 22500 },
    lastActivityDaysAgo: 30,
    project: {
      company_name: 'Desert Bloom Nursery',
      industry: 'Garden center',
      address_1: '4855 E Warm Springs Rd',
      city: 'Las Vegas',
      state: 'NV',
      zip: '89120',
      shade_interference: 'Yes',
      shade_interference_details: 'Shade cloth structures over most of the yard; only the shop roof is open.',
      type_of_roof: 'Asphalt Shingle',
      age_of_roof: '21+ Years',
      ...utility(desertBloomMeters, 0.12, {
        utility_company: 'NV Energy',
        utility_account_holder: 'Desert Bloom Nursery',
        main_meter_number: 'NVE-66021',
        main_panel_amperage: '200',
        power_bill_received_status: 'Yes',
      }),
    },
    contacts: [{ contact_first_name: 'Walter', contact_last_name: 'Haynes', contact_title: 'Owner', contact_email: 'walt@desertbloom.example', contact_phone_number: '7025550103' }],
    links: [{ link_type: 'Website', link_title: 'Company website', link_url: 'https://www.desertbloomnursery.example' }],
    proposal: [
      { by: 'member', request: 'Small shop roof; owner asked whether the shade structures could carry panels.' },
      { by: 'admin', hours: 20, status: 4, notes: 'The shingle roof is past its life and the shade structures cannot carry panels. Revisit after a re-roof.', rejection: { reason: 'not feasible' } },
    ],
  },
  {
    owner: 'referral',
    stage: 'Project Initiation',
    lastActivityDaysAgo: 0.4,
    project: {
      company_name: 'Hill Country Auto Body',
      industry: 'Auto repair',
      address_1: '1407 W Ben White Blvd',
      city: 'Austin',
      state: 'TX',
      zip: '78704',
      shade_interference: 'No',
      type_of_roof: 'Metal Roofing',
      age_of_roof: '11-15 Years',
      ...utility(hillCountryMeters, 0.11, {
        utility_company: 'Austin Energy',
        utility_account_holder: 'Hill Country Collision LLC',
        utility_account_number: '8100 5527 90',
        main_panel_amperage: '800',
        power_bill_received_status: 'Yes',
        additional_utility_notes: 'Paint booth and compressors; the owner sent photos of the meter.',
      }),
    },
    contacts: [{ contact_first_name: 'Ray', contact_last_name: 'Delgado', contact_title: 'Owner', contact_email: 'ray@hillcountryautobody.example', contact_phone_number: '5125550172' }],
    links: [{ link_type: 'Utility', link_title: 'Austin Energy account', link_url: 'https://austinenergy.com/business' }],
    proposal: [
      { by: 'member', request: 'Referral from a customer of ours. Paint booth makes summer bills high.' },
      { by: 'admin', hours: 6, status: 4, notes: 'We need the meter number to pull the interval data.', rejection: { reason: 'missing information', specific: 'meter_number' } },
      { by: 'member', revision: 'Meter number is AE-3318842 (photo in Photos). Please take another look.', type: 'Request a revision to the original proposal' },
    ],
  },
  {
    owner: 'referral',
    stage: 'Presentation Ready',
    lastActivityDaysAgo: 2,
    stageAfterHours: 1,
    project: {
      company_name: 'Charter Oak Montessori School',
      industry: 'Education',
      address_1: '60 Farmington Ave',
      city: 'Hartford',
      state: 'CT',
      zip: '06105',
      shade_interference: 'Yes',
      shade_interference_details: 'A four-story building to the south shades the lower roof in winter.',
      type_of_roof: 'Flat Roof',
      age_of_roof: '0-5 Years',
      ...utility(charterOakMeters, 0.27, {
        utility_company: 'Eversource',
        utility_account_holder: 'Charter Oak Montessori School Inc.',
        utility_account_number: '5190 771 2049',
        main_meter_number: 'EV-5520913',
        main_panel_amperage: '1000',
        power_bill_received_status: 'Yes',
      }),
    },
    contacts: [
      { contact_first_name: 'Naomi', contact_last_name: 'Feldman', contact_title: 'Head of School', contact_email: 'nfeldman@charteroakmontessori.example', contact_phone_number: '8605550139' },
      { contact_first_name: 'Victor', contact_last_name: 'Alves', contact_title: 'Board Treasurer', contact_email: 'valves@charteroakmontessori.example', contact_phone_number: '8605550181' },
    ],
    links: [{ link_type: 'Finance', link_title: 'CT Green Bank for nonprofits', link_url: 'https://www.ctgreenbank.com/' }],
    proposal: [
      { by: 'member', request: 'Nonprofit school; the board wants a PPA with no money down.' },
      { by: 'admin', hours: 4, status: 2, notes: 'Assigned.', engineer: ENGINEERS.priya },
      { by: 'admin', hours: 27, status: 3, notes: '96 kW on the upper roof.', link: proposalLink('P-2026-0126') },
      { by: 'member', revision: 'The board would like a second design that includes the gym roof as a phase two.', type: 'Request a separate proposal design' },
      { by: 'admin', hours: 4, status: 6, notes: 'Designing phase two on the gym roof.', engineer: ENGINEERS.priya },
    ],
  },
  {
    owner: 'referral',
    stage: 'Site Survey and Finalization',
    deal: { contract_value_usd: 198000, net_profit_usd: 29700 },
    lastActivityDaysAgo: 12,
    project: {
      company_name: 'Quincy Harbor Marine Supply',
      industry: 'Marine retail',
      address_1: '500 Victory Rd',
      city: 'Quincy',
      state: 'MA',
      zip: '02171',
      shade_interference: 'No',
      type_of_roof: 'Metal Roofing',
      age_of_roof: '6-10 Years',
      ...utility(quincyMeters, 0.25, {
        utility_company: 'National Grid',
        utility_account_holder: 'Quincy Harbor Marine Supply Co.',
        utility_account_number: '46120-90311',
        main_meter_number: '81 330 775',
        main_panel_amperage: '600',
        power_bill_received_status: 'Yes',
      }),
    },
    contacts: [{ contact_first_name: 'Sean', contact_last_name: 'Gallagher', contact_title: 'General Manager', contact_email: 'sean@quincyharbormarine.example', contact_phone_number: '6175550146' }],
    links: [{ link_type: 'Calendar', link_title: 'Site survey', link_url: 'https://calendar.sunin.example/surveys/quincy-harbor' }],
    proposal: [
      { by: 'member', request: 'Showroom and boat storage building. Salt air: please note the racking.' },
      { by: 'admin', hours: 4, status: 2, notes: 'Assigned.', engineer: ENGINEERS.dmitri },
      { by: 'admin', hours: 40, status: 3, notes: '128 kW with marine-grade racking.', link: proposalLink('P-2026-0109') },
      { by: 'member', revision: 'Could we add EV chargers for the staff lot to the same design?', type: 'Request a revision to the original proposal' },
      { by: 'admin', hours: 9, status: 8, notes: 'EV charging is outside what we design; the solar proposal stands.', rejection: { reason: 'out of scope' } },
    ],
  },
  {
    owner: 'referral',
    stage: 'Project Completion',
    deal: { contract_value_usd: 342000, net_profit_usd: 51300 },
    lastActivityDaysAgo: 25,
    project: {
      company_name: 'Reno Valley Distribution Center',
      industry: 'Logistics',
      address_1: '9655 Gateway Dr',
      city: 'Reno',
      state: 'NV',
      zip: '89521',
      shade_interference: 'No',
      type_of_roof: 'TPO and PVC Roofing',
      age_of_roof: '0-5 Years',
      ...utility(renoMeters, 0.1, {
        utility_company: 'NV Energy',
        utility_account_holder: 'Reno Valley Logistics LLC',
        utility_account_number: '3000 5521 0093 8',
        main_meter_number: 'NVE-90115',
        main_panel_amperage: '4000',
        power_bill_received_status: 'Yes',
        additional_utility_notes: 'Warehouse meter and the dock-door chargers for the forklift fleet.',
      }),
    },
    contacts: [{ contact_first_name: 'Kim', contact_last_name: 'Tanaka', contact_title: 'VP of Real Estate', contact_email: 'ktanaka@renovalleylogistics.example', contact_phone_number: '7755550164' }],
    links: [{ link_type: 'Other', link_title: 'Monitoring portal', link_url: 'https://monitor.sunin.example/sites/reno-valley' }],
    proposal: [
      { by: 'member', request: 'New 400,000 sq ft warehouse; tenant pays the power bill.' },
      { by: 'admin', hours: 4, status: 2, notes: 'Assigned.', engineer: ENGINEERS.morgan },
      { by: 'admin', hours: 44, status: 3, notes: '1.1 MW rooftop system sized to both meters.', link: proposalLink('P-2025-0942') },
    ],
  },
];
