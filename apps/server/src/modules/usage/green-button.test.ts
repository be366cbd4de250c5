import { describe, expect, it } from 'vitest';
import { localClock, parseUsageFile, projectClock, ruleInstant, UnreadableUsageFile, wallClock } from './green-button.js';
import { lastTwelveMonths } from './monthly.js';
import { espiFeed, fifteenMinuteCsv, monthlyBillingCsv } from './usage-fixtures.js';

async function* chunked(text: string, size = 4096): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}
const parse = (text: string, size?: number) => parseUsageFile(chunked(text, size));

// US Pacific in ESPI terms: UTC-8, one hour of daylight saving from the second Sunday of March to the first Sunday of November, 2 AM.
const PACIFIC = { tzOffset: -28_800, dstOffset: 3600, dstStartRule: 0x360e2000, dstEndRule: 0xb40e2000 };

describe('ESPI time', () => {
  it('decodes the US daylight-saving rules', () => {
    expect(new Date(ruleInstant(PACIFIC.dstStartRule, 2024) * 1000).toISOString()).toBe('2024-03-10T02:00:00.000Z');
    expect(new Date(ruleInstant(PACIFIC.dstEndRule, 2024) * 1000).toISOString()).toBe('2024-11-03T02:00:00.000Z');
  });

  it('turns UTC into Pacific wall-clock time, standard and daylight', () => {
    const local = localClock(PACIFIC);
    const wall = (iso: string) => new Date(local(Date.parse(iso) / 1000) * 1000).toISOString();
    expect(wall('2024-01-01T08:00:00Z')).toBe('2024-01-01T00:00:00.000Z');
    expect(wall('2024-07-01T07:00:00Z')).toBe('2024-07-01T00:00:00.000Z');
    expect(wall('2024-03-10T09:59:00Z')).toBe('2024-03-10T01:59:00.000Z');
    expect(wall('2024-03-10T10:00:00Z')).toBe('2024-03-10T03:00:00.000Z');
  });
});

describe('parseUsageFile: ESPI XML', () => {
  it('sums a year of hourly readings into 12 calendar months in local time, with or without a namespace prefix', async () => {
    for (const prefix of ['', 'espi:']) {
      const xml = espiFeed({ prefix, from: '2023-01-01T00:00:00-08:00', hours: 366 * 24 + 5 * 24, whPerHour: 1500, powerOfTen: 0, time: PACIFIC });
      const result = await parse(xml, 997);
      expect(result.source).toBe('espi_xml');
      expect(result.meters).toHaveLength(1);
      // January 2023 .. December 2023, then January 2024 is partial and left out.
      expect(result.period_start).toBe('2023-01-01');
      expect(result.period_end).toBe('2023-12-31');
      expect(result.meters[0]).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].map((days, index) => {
        // Daylight saving moves an hour from March into... nothing: March has 743 local hours, November 721.
        const hours = days * 24 + (index === 2 ? -1 : index === 10 ? 1 : 0);
        return Math.round((hours * 1500) / 1000);
      }));
      expect(result.warnings.join(' ')).toMatch(/Left out January 2024/);
    }
  });

  it('scales by powerOfTenMultiplier and keeps only delivered watt-hours per meter', async () => {
    // Midnight on US Central time, the national clock of a project without a state.
    const xml = espiFeed({ from: '2024-01-01T06:00:00Z', hours: 24 * 31, whPerHour: 2, powerOfTen: 3, extraReverseSeries: true });
    const result = await parse(xml);
    expect(result.meters).toEqual([[...Array<null>(11).fill(null), 1488]]); // 744 hours x 2 kWh
    expect(result.warnings.join(' ')).toMatch(/received from the site \(exports to the grid\)/);
    expect(result.warnings.join(' ')).toMatch(/no time zone \(LocalTimeParameters\): its readings are placed in months and hours on US Central time/);
  });

  it('reports gaps inside the kept months', async () => {
    const xml = espiFeed({ from: '2024-01-01T06:00:00Z', hours: 24 * 62, whPerHour: 1000, powerOfTen: 0, skipHours: [100, 101, 102] });
    const result = await parse(xml);
    expect(result.meters[0]!.slice(-2)).toEqual([741, 696]);
    expect(result.warnings.join(' ')).toMatch(/January 2024 is missing 3 hours of readings/);
    expect(result.warnings.join(' ')).toMatch(/no readings for March 2023 to December 2023\./);
  });

  it('answers why for a broken or empty file', async () => {
    await expect(parse('<feed><entry><content><IntervalBlock>')).rejects.toThrow(UnreadableUsageFile);
    await expect(parse('<feed><entry><content><IntervalBlock>')).rejects.toThrow(/not readable XML/);
    await expect(parse('<feed></feed>')).rejects.toThrow(/no electricity usage readings/);
    await expect(parse('   ')).rejects.toThrow(/empty/);
  });

  it('expands no entities: neither an external file (XXE) nor a billion laughs', async () => {
    const external = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY secret SYSTEM "file:///etc/passwd">]><feed><entry><content>&secret;</content></entry></feed>';
    await expect(parse(external)).rejects.toThrow(/not readable XML/);
    const laughs = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><feed>&b;</feed>';
    await expect(parse(laughs)).rejects.toThrow(/not readable XML/);
  });
});

