import { describe, expect, it } from 'vitest';
import { defaultMeter, defaultMeterMonths } from './tariffs.js';

describe('defaultMeterMonths', () => {
  it('lists January to December of the reference year, or of the year asked for', () => {
    expect(defaultMeterMonths()).toEqual(['2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12']);
    expect(defaultMeterMonths(2024)[0]).toBe('2024-01');
    expect(defaultMeterMonths(2024)[11]).toBe('2024-12');
  });

  it('gives every caller an array of its own: changing one changes no later default', () => {
    const first = defaultMeterMonths();
    first[0] = '2030-01';
    first.reverse();
    expect(defaultMeterMonths()[0]).toBe('2025-01');
    expect(defaultMeter(0).months).not.toBe(defaultMeter(0).months);
    expect(defaultMeter(1).months[11]).toBe('2025-12');
  });
});
