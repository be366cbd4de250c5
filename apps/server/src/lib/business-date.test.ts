import { describe, expect, it } from 'vitest';
import { addMonths, isoDateIn, monthEndIn, monthIn, monthStartIn } from './business-date.js';

describe('isoDateIn (issue 37 item 1)', () => {
  it('writes the date an instant falls on in the zone, across the UTC day and daylight saving', () => {
    const evening = new Date('2026-03-01T05:30:00Z'); // 21:30 on Feb 28 in Los Angeles (PST)
    expect(isoDateIn('America/Los_Angeles', evening)).toBe('2026-02-28');
    expect(isoDateIn('UTC', evening)).toBe('2026-03-01');
    expect(isoDateIn('Asia/Tokyo', new Date('2026-12-31T15:00:00Z'))).toBe('2027-01-01');
    // PDT (UTC-7): 06:59 UTC is still the day before, 07:00 UTC is midnight.
    expect(isoDateIn('America/Los_Angeles', new Date('2026-07-04T06:59:00Z'))).toBe('2026-07-03');
    expect(isoDateIn('America/Los_Angeles', new Date('2026-07-04T07:00:00Z'))).toBe('2026-07-04');
  });

  it('writes nothing for no date', () => {
    expect(isoDateIn('UTC', null)).toBe('');
    expect(isoDateIn('UTC', undefined)).toBe('');
  });
});

describe('months in the business time zone (issue 38 item 3)', () => {
  it('finds the month an instant falls in, across the UTC day', () => {
    expect(monthIn('America/Los_Angeles', new Date('2026-12-01T07:59:59Z'))).toBe('2026-11');
    expect(monthIn('America/Los_Angeles', new Date('2026-12-01T08:00:00Z'))).toBe('2026-12');
    expect(monthIn('UTC', new Date('2026-12-01T00:00:00Z'))).toBe('2026-12');
  });

  it('adds and subtracts months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    expect(addMonths('2026-11', -23)).toBe('2024-12');
    expect(addMonths('2026-11', 0)).toBe('2026-11');
  });

  it('starts a month at local midnight with the offset in force then (DST)', () => {
    const la = 'America/Los_Angeles';
    // January and March start in PST (UTC-8); DST begins on the second Sunday of March.
    expect(monthStartIn(la, '2026-01').toISOString()).toBe('2026-01-01T08:00:00.000Z');
    expect(monthStartIn(la, '2026-03').toISOString()).toBe('2026-03-01T08:00:00.000Z');
    // April starts in PDT (UTC-7).
    expect(monthStartIn(la, '2026-04').toISOString()).toBe('2026-04-01T07:00:00.000Z');
    // 2026-11-01 is the Sunday DST ends (at 02:00): its midnight is still PDT.
    expect(monthStartIn(la, '2026-11').toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(monthEndIn(la, '2026-11').toISOString()).toBe('2026-12-01T08:00:00.000Z');
    // March 2026 is 31 days less the hour DST takes.
    expect(monthEndIn(la, '2026-03').getTime() - monthStartIn(la, '2026-03').getTime()).toBe((31 * 24 - 1) * 3_600_000);
    expect(monthEndIn(la, '2026-11').getTime() - monthStartIn(la, '2026-11').getTime()).toBe((30 * 24 + 1) * 3_600_000);
    expect(monthStartIn('UTC', '2026-02').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(monthStartIn('Asia/Tokyo', '2027-01').toISOString()).toBe('2026-12-31T15:00:00.000Z');
    // Southern hemisphere: Sydney is in daylight time (UTC+11) in January, standard (UTC+10) in July.
    expect(monthStartIn('Australia/Sydney', '2027-01').toISOString()).toBe('2026-12-31T13:00:00.000Z');
    expect(monthStartIn('Australia/Sydney', '2026-07').toISOString()).toBe('2026-06-30T14:00:00.000Z');
  });

  it('gives every month a start whose instant is in the month and whose previous millisecond is not', () => {
    for (const zone of ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'America/Santiago', 'America/Havana', 'Asia/Kolkata', 'UTC']) {
      for (let index = 0; index < 36; index += 1) {
        const month = addMonths('2025-01', index);
        const start = monthStartIn(zone, month);
        expect(monthIn(zone, start), `${zone} ${month}`).toBe(month);
        expect(monthIn(zone, new Date(start.getTime() - 1)), `${zone} ${month}`).toBe(addMonths(month, -1));
      }
    }
  });
});
