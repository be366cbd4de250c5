import { describe, expect, it } from 'vitest';
import { demandSavingsWords, largestPeakDrop, projectBillRows } from './bills-data';
import { billsOf, MAIN_METER, makeBillMonths, WAREHOUSE_METER } from './estimate-fixtures';

describe('bills-data', () => {
  it("names the meter and month whose peak drops most, or 'your' for a single meter", () => {
    expect(largestPeakDrop(billsOf([WAREHOUSE_METER, MAIN_METER]))).toMatchObject({ meter: { name: 'Main building' }, month: { month: '2025-06' }, drop: 24 });
    expect(demandSavingsWords(billsOf([MAIN_METER]))).toBe('Solar lowers your June peak from 212 kW to 188 kW.');
    // A later, larger drop wins over June's.
    const august = { ...MAIN_METER, months: makeBillMonths(6000, 5000, MAIN_PEAKS_WITH_AUGUST) };
    expect(demandSavingsWords(billsOf([august]))).toBe('Solar lowers your August peak from 215 kW to 150 kW.');
  });

  it('says so when solar lowers no peak, and says nothing without bills', () => {
    const flat = { ...MAIN_METER, months: makeBillMonths(6000, 5000, Array.from({ length: 12 }, () => [100, 100] as const)) };
    expect(demandSavingsWords(billsOf([flat]))).toMatch(/does not lower the monthly peak/);
    expect(demandSavingsWords(billsOf([]))).toBeNull();
  });

  it("adds the meters' bills by calendar month, not by position", () => {
    const shifted = { ...WAREHOUSE_METER, months: [...WAREHOUSE_METER.months.slice(6), ...WAREHOUSE_METER.months.slice(0, 6)] };
    const rows = projectBillRows(billsOf([MAIN_METER, shifted]));
    expect(rows.map((row) => row.month)).toEqual(MAIN_METER.months.map((month) => month.month));
    expect(rows[0]).toMatchObject({ usage_kwh: 10000, peak_kw_before: 190, before: { fixed_usd: 100 } });
  });
});

const MAIN_PEAKS_WITH_AUGUST = [150, 152, 160, 170, 190, 212, 220, 215, 200, 180, 160, 150].map((before, index) => [before, before - (index === 5 ? 24 : index === 7 ? 65 : 10)] as const);
