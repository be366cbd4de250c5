import { tariffInputSchema, tariffProblems, type DayKind, type ExportCredit, type Tariff, type TariffInput } from '@sunin/contract';

/**
 * The tariff editor's state and its translation to the API's body (issue 35 item 4). Numbers
 * stay text while typed; rates are kept by period name, so the rate rows follow the periods:
 * one row per distinct period name plus the base row (energy: hours in no period; demand: the
 * facility charge on the month's highest kW at any hour).
 */
export interface PeriodRow {
  /** A stable React key: rows are added and removed in the middle. */
  key: string;
  name: string;
  months: number[];
  days: DayKind;
  start_hour: number;
  end_hour: number;
}

export interface RateCells {
  energy: string;
  demand: string;
}

export interface TariffForm {
  name: string;
  utility: string;
  state: string;
  effective_date: string;
  source: string;
  customer_charge_usd: string;
  export_credit: ExportCredit;
  export_rate_usd_per_kwh: string;
  periods: PeriodRow[];
  /** By period name; '' is the base / facility row. */
  rates: Record<string, RateCells>;
}

export const BASE = '';
let nextKey = 0;
export const newPeriodKey = () => `period-${++nextKey}`;

export function newPeriod(name = ''): PeriodRow {
  return { key: newPeriodKey(), name, months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], days: 'weekday', start_hour: 16, end_hour: 21 };
}

export function emptyTariffForm(): TariffForm {
  return {
    name: '',
    utility: '',
    state: '',
    effective_date: '',
    source: '',
    customer_charge_usd: '',
    export_credit: 'net_metering',
    export_rate_usd_per_kwh: '',
    periods: [],
    rates: { [BASE]: { energy: '', demand: '' } },
  };
}

export function tariffToForm(tariff: Tariff): TariffForm {
  const rates: Record<string, RateCells> = { [BASE]: { energy: '', demand: '' } };
  const cell = (period: string | null) => (rates[period ?? BASE] ??= { energy: '', demand: '' });
  for (const rate of tariff.energy_rates) cell(rate.period).energy = String(rate.usd_per_kwh);
  for (const charge of tariff.demand_charges) cell(charge.period).demand = String(charge.usd_per_kw);
  return {
    name: tariff.name,
    utility: tariff.utility,
    state: tariff.state,
    effective_date: tariff.effective_date,
    source: tariff.source,
    customer_charge_usd: String(tariff.customer_charge_usd),
    export_credit: tariff.export_credit,
    export_rate_usd_per_kwh: String(tariff.export_rate_usd_per_kwh),
    periods: tariff.periods.map((period) => ({ key: newPeriodKey(), ...period, months: [...period.months] })),
    rates,
  };
}

/** The distinct period names in order of first appearance (blank names left out). */
export function periodNames(periods: readonly Pick<PeriodRow, 'name'>[]): string[] {
  return [...new Set(periods.map((period) => period.name.trim()).filter(Boolean))];
}

/** Typed text as a number; blank is NaN, which the schema refuses with the field's own message. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/**
 * The body the API takes, and which rate row each entry of energy_rates and demand_charges came
 * from (so that the server's `energy_rates.2.usd_per_kwh` finds its input again).
 */
export function tariffFromForm(form: TariffForm): { input: TariffInput; energyRows: string[]; demandRows: string[] } {
  const rows = [BASE, ...periodNames(form.periods)];
  const energyRows = rows.filter((name) => name === BASE || (form.rates[name]?.energy ?? '').trim() !== '');
  const demandRows = rows.filter((name) => (form.rates[name]?.demand ?? '').trim() !== '');
  const input: TariffInput = {
    name: form.name,
    utility: form.utility,
    state: form.state as TariffInput['state'],
    effective_date: form.effective_date,
    source: form.source,
    customer_charge_usd: numberOf(form.customer_charge_usd),
    periods: form.periods.map(({ name, months, days, start_hour, end_hour }) => ({ name: name.trim(), months: [...months].sort((a, b) => a - b), days, start_hour, end_hour })),
    energy_rates: energyRows.map((name) => ({ period: name === BASE ? null : name, usd_per_kwh: numberOf(form.rates[name]?.energy ?? '') })),
    demand_charges: demandRows.map((name) => ({ period: name === BASE ? null : name, usd_per_kw: numberOf(form.rates[name]?.demand ?? '') })),
    export_credit: form.export_credit,
    export_rate_usd_per_kwh: numberOf(form.export_rate_usd_per_kwh),
  };
  return { input, energyRows, demandRows };
}

/** Where an error shows: a field name, `periods.N`, or `energy:<name>` / `demand:<name>` for a rate row. */
export type PlacedErrors = Record<string, string>;
export const rateErrorKey = (kind: 'energy' | 'demand', name: string) => `${kind}:${name}`;

