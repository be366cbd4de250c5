import type { IntervalSeries } from '@sunin/contract';
import { MONTHS_KEPT, monthStart, type LocalClock, type Reading } from './monthly.js';

/**
 * A meter's sub-daily readings laid on a fixed grid for the 12 months of an import (issue 35
 * item 3), so the bill engine reads the real load shape and 15-minute peaks. The grid runs in
 * local wall-clock time (seconds as if UTC) from midnight of the first month, one step every
 * 15 minutes (readings of 15 minutes or less; 5-minute readings are added up) or every hour
 * (readings of up to an hour). Daily or monthly readings give no series.
 */

export const QUARTER_HOUR = 900;
export const HOUR = 3600;
/** A leap year of 15-minute steps: the most a series holds (one year per meter). */
export const MAX_INTERVAL_STEPS = 366 * 96;

export interface BuiltIntervalSeries extends IntervalSeries {
  values: Float32Array;
  /** Steps that exist on the local clock but have no reading (kept as 0 kWh). */
  missing_steps: number;
}

/** The step a meter's readings call for: their most common length decides; null above an hour. */
export function intervalStep(readings: readonly Reading[]): number | null {
  const counts = new Map<number, number>();
  for (const reading of readings) counts.set(reading.duration, (counts.get(reading.duration) ?? 0) + 1);
  const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (common === undefined || common > HOUR) return null;
  return common <= QUARTER_HOUR ? QUARTER_HOUR : HOUR;
}

/**
 * The wall-clock spans that do not exist on `clock` between `from` and `to` (the skipped hour of
 * the spring-forward night), found by walking the clock an hour at a time.
 */
function skippedSpans(clock: LocalClock | undefined, from: number, to: number): [number, number][] {
  if (!clock) return [];
  const spans: [number, number][] = [];
  // Start half a day early, in UTC, so the walk covers every wall-clock instant of the range.
  for (let utc = from - 14 * HOUR; clock(utc) < to; utc += HOUR) {
    const here = clock(utc);
    const next = clock(utc + HOUR);
    if (next - here > HOUR) spans.push([here + HOUR, next]);
  }
  return spans;
}

/**
 * Lays the readings on the grid of the 12 months from `firstMonthIndex` (year * 12 + month).
 * Each reading is shared between the steps it overlaps by time. A step covered more than once
 * (the repeated hour of the fall-back night, read twice in wall-clock time) keeps the mean of
 * its readings, so a reader that visits each local hour, that one twice, keeps the month's kWh
 * and sees no doubled peak. Null when the readings are daily or longer.
 */
export function buildIntervalSeries(readings: readonly Reading[], firstMonthIndex: number, clock?: LocalClock): BuiltIntervalSeries | null {
  const step = intervalStep(readings);
  if (step === null) return null;
  const start = monthStart(firstMonthIndex);
  const end = monthStart(firstMonthIndex + MONTHS_KEPT);
  const length = Math.min((end - start) / step, MAX_INTERVAL_STEPS);
  const kwh = new Float64Array(length);
  const covered = new Float64Array(length);
  for (const reading of readings) {
    const readingEnd = reading.start + reading.duration;
    // A reading longer than the series' step (a daily total among 15-minute rows) gives no shape, and
    // walking its steps one by one would let a small file cost minutes: it counts in the months only.
    if (readingEnd <= start || reading.start >= end || reading.duration > step) continue;
    let from = Math.max(reading.start, start);
    const until = Math.min(readingEnd, end);
    while (from < until) {
      const slot = Math.floor((from - start) / step);
      if (slot >= length) break;
      const slotEnd = Math.min(start + (slot + 1) * step, until);
      const part = slotEnd - from;
      kwh[slot] = kwh[slot]! + (reading.kwh * part) / reading.duration;
      covered[slot] = covered[slot]! + part;
      from = slotEnd;
    }
  }
  const skipped = skippedSpans(clock, start, end);
  const exists = (slot: number) => {
    const at = start + slot * step;
    return !skipped.some(([from, to]) => at >= from && at < to);
  };
  const values = new Float32Array(length);
  let missing = 0;
  for (let slot = 0; slot < length; slot += 1) {
    const seconds = covered[slot]!;
    if (seconds === 0) {
      if (exists(slot)) missing += 1;
      continue;
    }
    values[slot] = seconds > step ? (kwh[slot]! * step) / seconds : kwh[slot]!;
  }
  return { start, step_seconds: step, values, missing_steps: missing };
}

/** Float32 little-endian bytes of a series (the bytea of meter_interval_imports). */
export function seriesBytes(values: Float32Array): Buffer {
  const bytes = Buffer.alloc(values.length * 4);
  for (let index = 0; index < values.length; index += 1) bytes.writeFloatLE(values[index]!, index * 4);
  return bytes;
}

/** The values of Float32 little-endian bytes. */
export function seriesValues(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let index = 0; index < values.length; index += 1) values[index] = view.getFloat32(index * 4, true);
  return values;
}
