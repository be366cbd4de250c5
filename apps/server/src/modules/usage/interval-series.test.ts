import { STATE_CLOCKS, toWallClock } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { buildIntervalSeries, intervalStep, MAX_INTERVAL_STEPS, seriesBytes, seriesValues } from './interval-series.js';
import type { Reading } from './monthly.js';

const california = (utc: number) => toWallClock(utc * 1000, STATE_CLOCKS.CA) / 1000;
const JANUARY_2025 = 2025 * 12;
const start2025 = Date.UTC(2025, 0, 1) / 1000;

/** Readings of `duration` seconds and `kwh` each over the wall-clock year 2025, but for `skip`. */
function year(duration: number, kwh: number, skip: (start: number) => boolean = () => false): Reading[] {
  const readings: Reading[] = [];
  for (let start = start2025; start < Date.UTC(2026, 0, 1) / 1000; start += duration) if (!skip(start)) readings.push({ start, duration, kwh });
  return readings;
}

describe('buildIntervalSeries', () => {
  it('leaves readings longer than its step out of the shape (they count in the months), so thousands of them cost nothing', () => {
    const readings = [...year(900, 0.25), ...Array.from({ length: 20_000 }, (_, index) => ({ start: start2025 + index, duration: 90 * 86_400, kwh: 1e6 }))];
    const series = buildIntervalSeries(readings, JANUARY_2025)!;
    expect(series.step_seconds).toBe(900);
    expect(Math.max(...series.values)).toBeCloseTo(0.25);
  });

  it('adds 5-minute readings up into 15-minute steps, one year long', () => {
    const series = buildIntervalSeries(year(300, 0.1), JANUARY_2025)!;
    expect(series.step_seconds).toBe(900);
    expect(series.start).toBe(start2025);
    expect(series.values).toHaveLength(365 * 96);
    expect(series.values[0]).toBeCloseTo(0.3);
    expect(series.values[365 * 96 - 1]).toBeCloseTo(0.3);
    expect(series.missing_steps).toBe(0);
  });

  it('keeps hourly readings hourly and half-hourly ones as hours; daily or monthly readings give no series', () => {
    expect(buildIntervalSeries(year(3600, 2), JANUARY_2025)!.values).toHaveLength(8760);
    const halfHours = buildIntervalSeries(year(1800, 1), JANUARY_2025)!;
    expect(halfHours.step_seconds).toBe(3600);
    expect(halfHours.values[5]).toBeCloseTo(2);
    expect(intervalStep(year(86_400, 30))).toBeNull();
    expect(buildIntervalSeries(year(86_400, 30), JANUARY_2025)).toBeNull();
  });

  it('counts a step without a reading as 0 kWh and says how many, but not the hour the spring-forward night skips', () => {
    // California's clock: readings in local wall-clock time, without 02:00-03:00 on 9 March 2025.
    const skipped = Date.UTC(2025, 2, 9, 2) / 1000;
    const gap = Date.UTC(2025, 5, 1, 12) / 1000;
    const readings = year(3600, 1, (start) => start === skipped || start === gap || start === gap + 3600);
    const series = buildIntervalSeries(readings, JANUARY_2025, california)!;
    expect(series.missing_steps).toBe(2);
    expect(series.values[(gap - start2025) / 3600]).toBe(0);
    // Without a clock the skipped hour would be one more missing step.
    expect(buildIntervalSeries(readings, JANUARY_2025)!.missing_steps).toBe(3);
  });

  it('never holds more than a leap year of 15-minute steps, and keeps only the 12 months asked for', () => {
    const long: Reading[] = [];
    for (let start = Date.UTC(2023, 0, 1) / 1000; start < Date.UTC(2026, 0, 1) / 1000; start += 900) long.push({ start, duration: 900, kwh: 1 });
    const series = buildIntervalSeries(long, 2024 * 12)!;
    expect(series.values).toHaveLength(MAX_INTERVAL_STEPS);
    expect(series.start).toBe(Date.UTC(2024, 0, 1) / 1000);
  });

  it('stores values as little-endian float32 bytes and reads them back', () => {
    const values = new Float32Array([0, 1.5, 1e-3, 123456.5]);
    const bytes = seriesBytes(values);
    expect(bytes).toHaveLength(16);
    expect(bytes.readFloatLE(4)).toBe(1.5);
    expect([...seriesValues(bytes)]).toEqual([...values]);
  });
});
