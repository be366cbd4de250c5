import { DEFAULT_LOAD_PROFILE, defaultMeter, defaultMeterMonths, defaultMeterName, LOAD_PROFILES, METER_MESSAGES, TARIFF_MESSAGES, type Meter, type MeterAnswer, type projectUpdateSchema } from '@sunin/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.js';
import { meterIntervalImports, tariffs, type ProjectRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * A project's meters beside its monthly kWh (issue 35 items 1 and 3, docs/decisions/039): one
 * entry per meter of `kilowatt_amounts`, same order. What is stored is fitted to the kWh
 * (entries kept by position, padded with January-December defaults, cut with their meter), and
 * a write that names tariffs or interval data names only ones that exist for this project.
 */

type ProjectUpdate = z.output<typeof projectUpdateSchema>;
/** A write as the table takes it: `tax_exempt_owner` is `tax_exempt` by its issue-35 name. */
export type ProjectColumnsUpdate = Omit<ProjectUpdate, 'tax_exempt_owner'>;

/** A value that can be an int4 identity (a hand-edited row's id could be anything). */
const isRowId = (id: number | null): id is number => id !== null && Number.isInteger(id) && id > 0 && id <= 2_147_483_647;

/** The stored entries fitted to `count` meters: kept by position, padded with defaults, cut when longer; an empty name gets its default. */
export function fitMeters(stored: readonly Meter[] | null | undefined, count: number): Meter[] {
  return Array.from({ length: count }, (_, index) => {
    const entry = stored?.[index] as Partial<Meter> | null | undefined;
    if (!entry || typeof entry !== 'object') return defaultMeter(index);
    // Written through meterSchema; a row edited by hand still answers the contract's shape. The
    // default is made only for a field that needs it (a page of projects fits every meter).
    return {
      name: (typeof entry.name === 'string' && entry.name.trim()) || defaultMeterName(index),
      tariff_id: isRowId(entry.tariff_id ?? null) ? entry.tariff_id! : null,
      load_profile: entry.load_profile && (LOAD_PROFILES as readonly string[]).includes(entry.load_profile) ? entry.load_profile : DEFAULT_LOAD_PROFILE,
      months: Array.isArray(entry.months) && entry.months.length === 12 && entry.months.every((month) => typeof month === 'string') ? entry.months : defaultMeterMonths(),
      interval_import_id: isRowId(entry.interval_import_id ?? null) ? entry.interval_import_id! : null,
    };
  });
}

/** What an import kept for a meter, as the answer shows it. */
export type IntervalSummary = NonNullable<MeterAnswer['interval']>;
export type IntervalSummaries = ReadonlyMap<number, IntervalSummary & { project_id: number }>;

const NO_SUMMARIES: IntervalSummaries = new Map();

/** The interval imports the meters of these projects name: one query for a page of projects. */
export async function readIntervalSummaries(db: Executor, rows: ReadonlyArray<Pick<ProjectRow, 'meters'>>): Promise<IntervalSummaries> {
  // The ids fitMeters would keep, read straight from the stored entries: most pages name none.
  const ids = new Set<number>();
  for (const row of rows) {
    if (!Array.isArray(row.meters)) continue;
    for (const entry of row.meters as Array<Partial<Meter> | null>) {
      const id = entry !== null && typeof entry === 'object' ? (entry.interval_import_id ?? null) : null;
      if (isRowId(id)) ids.add(id);
    }
  }
  if (ids.size === 0) return NO_SUMMARIES;
  const found = await db
    .select({ id: meterIntervalImports.id, project_id: meterIntervalImports.project_id, step_seconds: meterIntervalImports.step_seconds, first_month: meterIntervalImports.first_month, last_month: meterIntervalImports.last_month })
    .from(meterIntervalImports)
    .where(inArray(meterIntervalImports.id, [...ids]));
  return new Map(found.map((row) => [row.id, { project_id: row.project_id, step_minutes: Math.round(row.step_seconds / 60), first_month: row.first_month, last_month: row.last_month }]));
}

/** The project's meters as the API answers them. */
export function meterAnswers(row: Pick<ProjectRow, 'id' | 'meters' | 'kilowatt_amounts'>, summaries: IntervalSummaries | undefined): MeterAnswer[] {
  const meters = fitMeters(row.meters, row.kilowatt_amounts.length);
  const answers = new Array<MeterAnswer>(meters.length);
  for (let index = 0; index < meters.length; index++) {
    const meter = meters[index]!;
    const summary = meter.interval_import_id === null ? undefined : summaries?.get(meter.interval_import_id);
    answers[index] = {
      name: meter.name,
      tariff_id: meter.tariff_id,
      load_profile: meter.load_profile,
      months: meter.months,
      interval_import_id: meter.interval_import_id,
      interval: summary && summary.project_id === row.id ? { step_minutes: summary.step_minutes, first_month: summary.first_month, last_month: summary.last_month } : null,
    };
  }
  return answers;
}

const refuse = (field: string, message: string) => new AppError('validation_failed', message, { [field]: message });

/**
 * The write's own rules, before anything is read: `tax_exempt_owner` becomes `tax_exempt` (both
 * sent and different is refused), and the sent meters must match the sent kWh in number.
 */
export function normalizeProjectInput<T extends ProjectUpdate>(input: T): Omit<T, 'tax_exempt_owner'> {
  const { tax_exempt_owner, ...rest } = input;
  if (tax_exempt_owner !== undefined && rest.tax_exempt !== undefined && tax_exempt_owner !== rest.tax_exempt) {
    throw refuse('tax_exempt_owner', 'Tax-exempt owner and tax-exempt say different things: send one of them.');
  }
  const taxExempt = rest.tax_exempt ?? tax_exempt_owner;
  return { ...rest, ...(taxExempt === undefined ? {} : { tax_exempt: taxExempt }) };
}

/** The ids of interval imports meters name. */
export const namedIntervalImports = (meters: readonly Meter[]): number[] => meters.flatMap((meter) => (meter.interval_import_id === null ? [] : [meter.interval_import_id]));

export interface MeterPlan<T extends ProjectColumnsUpdate> {
  /** The write with `meters` fitted to the resulting kWh (absent when neither changes). */
  input: T;
  /** The interval imports the meters named before the write and no longer name (to delete with it); null when none. */
  replacedIntervalImports: number[] | null;
  /** The write names a tariff or interval import its meters did not name before: checked under a lock, in a transaction. */
  namesNewReferences: boolean;
}

/**
 * The meters a write leaves, from the project as read (null for a new project): sent meters
 * must be one per resulting meter of kWh; without them the stored entries are fitted to a
 * changed number of meters. Tariffs must exist and interval imports be this project's.
 */
export async function planMeters<T extends ProjectColumnsUpdate>(db: Executor, current: ProjectRow | null, input: T, options: { lock?: boolean } = {}): Promise<MeterPlan<T>> {
  const kilowatts = input.kilowatt_amounts ?? current?.kilowatt_amounts ?? [];
  const storedMeters = current ? fitMeters(current.meters, current.kilowatt_amounts.length) : [];
  if (input.meters === undefined) {
    if (current && input.kilowatt_amounts === undefined) return { input, replacedIntervalImports: null, namesNewReferences: false };
    const meters = fitMeters(current?.meters, kilowatts.length);
    return { input: { ...input, meters }, replacedIntervalImports: replacedImports(storedMeters, meters), namesNewReferences: false };
  }
  if (input.meters.length !== kilowatts.length) throw refuse('meters', METER_MESSAGES.count);
  const meters = fitMeters(input.meters, kilowatts.length);
  await checkReferences(db, current?.id ?? null, meters, options.lock === true);
  return { input: { ...input, meters }, replacedIntervalImports: replacedImports(storedMeters, meters), namesNewReferences: namesNew(storedMeters, meters) };
}

/** The imports named before and not after (a replaced or removed meter's import goes), else null. */
function replacedImports(before: readonly Meter[], after: readonly Meter[]): number[] | null {
  const now = new Set(namedIntervalImports(after));
  const gone = [...new Set(namedIntervalImports(before))].filter((id) => !now.has(id));
  return gone.length > 0 ? gone : null;
}

const lockedIf = <Q extends { for: (strength: 'key share') => Q }>(query: Q, lock: boolean): Q => (lock ? query.for('key share') : query);

/** Whether `after` names a tariff or interval import `before` did not. */
function namesNew(before: readonly Meter[], after: readonly Meter[]): boolean {
  const tariffsBefore = new Set(before.map((meter) => meter.tariff_id));
  const importsBefore = new Set(namedIntervalImports(before));
  return after.some((meter) => (meter.tariff_id !== null && !tariffsBefore.has(meter.tariff_id)) || (meter.interval_import_id !== null && !importsBefore.has(meter.interval_import_id)));
}

/**
 * Tariffs must exist and interval imports be this project's. With `lock` (inside the write's
 * transaction) the rows found are held FOR KEY SHARE until the commit, so a tariff's deletion
 * (which locks it FOR UPDATE and counts the meters naming it) or the sweep cannot remove one
 * between this check and the write.
 */
async function checkReferences(db: Executor, projectId: number | null, meters: readonly Meter[], lock: boolean): Promise<void> {
  const tariffIds = [...new Set(meters.flatMap((meter) => (meter.tariff_id === null ? [] : [meter.tariff_id])))];
  const importIds = [...new Set(namedIntervalImports(meters))];
  const [knownTariffs, ownImports] = await Promise.all([
    tariffIds.length === 0 ? [] : lockedIf(db.select({ id: tariffs.id }).from(tariffs).where(inArray(tariffs.id, tariffIds)).$dynamic(), lock),
    importIds.length === 0 || projectId === null
      ? []
      : lockedIf(
          db
            .select({ id: meterIntervalImports.id })
            .from(meterIntervalImports)
            .where(and(eq(meterIntervalImports.project_id, projectId), inArray(meterIntervalImports.id, importIds)))
            .$dynamic(),
          lock,
        ),
  ]);
  const tariffFound = new Set(knownTariffs.map((row) => row.id));
  const importFound = new Set(ownImports.map((row) => row.id));
  const fields: Record<string, string> = {};
  meters.forEach((meter, index) => {
    if (meter.tariff_id !== null && !tariffFound.has(meter.tariff_id)) fields[`meters.${index}.tariff_id`] = TARIFF_MESSAGES.unknownOnMeter;
    if (meter.interval_import_id !== null && !importFound.has(meter.interval_import_id)) fields[`meters.${index}.interval_import_id`] = METER_MESSAGES.intervalImport;
  });
  const [first] = Object.values(fields);
  if (first) throw new AppError('validation_failed', first, fields);
}
