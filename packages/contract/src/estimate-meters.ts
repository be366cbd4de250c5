import { listMonths } from './bill-engine/project-bills.js';
import { MAX_MONTHLY_KWH } from './constants.js';
import { defaultMeter, defaultMeterMonths, defaultMeterName, monthLabel, type Meter } from './tariffs.js';

/** The meters computeEstimate reads (issue 35 items 1 and 2): their entries and whether each has its 12 months. */

/** The meter entry of position `index`: the project's, or January to December on the default profile when absent or unreadable. */
export function meterAt(meters: readonly Meter[] | undefined, index: number): Meter {
  const meter = meters?.[index];
  if (!meter) return defaultMeter(index);
  const months = Array.isArray(meter.months) && meter.months.length === 12 && new Set(meter.months.map((month) => String(month).slice(5, 7))).size === 12 && meter.months.every((month) => /^\d{4}-(0[1-9]|1[0-2])$/.test(month));
  return { ...defaultMeter(index), ...meter, months: months ? meter.months : defaultMeterMonths() };
}

/** The message naming each meter without 12 usable months (DOMAIN.md 1c "Plausibility"), or null when every meter has them. */
export function incompleteMetersMessage(meters: { meter: Meter; values: readonly (number | null)[] }[], usable: (value: number | null | undefined) => boolean): string | null {
  const parts: string[] = [];
  meters.forEach(({ meter, values }, index) => {
    const name = meter.name.trim() || defaultMeterName(index);
    const empty = meter.months.filter((_, month) => !usable(values[month]));
    if (empty.length === 12) parts.push(`${name} has no kWh`);
    else if (empty.length > 0) parts.push(`${name} has no kWh for ${listMonths(empty.map(monthLabel))}`);
  });
  if (parts.length === 0) return null;
  return `${parts.join('; ')}: add ${parts.length === 1 && !parts[0]!.endsWith('no kWh') ? 'them' : 'the months'} in Utility Info. The estimate needs 12 months of every meter (a value of at most ${MAX_MONTHLY_KWH.toLocaleString('en-US')} kWh, 0 for a month without use).`;
}