describe('parseUsageFile: CSV', () => {
  it('reads a utility 15-minute export with a preamble, split date and time columns and an inclusive end minute', async () => {
    const csv = fifteenMinuteCsv({ from: '2024-01-01', days: 366 + 10, kwhPer15: 0.25 });
    const result = await parse(csv, 1024);
    expect(result.source).toBe('csv');
    expect(result.period_start).toBe('2024-01-01');
    expect(result.period_end).toBe('2024-12-31');
    expect(result.meters[0]).toEqual([31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].map((days) => days * 24));
    expect(result.warnings.join(' ')).toMatch(/Left out January 2025/);
  });

  it("reads hourly rows with one ISO start date-time column stamped with an offset on the project's clock (Central without a state)", async () => {
    const lines = ['Start,kWh'];
    const first = Date.UTC(2023, 11, 31, 20); // 2023-12-31 20:00 wall clock: December is partial and left out
    const hours = (366 + 3) * 24;
    for (let hour = 0; hour < hours; hour += 1) {
      const wall = new Date(first + hour * 3_600_000).toISOString().slice(0, 19);
      lines.push(`${wall}-06:00,0.5`);
    }
    const result = await parse(lines.join('\n'), 2048);
    expect(result.period_start).toBe('2024-01-01');
    expect(result.period_end).toBe('2024-12-31');
    // Stamped -06:00 all year: on Central time March has 743 local hours (371.5 kWh) and November 721 (360.5).
    expect(result.meters).toEqual([[372, 348, 372, 360, 372, 360, 372, 372, 360, 372, 361, 372]]);
    expect(result.warnings.join(' ')).toMatch(/Left out January 2025.*left out 1 earlier month/);
  });

  it('shares billing periods between the calendar months they span', async () => {
    const result = await parse(monthlyBillingCsv());
    // 13 bills of 3,100 kWh from Jan 5 to the 4th of each next month.
    expect(result.meters).toHaveLength(1);
    expect(result.meters[0]).toHaveLength(12);
    expect(result.period_start).toBe('2023-02-01');
    const january2024 = result.meters[0]!.at(-1)!;
    expect(january2024).toBeGreaterThan(2900);
    expect(january2024).toBeLessThan(3300);
  });

  it('reads calendar-month rows with only a month column', async () => {
    const lines = ['Month,Usage (kWh)', ...Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')},${(index + 1) * 100}`)];
    const result = await parse(lines.join('\n'));
    expect(result.meters).toEqual([[100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]]);
    expect(result.warnings).toEqual([]);
  });

  it('keeps one meter per meter column value and skips unreadable rows with a warning', async () => {
    const lines = ['Meter,Date,kWh'];
    for (let month = 1; month <= 12; month += 1) {
      lines.push(`A,${month}/1/2024,${month}`, `B,${month}/1/2024,${month * 10}`);
    }
    lines.push('A,not a date,5');
    const result = await parse(lines.join('\r\n'));
    expect(result.meters).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120],
    ]);
    expect(result.warnings.join(' ')).toMatch(/Skipped 1 row/);
  });

  it('answers why when it finds no usage', async () => {
    await expect(parse('name,address\nKim,Main St\n')).rejects.toThrow(/No header row/);
    await expect(parse('Date,kWh\n2024-01-01,12\n')).rejects.toThrow(/whole calendar month/);
    await expect(parse('Date,kWh\nsoon,lots\n')).rejects.toThrow(/no rows of kWh usage/);
  });

  it('refuses a month beyond 50,000,000 kWh, readings of 1e308 and net (negative) usage, naming the month (issue 34 item 6)', async () => {
    const year = (march: string) => `Date,kWh\n${Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')}-01,${index === 2 ? march : '100'}`).join('\n')}\n`;
    expect((await parse(year('50000000'))).meters[0]![2]).toBe(50_000_000);
    for (const march of ['50000001', '1e308', '1.7976931348623157e308']) {
      const refused = await parse(year(march)).catch((error: unknown) => error);
      expect(refused, march).toBeInstanceOf(UnreadableUsageFile);
      expect((refused as UnreadableUsageFile).fields).toEqual({ file: expect.stringMatching(/^March 2024 adds up to more than 50,000,000 kWh/) });
    }
    for (const march of ['-1', '-1e308']) {
      await expect(parse(year(march)), march).rejects.toThrow(/^The file has a negative reading \(-1(e\+308)? kWh at 2024-03-01 00:00\): it holds net usage, not consumption; download the consumption \(delivered\) data instead\.$/);
    }
  });
});

describe('wallClock', () => {
  it('reads the date formats utilities write', () => {
    const iso = (date: string, time?: string) => new Date(wallClock(date, time)!.seconds * 1000).toISOString();
    expect(iso('2024-03-05')).toBe('2024-03-05T00:00:00.000Z');
    expect(iso('2024-03-05T13:15:00-08:00')).toBe('2024-03-05T13:15:00.000Z');
    expect(iso('3/5/2024', '1:15 PM')).toBe('2024-03-05T13:15:00.000Z');
    expect(iso('03/05/24 12:00 AM')).toBe('2024-03-05T00:00:00.000Z');
    expect(iso('Mar 2024')).toBe('2024-03-01T00:00:00.000Z');
    expect(wallClock('13/45/2024')).toBeUndefined();
    expect(wallClock('tomorrow')).toBeUndefined();
  });

  it("puts a time stamped with its offset on the project state's clock: UTC moves, the local offset reads as written", () => {
    const { clock } = projectClock('CA');
    const iso = (date: string) => new Date(wallClock(date, '', clock)!.seconds * 1000).toISOString();
    expect(iso('2025-01-01T07:30:00Z')).toBe('2024-12-31T23:30:00.000Z');
    expect(iso('2025-01-01 07:30 UTC')).toBe('2024-12-31T23:30:00.000Z');
    expect(iso('2025-07-01T10:00:00+00:00')).toBe('2025-07-01T03:00:00.000Z');
    expect(iso('2025-01-01T07:30:00-08:00')).toBe('2025-01-01T07:30:00.000Z');
    expect(iso('2025-07-01T07:30:00-0700')).toBe('2025-07-01T07:30:00.000Z');
    // Without a zone, the wall clock as written.
    expect(iso('2025-01-01T07:30:00')).toBe('2025-01-01T07:30:00.000Z');
  });
});

describe('lastTwelveMonths', () => {
  it('is null without one complete month', () => {
    expect(lastTwelveMonths([[{ start: 0, duration: 86_400, kwh: 1 }]])).toBeNull();
  });
});
