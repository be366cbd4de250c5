import { defaultMeterMonths, type UsageImport } from '@sunin/contract';
import { describe, expect, it } from 'vitest';
import { consecutiveMonths, emptyMeter, type MeterValues } from './project-form-values';
import { applyUsageImport, likelyDuplicate, monthsFoundSentence } from './usage-import-plan';

const aprilToMarch = consecutiveMonths('2024-04');
const twelve = (value: number | null) => Array.from({ length: 12 }, () => value);

const meter = (overrides: Partial<MeterValues>): MeterValues => ({ ...emptyMeter(0), ...overrides });

const usage = (overrides: Partial<UsageImport>): UsageImport => ({
  meters: [twelve(10)],
  months: aprilToMarch,
  meter_labels: ['Meter 1'],
  months_found: [12],
  interval_imports: [null],
  period_start: '2024-04-01',
  period_end: '2025-03-31',
  source: 'csv',
  warnings: [],
  ...overrides,
});

describe('consecutiveMonths', () => {
  it('writes 12 calendar months from the first, across the year end', () => {
    expect(consecutiveMonths('2025-01')).toEqual(defaultMeterMonths());
    expect(aprilToMarch[0]).toBe('2024-04');
    expect(aprilToMarch[8]).toBe('2024-12');
    expect(aprilToMarch[9]).toBe('2025-01');
    expect(aprilToMarch[11]).toBe('2025-03');
  });
});

describe('monthsFoundSentence', () => {
  it('says how many of the 12 months a meter has, by their names, across a year end and around gaps', () => {
    expect(monthsFoundSentence(twelve(1), aprilToMarch)).toBe('This file has all 12 months (April 2024 to March 2025).');
    const gaps = [1, 1, null, null, null, null, null, null, 1, 1, 1, null];
    expect(monthsFoundSentence(gaps, aprilToMarch)).toBe('This file has 5 of 12 months (April to May 2024 and December 2024 to February 2025).');
    const single = [null, null, 4, null, null, null, null, null, null, null, null, null];
    expect(monthsFoundSentence(single, aprilToMarch)).toBe('This file has 1 of 12 months (June 2024).');
    expect(monthsFoundSentence(twelve(null), aprilToMarch)).toBe('This file has none of the 12 months of this meter: there is nothing to add.');
  });
});

describe('likelyDuplicate', () => {
  const existing = [meter({ name: 'Blank' }), meter({ name: 'Main', months: aprilToMarch, kwh: twelve(100).map(String) })];

  it('finds the same 12 values, or the same months with totals within 1 %', () => {
    expect(likelyDuplicate(twelve(100), defaultMeterMonths(), existing, null)).toBe(1);
    expect(likelyDuplicate([...twelve(100).slice(0, 11), 111], aprilToMarch, existing, null)).toBe(1);
    // 1.1 % apart: another meter.
    expect(likelyDuplicate([...twelve(100).slice(0, 11), 114], aprilToMarch, existing, null)).toBeNull();
    // Within 1 % but other months: another meter.
    expect(likelyDuplicate([...twelve(100).slice(0, 11), 111], defaultMeterMonths(), existing, null)).toBeNull();
  });

  it('does not count the meter being replaced, nor blank meters', () => {
    expect(likelyDuplicate(twelve(100), aprilToMarch, existing, 1)).toBeNull();
    expect(likelyDuplicate(twelve(null), defaultMeterMonths(), existing, null)).toBeNull();
  });
});

describe('applyUsageImport', () => {
  it("fills a blank meter, keeping its tariff and profile, taking the file's months, values and interval data", () => {
    const blank = meter({ name: 'Meter 1', tariff_id: '4', load_profile: 'retail' });
    const [filled, ...rest] = applyUsageImport([blank], usage({ interval_imports: [{ id: 8, step_minutes: 60 }] }), [0]);
    expect(rest).toEqual([]);
    expect(filled).toEqual({ ...blank, months: aprilToMarch, kwh: twelve(10).map(String), interval_import_id: 8, interval_step_minutes: 60 });
  });

  it("keeps the name of a meter with values it replaces; a new meter takes the file's name, or its position when the file names none", () => {
    const main = meter({ name: 'Main', kwh: twelve(1).map(String), interval_import_id: 3, interval_step_minutes: 15 });
    const next = applyUsageImport([main, meter({ name: 'Meter 2' })], usage({ meters: [twelve(2), twelve(3), twelve(4)], meter_labels: ['Meter 1', 'Bakery', 'Meter 3'], months_found: [12, 12, 12], interval_imports: [null, null, null] }), [0, 'new', 'new']);
    expect(next.map((row) => row.name)).toEqual(['Main', 'Bakery', 'Meter 3']);
    // The replaced meter's old interval data went with its old values; the blank Meter 2 nobody chose is gone.
    expect(next[0]).toMatchObject({ kwh: twelve(2).map(String), interval_import_id: null });
  });

  it('leaves out a file meter without a target', () => {
    const main = meter({ name: 'Main', kwh: twelve(1).map(String) });
    expect(applyUsageImport([main], usage({ meters: [twelve(null)], months_found: [0] }), [null])).toEqual([main]);
  });
});
