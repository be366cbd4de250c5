import { z } from 'zod';
import { int4Id, isoDay } from './input-bounds.js';
import { US_STATE_CODES, type UsStateCode } from './us-states.js';

/**
 * Commercial tariffs (issue 35 item 4; DOMAIN.md 1b): what a meter pays for energy by the
 * hour, for its month's peak kW and for its exports. An administrator keeps them; members read
 * them to choose one per meter. Entries of `periods` that share a name form one period (an
 * off-peak of 00-08 and 21-24 is two entries named "Off-peak"); `period: null` in a rate is the
 * base energy rate (hours in no period) or the facility demand charge (the month's highest kW
 * at any hour). Ratchets, minimum bills and riders are out of scope (decision 038).
 */

export const DAY_KINDS = ['weekday', 'weekend', 'all'] as const;
export type DayKind = (typeof DAY_KINDS)[number];
export const EXPORT_CREDITS = ['net_metering', 'net_billing'] as const;
export type ExportCredit = (typeof EXPORT_CREDITS)[number];
export const EXPORT_CREDIT_LABELS: Record<ExportCredit, string> = {
  net_metering: 'Net metering: exports earn the energy rate of their hour',
  net_billing: 'Net billing: exports earn the export rate',
};

/** Sanity bounds of a tariff's numbers: a rate beyond them is a typing mistake, not a tariff. */
export const TARIFF_BOUNDS = {
  customerChargeUsd: 100_000,
  energyUsdPerKwh: 5,
  demandUsdPerKw: 500,
  exportUsdPerKwh: 5,
  periods: 24,
  nameLength: 100,
  sourceLength: 2000,
} as const;

