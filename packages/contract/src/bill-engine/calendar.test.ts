import { describe, expect, it } from 'vitest';
import { STATE_CLOCKS, toWallClock } from '../time-zones.js';
import { referenceCalendar } from './calendar.js';

const hoursOf = (calendar: ReturnType<typeof referenceCalendar>) => Array.from({ length: 12 }, (_, month) => calendar.monthStart[month + 1]! - calendar.monthStart[month]!);

describe('referenceCalendar', () => {
  it("gives 2025's local hours per month, with the spring-forward hour missing and the fall-back hour twice", () => {
    const calendar = referenceCalendar(STATE_CLOCKS.CA);
    expect(calendar.hours).toBe(8760);
    // DOMAIN.md 1b names January 744, March 743 and June 720. Its "November 745" cannot be: US daylight
    // time ends on 2 November 2025, so November's 720 hours gain one (721) and October keeps 744.
    expect(hoursOf(calendar)).toEqual([744, 672, 743, 720, 744, 720, 744, 744, 720, 744, 721, 744]);
  });

  it('reads local wall-clock hours on both sides of the daylight saving changes', () => {
    const calendar = referenceCalendar(STATE_CLOCKS.MA);
    const hoursOfDay = (month: number, day: number) => {
      const hours: number[] = [];
      for (let index = 0; index < calendar.hours; index += 1) if (calendar.month[index] === month && calendar.day[index] === day) hours.push(calendar.hour[index]!);
      return hours;
    };
    // 9 March 2025: 02:00 does not exist; 2 November 2025: 01:00 happens twice.
    expect(hoursOfDay(2, 9)).toEqual([0, 1, ...Array.from({ length: 21 }, (_, hour) => hour + 3)]);
    expect(hoursOfDay(10, 2)).toEqual([0, 1, 1, ...Array.from({ length: 22 }, (_, hour) => hour + 2)]);
    // 1 January 2025 was a Wednesday, midnight in Boston is 05:00 UTC.
    expect(calendar.weekday[0]).toBe(3);
    expect(new Date(calendar.utcMs[0]!).toISOString()).toBe('2025-01-01T05:00:00.000Z');
    // The same wall clock as the imports read (toWallClock), hour by hour.
    for (let index = 0; index < calendar.hours; index += 1) expect(calendar.wallMs[index]).toBe(toWallClock(calendar.utcMs[index]!, STATE_CLOCKS.MA));
  });

  it('keeps 8,760 equal months on a clock without daylight saving, and is built once per clock', () => {
    const calendar = referenceCalendar(STATE_CLOCKS.AZ);
    expect(hoursOf(calendar)).toEqual([744, 672, 744, 720, 744, 720, 744, 744, 720, 744, 720, 744]);
    expect(referenceCalendar(STATE_CLOCKS.AZ)).toBe(calendar);
  });
});
