import { defaultMeterName, MONTH_NAMES, MONTHS_PER_METER, type UsageImport } from '@sunin/contract';
import { emptyMeter, meterHasValues, type MeterValues } from './project-form-values';

/*
 * What the usage import dialog works out from the server's answer (issue 35 item 2): how many
 * months each meter of the file has, in words; whether it looks like a meter already in the
 * form; and the form's meters once the file's meters are put where the partner chose.
 */

/** Where one meter of the file goes: over the form's meter at that index, or after them as a new one. */
export type UsageTarget = number | 'new';

/** What the dialog needs to know of the form's meters. */
export type ExistingMeter = Pick<MeterValues, 'name' | 'kwh' | 'months'>;

const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
const yearOf = (month: string) => month.slice(0, 4);

/** "January to March 2025", "November 2024 to January 2025", "June 2025". */
function spanWords(first: string, last: string): string {
  if (first === last) return `${monthName(first)} ${yearOf(first)}`;
  if (yearOf(first) === yearOf(last)) return `${monthName(first)} to ${monthName(last)} ${yearOf(last)}`;
  return `${monthName(first)} ${yearOf(first)} to ${monthName(last)} ${yearOf(last)}`;
}

const joinWords = (parts: string[]) => (parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`);

/** The months of `values` that have readings, as runs of consecutive positions in words. */
export function foundMonthsWords(values: readonly (number | null)[], months: readonly string[]): string {
  const runs: [number, number][] = [];
  values.forEach((value, index) => {
    if (value === null) return;
    const last = runs.at(-1);
    if (last && last[1] === index - 1) last[1] = index;
    else runs.push([index, index]);
  });
  return joinWords(runs.map(([first, last]) => spanWords(months[first] ?? '', months[last] ?? '')));
}

/** "This file has 3 of 12 months (January to March 2025)." */
export function monthsFoundSentence(values: readonly (number | null)[], months: readonly string[]): string {
  const found = values.filter((value) => value !== null).length;
  if (found === 0) return 'This file has none of the 12 months of this meter: there is nothing to add.';
  const words = foundMonthsWords(values, months);
  if (found === MONTHS_PER_METER) return `This file has all 12 months (${words}).`;
  return `This file has ${found} of 12 months (${words}).`;
}

const parsed = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));
const total = (values: readonly (number | null)[]) => values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
const sameMonths = (left: readonly string[], right: readonly string[]) => [...left].sort().join() === [...right].sort().join();

/**
 * The index of a meter of the form that the file's meter likely duplicates (the same 12 values,
 * or the same calendar months with annual totals within 1 %), or null. `exclude` is the meter
 * the file's meter replaces: importing a meter's own data again over it is no duplicate.
 */
export function likelyDuplicate(values: readonly (number | null)[], months: readonly string[], existing: readonly ExistingMeter[], exclude: number | null): number | null {
  const fileTotal = total(values);
  const index = existing.findIndex((meter, position) => {
    if (position === exclude || !meterHasValues(meter)) return false;
    const theirs = meter.kwh.map(parsed);
    if (theirs.length === values.length && theirs.every((value, month) => value === values[month])) return true;
    const theirTotal = total(theirs);
    return sameMonths(meter.months, months) && fileTotal > 0 && theirTotal > 0 && Math.abs(fileTotal - theirTotal) <= 0.01 * Math.max(fileTotal, theirTotal);
  });
  return index === -1 ? null : index;
}

/** A name the file gives a meter, unless it is only the parser's 'Meter N' for a file that names none. */
const fileName = (label: string | undefined) => (label && !/^Meter \d+$/.test(label.trim()) ? label.trim() : '');

/**
 * The form's meters after the import: each file meter with a target sets that meter's 12 values,
 * its months (the file's), its interval data, and, when it is a new meter (or fills a blank one
 * still called by its position), its name from the file. Blank meters nobody chose are dropped,
 * so that the import is not followed by an empty meter that would keep the estimate from
 * computing. `targets[i]` null: the file's meter i is left out.
 */
export function applyUsageImport(current: readonly MeterValues[], usage: UsageImport, targets: readonly (UsageTarget | null)[]): MeterValues[] {
  const filled = new Map<number, MeterValues>();
  const added: MeterValues[] = [];
  usage.meters.forEach((values, fileIndex) => {
    const target = targets[fileIndex];
    if (target === null || target === undefined) return;
    const interval = usage.interval_imports[fileIndex] ?? null;
    const imported = {
      kwh: values.map((value) => (value === null ? '' : String(value))),
      interval_import_id: interval?.id ?? null,
      interval_step_minutes: interval?.step_minutes ?? null,
    };
    const months = usage.months.length === MONTHS_PER_METER ? usage.months : null;
    if (target === 'new') {
      const base = emptyMeter(0);
      added.push({ ...base, ...imported, months: months ?? base.months, name: fileName(usage.meter_labels[fileIndex]) });
      return;
    }
    const base = current[target];
    if (!base) return;
    const keepName = meterHasValues(base) || base.name.trim() !== defaultMeterName(target);
    filled.set(target, { ...base, ...imported, months: months ?? base.months, name: keepName ? base.name : fileName(usage.meter_labels[fileIndex]) });
  });
  const kept = current.flatMap((meter, index) => {
    const replacement = filled.get(index);
    if (replacement) return [replacement];
    return meterHasValues(meter) || meter.interval_import_id !== null ? [meter] : [];
  });
  // A meter the file does not name is called by its final position ("Meter 2").
  return [...kept, ...added].map((meter, index) => (meter.name.trim() === '' ? { ...meter, name: defaultMeterName(index) } : meter));
}