const money = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} must be at least 0.`)
    .max(max, `${label} must be at most ${max}.`);
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

export const tariffPeriodSchema = z
  .strictObject({
    name: requiredText('Period name', 50),
    months: z
      .array(z.number({ error: 'Months must be numbers 1 to 12.' }).int('Months must be whole numbers 1 to 12.').min(1, 'Months are 1 to 12.').max(12, 'Months are 1 to 12.'), {
        error: 'Months must be a list of numbers 1 to 12.',
      })
      .min(1, 'Give at least one month.')
      .max(12, 'Give at most 12 months.')
      .refine((months) => new Set(months).size === months.length, 'A month is listed twice.'),
    days: z.enum(DAY_KINDS, { error: `Days must be one of: ${DAY_KINDS.join(', ')}.` }),
    start_hour: z.number({ error: 'Start hour must be a number.' }).int('Start hour must be a whole hour.').min(0, 'Start hour is 0 to 23.').max(23, 'Start hour is 0 to 23.'),
    end_hour: z.number({ error: 'End hour must be a number.' }).int('End hour must be a whole hour.').min(1, 'End hour is 1 to 24.').max(24, 'End hour is 1 to 24.'),
  })
  .refine((period) => period.end_hour > period.start_hour, { message: 'The end hour must be after the start hour (split a period that crosses midnight in two entries of the same name).', path: ['end_hour'] });
export type TariffPeriod = z.infer<typeof tariffPeriodSchema>;

const periodRef = z.union([requiredText('Period', 50), z.null()], { error: 'Period must be a period name or null.' });

export const tariffInputSchema = z
  .strictObject({
    name: requiredText('Name', TARIFF_BOUNDS.nameLength),
    utility: requiredText('Utility', TARIFF_BOUNDS.nameLength),
    state: z.enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: 'State must be a two-letter state code.' }),
    effective_date: isoDay('Effective date'),
    source: z.string({ error: 'Source must be text.' }).trim().max(TARIFF_BOUNDS.sourceLength, `Source must be at most ${TARIFF_BOUNDS.sourceLength} characters.`).default(''),
    customer_charge_usd: money('Customer charge', TARIFF_BOUNDS.customerChargeUsd),
    periods: z.array(tariffPeriodSchema, { error: 'Periods must be a list.' }).max(TARIFF_BOUNDS.periods, `At most ${TARIFF_BOUNDS.periods} period entries.`),
    energy_rates: z
      .array(z.strictObject({ period: periodRef, usd_per_kwh: money('Energy rate', TARIFF_BOUNDS.energyUsdPerKwh) }), { error: 'Energy rates must be a list.' })
      .max(TARIFF_BOUNDS.periods + 1),
    demand_charges: z
      .array(z.strictObject({ period: periodRef, usd_per_kw: money('Demand charge', TARIFF_BOUNDS.demandUsdPerKw) }), { error: 'Demand charges must be a list.' })
      .max(TARIFF_BOUNDS.periods + 1),
    export_credit: z.enum(EXPORT_CREDITS, { error: `Export credit must be one of: ${EXPORT_CREDITS.join(', ')}.` }),
    export_rate_usd_per_kwh: money('Export rate', TARIFF_BOUNDS.exportUsdPerKwh),
  })
  .superRefine((tariff, ctx) => {
    for (const issue of tariffProblems(tariff)) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
export type TariffInput = z.infer<typeof tariffInputSchema>;

/** The cross-field rules of a tariff, each with the path of the field it names. */
export function tariffProblems(tariff: Pick<TariffInput, 'periods' | 'energy_rates' | 'demand_charges'>): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const names = new Set(tariff.periods.map((period) => period.name));
  // Who holds each (month, day kind, hour): a second holder is an overlap.
  const holder = new Map<string, number>();
  tariff.periods.forEach((period, index) => {
    const kinds = period.days === 'all' ? ['weekday', 'weekend'] : [period.days];
    for (const month of period.months) {
      for (const kind of kinds) {
        for (let hour = period.start_hour; hour < period.end_hour; hour += 1) {
          const key = `${month}-${kind}-${hour}`;
          const first = holder.get(key);
          if (first !== undefined && !problems.some((problem) => problem.path[1] === index)) {
            problems.push({
              path: ['periods', index],
              message: `Period "${period.name}" overlaps period "${tariff.periods[first]!.name}" in month ${month}, ${kind}s, hour ${hour}: each hour belongs to at most one period.`,
            });
          }
          if (first === undefined) holder.set(key, index);
        }
      }
    }
  });
  const checkRates = (list: { period: string | null }[], field: 'energy_rates' | 'demand_charges', noun: string) => {
    const seen = new Set<string | null>();
    list.forEach((rate, index) => {
      if (rate.period !== null && !names.has(rate.period)) problems.push({ path: [field, index, 'period'], message: `${noun} names period "${rate.period}", which the tariff does not have.` });
      if (seen.has(rate.period)) problems.push({ path: [field, index, 'period'], message: `${noun} for ${rate.period === null ? 'the base' : `period "${rate.period}"`} is given twice.` });
      seen.add(rate.period);
    });
  };
  checkRates(tariff.energy_rates, 'energy_rates', 'An energy rate');
  checkRates(tariff.demand_charges, 'demand_charges', 'A demand charge');
  if (!tariff.energy_rates.some((rate) => rate.period === null)) problems.push({ path: ['energy_rates'], message: 'Give a base energy rate (period null): it prices the hours in no period.' });
  return problems;
}

export const tariffBodySchema = z.strictObject({ tariff: tariffInputSchema });

export const tariffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  utility: z.string(),
  state: z.string(),
  effective_date: z.string(),
  source: z.string(),
  customer_charge_usd: z.number(),
  periods: z.array(z.object({ name: z.string(), months: z.array(z.number().int()), days: z.enum(DAY_KINDS), start_hour: z.number().int(), end_hour: z.number().int() })),
  energy_rates: z.array(z.object({ period: z.string().nullable(), usd_per_kwh: z.number() })),
  demand_charges: z.array(z.object({ period: z.string().nullable(), usd_per_kw: z.number() })),
  export_credit: z.enum(EXPORT_CREDITS),
  export_rate_usd_per_kwh: z.number(),
  /** A seeded example, to be checked against the utility's current tariff sheet before use. */
  example: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Tariff = z.infer<typeof tariffSchema>;
/** What the bill engine reads of a tariff. */
export type TariffRates = Pick<Tariff, 'customer_charge_usd' | 'periods' | 'energy_rates' | 'demand_charges' | 'export_credit' | 'export_rate_usd_per_kwh'>;

export const tariffIdParamsSchema = z.object({ id: int4Id('The id', 'The id must be a number.') });
/** GET /api/tariffs?state= (members) and GET /api/admin/tariffs?state= (both optional). */
export const tariffListQuerySchema = z.object({
  state: z
    .string({ error: 'state must be text.' })
    .trim()
    .toUpperCase()
    .pipe(z.enum(US_STATE_CODES as [UsStateCode, ...UsStateCode[]], { error: 'state must be a two-letter state code.' }))
    .optional(),
});
export const tariffListSchema = z.object({ tariffs: z.array(tariffSchema) });
export const tariffResponseSchema = z.object({ tariff: tariffSchema });

export const TARIFF_MESSAGES = {
  notFound: 'Tariff not found.',
  inUse: (projects: number) =>
    `This tariff is chosen for meters of ${projects} project${projects === 1 ? '' : 's'}: choose another tariff for them before deleting it.`,
  unknownOnMeter: 'That tariff does not exist (it may have been deleted): choose another one.',
  exampleNote: "An example: check it against the utility's current tariff sheet before showing it to a customer.",
} as const;

// -------------------------------------------------------------------------------------------
// Meters (issue 35 item 1)

/** DOMAIN.md 1b load profiles, by the shape of the day of the business. */
export const LOAD_PROFILES = ['constant', 'office', 'retail', 'warehouse', 'manufacturing_1_shift', 'manufacturing_2_shifts', 'cold_storage', 'school'] as const;
export type LoadProfile = (typeof LOAD_PROFILES)[number];
export const LOAD_PROFILE_LABELS: Record<LoadProfile, string> = {
  constant: 'Constant (same every hour)',
  office: 'Office (weekdays 8 am-6 pm)',
  retail: 'Retail (every day 9 am-9 pm)',
  warehouse: 'Warehouse (weekdays 6 am-6 pm)',
  manufacturing_1_shift: 'Manufacturing, 1 shift (weekdays 7 am-4 pm)',
  manufacturing_2_shifts: 'Manufacturing, 2 shifts (weekdays 6 am-10 pm, Saturdays 6 am-2 pm)',
  cold_storage: 'Cold storage (every day, flat)',
  school: 'School (weekdays 7 am-4 pm, less in summer)',
};
export const DEFAULT_LOAD_PROFILE: LoadProfile = 'office';

/** The year whose calendar typed values default to and the bill engine computes (DOMAIN.md 1b). */
export const REFERENCE_YEAR = 2025;
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
export const MONTH_SHORT_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const monthsOf = (year: number): string[] => Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
/** Made once: every project answer without stored meters asks for them, twice a meter on a page of 25. */
const REFERENCE_MONTHS: readonly string[] = monthsOf(REFERENCE_YEAR);
/** '2025-01' ... '2025-12': the months of a meter whose values were typed against month names. A new array each time (a caller may change its own). */
export const defaultMeterMonths = (year = REFERENCE_YEAR): string[] => (year === REFERENCE_YEAR ? REFERENCE_MONTHS.slice() : monthsOf(year));
/** 'March 2025' for '2025-03'. */
export const monthLabel = (month: string): string => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
/** 'Mar 2025' for '2025-03'. */
export const shortMonthLabel = (month: string): string => `${MONTH_SHORT_NAMES[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
export const defaultMeterName = (index: number) => `Meter ${index + 1}`;

const YEAR_MONTH = /^(19[7-9]\d|2[01]\d\d)-(0[1-9]|1[0-2])$/;
export const METER_MESSAGES = {
  months: 'Each meter needs the calendar months of its 12 values, each written YYYY-MM, and each month of the year once.',
  count: 'Give one meter entry (name, tariff, load profile, months) per meter of monthly kWh values.',
  intervalImport: 'That interval import does not belong to this project (or was replaced): import the file again.',
} as const;

export const meterSchema = z.strictObject({
  name: z.string({ error: 'Meter name must be text.' }).trim().max(100, 'Meter name must be at most 100 characters.'),
  tariff_id: z.union([int4Id('Tariff'), z.null()]).default(null),
  load_profile: z.enum(LOAD_PROFILES, { error: `Load profile must be one of: ${LOAD_PROFILES.join(', ')}.` }).default(DEFAULT_LOAD_PROFILE),
  months: z
    .array(z.string({ error: METER_MESSAGES.months }).regex(YEAR_MONTH, METER_MESSAGES.months), { error: METER_MESSAGES.months })
    .length(12, METER_MESSAGES.months)
    .refine((months) => new Set(months.map((month) => month.slice(5))).size === 12, METER_MESSAGES.months),
  /** The interval data an import kept for this meter (issue 35 item 3): the id the import answered, or null. */
  interval_import_id: z.union([int4Id('Interval import'), z.null()]).default(null),
});
export type MeterInput = z.input<typeof meterSchema>;
export type Meter = z.infer<typeof meterSchema>;
export const meterAnswerSchema = z.object({
  name: z.string(),
  tariff_id: z.number().int().nullable(),
  load_profile: z.enum(LOAD_PROFILES),
  months: z.array(z.string()),
  interval_import_id: z.number().int().nullable(),
  /** What the import kept, when it did: its step and span. */
  interval: z.object({ step_minutes: z.number().int(), first_month: z.string(), last_month: z.string() }).nullable(),
});
export type MeterAnswer = z.infer<typeof meterAnswerSchema>;

/** A meter's entry for position `index` when none was given: January to December of the reference year. */
export const defaultMeter = (index: number): Meter => ({
  name: defaultMeterName(index),
  tariff_id: null,
  load_profile: DEFAULT_LOAD_PROFILE,
  months: defaultMeterMonths(),
  interval_import_id: null,
});
