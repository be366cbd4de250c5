import type { TariffInput } from '@sunin/contract';

/**
 * Example commercial tariffs for the five markets (issue 35 item 4), seeded with `example: true`.
 * Each is modelled on the structure of a utility's published commercial schedule (its TOU
 * seasons and hours, facility and on-peak demand charges, the export rule) with round rates of
 * the right size; none is the utility's current sheet, and each says so in its name and source.
 */
const CHECK = "check against the utility's current tariff sheet before showing it to a customer";
const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
const SUMMER_JUN_SEP = [6, 7, 8, 9];
const WINTER_OCT_MAY = [1, 2, 3, 4, 5, 10, 11, 12];

export const DEMO_TARIFFS: readonly TariffInput[] = [
  {
    name: 'Example: PG&E B-19-like TOU (secondary)',
    utility: 'Pacific Gas and Electric (PG&E)',
    state: 'CA',
    effective_date: '2025-03-01',
    source: `Example for the demo, modelled on PG&E's B-19 medium general demand-metered TOU schedule (summer June-September, peak 4-9 pm every day, winter super off-peak 9 am-2 pm) with net billing like NEM 3.0 (exports at a flat average of the avoided-cost values); ${CHECK}.`,
    customer_charge_usd: 1000,
    periods: [
      { name: 'Summer peak', months: SUMMER_JUN_SEP, days: 'all', start_hour: 16, end_hour: 21 },
      { name: 'Summer part-peak', months: SUMMER_JUN_SEP, days: 'all', start_hour: 14, end_hour: 16 },
      { name: 'Summer part-peak', months: SUMMER_JUN_SEP, days: 'all', start_hour: 21, end_hour: 23 },
      { name: 'Summer off-peak', months: SUMMER_JUN_SEP, days: 'all', start_hour: 0, end_hour: 14 },
      { name: 'Summer off-peak', months: SUMMER_JUN_SEP, days: 'all', start_hour: 23, end_hour: 24 },
      { name: 'Winter peak', months: WINTER_OCT_MAY, days: 'all', start_hour: 16, end_hour: 21 },
      { name: 'Winter super off-peak', months: WINTER_OCT_MAY, days: 'all', start_hour: 9, end_hour: 14 },
    ],
    energy_rates: [
      { period: null, usd_per_kwh: 0.14 },
      { period: 'Summer peak', usd_per_kwh: 0.21 },
      { period: 'Summer part-peak', usd_per_kwh: 0.17 },
      { period: 'Summer off-peak', usd_per_kwh: 0.14 },
      { period: 'Winter peak', usd_per_kwh: 0.17 },
      { period: 'Winter super off-peak', usd_per_kwh: 0.1 },
    ],
    demand_charges: [
      { period: null, usd_per_kw: 32 },
      { period: 'Summer peak', usd_per_kw: 22 },
      { period: 'Summer part-peak', usd_per_kw: 5 },
      { period: 'Winter peak', usd_per_kw: 2 },
    ],
    export_credit: 'net_billing',
    export_rate_usd_per_kwh: 0.06,
  },
  {
    name: 'Example: SCE TOU-GS-2-like, option D',
    utility: 'Southern California Edison (SCE)',
    state: 'CA',
    effective_date: '2025-01-01',
    source: `Example for the demo, modelled on SCE's TOU-GS-2 option D (20-200 kW: on-peak 4-9 pm weekdays in June-September, mid-peak 4-9 pm otherwise, super off-peak 8 am-4 pm in October-May) with net billing like NEM 3.0; ${CHECK}.`,
    customer_charge_usd: 190,
    periods: [
      { name: 'Summer on-peak', months: SUMMER_JUN_SEP, days: 'weekday', start_hour: 16, end_hour: 21 },
      { name: 'Mid-peak', months: SUMMER_JUN_SEP, days: 'weekend', start_hour: 16, end_hour: 21 },
      { name: 'Mid-peak', months: WINTER_OCT_MAY, days: 'all', start_hour: 16, end_hour: 21 },
      { name: 'Winter super off-peak', months: WINTER_OCT_MAY, days: 'all', start_hour: 8, end_hour: 16 },
    ],
    energy_rates: [
      { period: null, usd_per_kwh: 0.13 },
      { period: 'Summer on-peak', usd_per_kwh: 0.24 },
      { period: 'Mid-peak', usd_per_kwh: 0.18 },
      { period: 'Winter super off-peak', usd_per_kwh: 0.09 },
    ],
    demand_charges: [
      { period: null, usd_per_kw: 20 },
      { period: 'Summer on-peak', usd_per_kw: 18 },
      { period: 'Mid-peak', usd_per_kw: 4 },
    ],
    export_credit: 'net_billing',
    export_rate_usd_per_kwh: 0.055,
  },
  {
    name: 'Example: NV Energy LGS-1-like TOU (southern Nevada)',
    utility: 'NV Energy',
    state: 'NV',
    effective_date: '2025-04-01',
    source: `Example for the demo, modelled on NV Energy's large general service TOU schedule in southern Nevada (summer June-September: on-peak 1-7 pm and mid-peak 10 am-1 pm and 7-10 pm on weekdays; no TOU in winter) with net metering; ${CHECK}.`,
    customer_charge_usd: 300,
    periods: [
      { name: 'Summer on-peak', months: SUMMER_JUN_SEP, days: 'weekday', start_hour: 13, end_hour: 19 },
      { name: 'Summer mid-peak', months: SUMMER_JUN_SEP, days: 'weekday', start_hour: 10, end_hour: 13 },
      { name: 'Summer mid-peak', months: SUMMER_JUN_SEP, days: 'weekday', start_hour: 19, end_hour: 22 },
    ],
    energy_rates: [
      { period: null, usd_per_kwh: 0.07 },
      { period: 'Summer on-peak', usd_per_kwh: 0.13 },
      { period: 'Summer mid-peak', usd_per_kwh: 0.09 },
    ],
    demand_charges: [
      { period: null, usd_per_kw: 9 },
      { period: 'Summer on-peak', usd_per_kw: 14 },
    ],
    export_credit: 'net_metering',
    export_rate_usd_per_kwh: 0.03,
  },
  {
    name: 'Example: Oncor-area secondary service with a retail TOU plan',
    utility: 'Oncor (delivery) and a retail electric provider',
    state: 'TX',
    effective_date: '2025-01-01',
    source: `Example for the demo, modelled on a Texas retail commercial plan with a summer weekday peak of 1-7 pm (June-September) plus Oncor's secondary-service delivery charges (a monthly customer charge and a distribution demand charge per kW); the export rate is a retail buyback with monthly netting; ${CHECK}.`,
    customer_charge_usd: 60,
    periods: [{ name: 'Summer peak', months: SUMMER_JUN_SEP, days: 'weekday', start_hour: 13, end_hour: 19 }],
    energy_rates: [
      { period: null, usd_per_kwh: 0.075 },
      { period: 'Summer peak', usd_per_kwh: 0.14 },
    ],
    demand_charges: [{ period: null, usd_per_kw: 6.5 }],
    export_credit: 'net_metering',
    export_rate_usd_per_kwh: 0.035,
  },
  {
    name: 'Example: Eversource MA G-3-like TOU (Greater Boston)',
    utility: 'Eversource Energy (Massachusetts)',
    state: 'MA',
    effective_date: '2025-01-01',
    source: `Example for the demo, modelled on Eversource's Greater Boston G-3 time-of-use general service (peak 9 am-6 pm on weekdays all year, basic service included in the energy rates) with Massachusetts net metering; ${CHECK}.`,
    customer_charge_usd: 250,
    periods: [{ name: 'Peak', months: ALL_YEAR, days: 'weekday', start_hour: 9, end_hour: 18 }],
    energy_rates: [
      { period: null, usd_per_kwh: 0.19 },
      { period: 'Peak', usd_per_kwh: 0.24 },
    ],
    demand_charges: [{ period: null, usd_per_kw: 22 }],
    export_credit: 'net_metering',
    export_rate_usd_per_kwh: 0.09,
  },
  {
    name: 'Example: Eversource CT Rate 56-like intermediate TOU',
    utility: 'Eversource Energy (Connecticut)',
    state: 'CT',
    effective_date: '2025-01-01',
    source: `Example for the demo, modelled on Eversource Connecticut's Rate 56 intermediate general TOU service (peak noon-8 pm on weekdays all year) with monthly netting of exports; ${CHECK}.`,
    customer_charge_usd: 110,
    periods: [{ name: 'Peak', months: ALL_YEAR, days: 'weekday', start_hour: 12, end_hour: 20 }],
    energy_rates: [
      { period: null, usd_per_kwh: 0.2 },
      { period: 'Peak', usd_per_kwh: 0.27 },
    ],
    demand_charges: [
      { period: null, usd_per_kw: 13 },
      { period: 'Peak', usd_per_kw: 10 },
    ],
    export_credit: 'net_metering',
    export_rate_usd_per_kwh: 0.08,
  },
];