/**
 * The API's (or the schema's) field errors, keyed as the editor shows them: a period's problems
 * gather under its row, a rate's under its row of the rates table.
 */
export function placeErrors(fields: Record<string, string>, rows: { energyRows: string[]; demandRows: string[] }): PlacedErrors {
  const placed: PlacedErrors = {};
  const add = (key: string, message: string) => {
    placed[key] = placed[key] && !placed[key].includes(message) ? `${placed[key]} ${message}` : message;
  };
  for (const [rawKey, message] of Object.entries(fields)) {
    const key = rawKey.replace(/^tariff\./, '');
    const [field, index] = key.split('.');
    const position = Number(index);
    if (field === 'periods' && Number.isInteger(position)) add(`periods.${position}`, message);
    else if (field === 'energy_rates' && Number.isInteger(position) && rows.energyRows[position] !== undefined) add(rateErrorKey('energy', rows.energyRows[position]), message);
    else if (field === 'demand_charges' && Number.isInteger(position) && rows.demandRows[position] !== undefined) add(rateErrorKey('demand', rows.demandRows[position]), message);
    else add(field ?? key, message);
  }
  return placed;
}

/** The schema's verdict on the form, before the server's: the same messages, placed the same way. */
export function checkTariffForm(form: TariffForm): { input: TariffInput; errors: PlacedErrors } {
  const built = tariffFromForm(form);
  const parsed = tariffInputSchema.safeParse(built.input);
  if (parsed.success) return { input: parsed.data, errors: {} };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'tariff'] ??= issue.message;
  // zod runs the cross-field rules only once every field parses: an overlap is said together with a blank name.
  for (const problem of tariffProblems(built.input)) fields[problem.path.join('.')] ??= problem.message;
  return { input: built.input, errors: placeErrors(fields, built) };
}

// -------------------------------------------------------------------------------------------
// The 12 x 24 grid

export const GRID_DAY_KINDS = ['weekday', 'weekend'] as const;

/**
 * Which period name holds each month x hour, per day kind: the index into `periodNames`, or -1
 * for the base rate. The first period listed wins an hour two periods claim (the overlap is an
 * error the editor names).
 */
export function periodGrid(periods: readonly PeriodRow[]): Record<(typeof GRID_DAY_KINDS)[number], number[][]> {
  const names = periodNames(periods);
  const grid = { weekday: blank(), weekend: blank() };
  for (const period of periods) {
    const name = names.indexOf(period.name.trim());
    if (name < 0 || !(period.end_hour > period.start_hour)) continue;
    const kinds = period.days === 'all' ? GRID_DAY_KINDS : [period.days];
    for (const kind of kinds) {
      for (const month of period.months) {
        const row = grid[kind][month - 1];
        if (!row) continue;
        for (let hour = Math.max(0, period.start_hour); hour < Math.min(24, period.end_hour); hour += 1) if (row[hour] === -1) row[hour] = name;
      }
    }
  }
  return grid;
}
const blank = () => Array.from({ length: 12 }, () => Array.from({ length: 24 }, () => -1));

/**
 * A short code per period name for the grid's cells: the initial, or the initials of its words
 * when two names share an initial, numbered when even those collide.
 */
export function periodCodes(names: readonly string[]): string[] {
  const initial = (name: string) => name.charAt(0).toUpperCase();
  const words = (name: string) =>
    name
      .split(/[\s-]+/)
      .filter(Boolean)
      .map((word) => word.charAt(0).toUpperCase())
      .join('')
      .slice(0, 3);
  const first = names.map(initial);
  const codes = names.map((name, index) => (first.filter((code) => code === first[index]).length > 1 ? words(name) : first[index]!));
  const seen = new Map<string, number>();
  return codes.map((code) => {
    const count = (seen.get(code) ?? 0) + 1;
    seen.set(code, count);
    return codes.filter((other) => other === code).length > 1 ? `${code}${count}` : code;
  });
}

/** Colour pairs of the grid, one per period name in order (the base rate is the plain cell). */
export const PERIOD_COLOURS = [
  'bg-rose-200 text-rose-950',
  'bg-amber-200 text-amber-950',
  'bg-sky-200 text-sky-950',
  'bg-emerald-200 text-emerald-950',
  'bg-violet-200 text-violet-950',
  'bg-orange-300 text-orange-950',
  'bg-teal-200 text-teal-950',
  'bg-fuchsia-200 text-fuchsia-950',
  'bg-lime-300 text-lime-950',
  'bg-indigo-200 text-indigo-950',
  'bg-cyan-200 text-cyan-950',
  'bg-pink-300 text-pink-950',
] as const;
export const periodColour = (index: number) => PERIOD_COLOURS[index % PERIOD_COLOURS.length]!;
export const BASE_COLOUR = 'bg-ink-50 text-ink-500';
