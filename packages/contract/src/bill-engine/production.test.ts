import { describe, expect, it } from 'vitest';
import { STATE_CLOCKS } from '../time-zones.js';
import { referenceCalendar } from './calendar.js';
import { planeIrradiance, productionShape, solarSite } from './production.js';

describe('clear-sky production', () => {
  const calendar = referenceCalendar(STATE_CLOCKS.CA);
  const shape = productionShape(calendar, solarSite('CA'));

  it('sums to 1 over the year, so S x Y scales it to the yield', () => {
    expect(shape.reduce((sum, value) => sum + value, 0)).toBeCloseTo(1, 12);
    const size = 67.5;
    const scaled = shape.reduce((sum, value) => sum + value * size * 1600, 0);
    expect(scaled).toBeCloseTo(108_000, 6);
  });

  it('is zero at night and peaks within the hour of solar noon (Fresno, 119.79 W: about 12:00-12:30 local standard time)', () => {
    const day = (month: number, date: number) => {
      const hours: { hour: number; value: number }[] = [];
      for (let index = 0; index < calendar.hours; index += 1) if (calendar.month[index] === month && calendar.day[index] === date) hours.push({ hour: calendar.hour[index]!, value: shape[index]! });
      return hours;
    };
    for (const [month, date, noon] of [[0, 15, 12], [5, 21, 13]] as const) {
      const hours = day(month, date);
      expect(hours.filter((entry) => entry.hour <= 4 || entry.hour >= 21).every((entry) => entry.value === 0)).toBe(true);
      const peak = hours.reduce((best, entry) => (entry.value > best.value ? entry : best));
      // The hour [12, 13) in standard time; [13, 14) on daylight time in June.
      expect(peak.hour, `month ${month}`).toBe(noon);
    }
    // A June day makes more than a January day; the year's shape is larger in summer.
    const total = (month: number) => day(month, 15).reduce((sum, entry) => sum + entry.value, 0);
    expect(total(5)).toBeGreaterThan(total(0) * 1.3);
  });

  it("reads the representative city's sky: Boston's winter is weaker than Austin's", () => {
    const noonUtc = (hourUtc: number) => Date.UTC(2025, 0, 15, hourUtc);
    expect(planeIrradiance(noonUtc(17), solarSite('MA'))).toBeLessThan(planeIrradiance(noonUtc(18), solarSite('TX')));
    expect(planeIrradiance(Date.UTC(2025, 0, 15, 8), solarSite('TX'))).toBe(0);
    expect(solarSite('WY')).toMatchObject({ latitude: 39, longitude: -98 });
  });
});
