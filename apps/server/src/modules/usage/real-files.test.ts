import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseUsageFile, type ParseOptions } from './green-button.js';
import { espiFeed, sceCsv2020, sceCsv2024 } from './usage-fixtures.js';

/**
 * Issue 35 item 2: the files real utilities produce, each on a synthetic file of the same shape
 * (SCE's 2020 and 2024 CSVs, ESPI feeds with relative links and gas, ZIP downloads), the
 * project state's clock, and imports that cannot mislead (net data, partial files).
 */

async function* chunked(data: string | Uint8Array, size = 4096): AsyncGenerator<Buffer> {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  for (let offset = 0; offset < bytes.length; offset += size) yield bytes.subarray(offset, offset + size);
}
const parse = (data: string | Uint8Array, options: ParseOptions = {}, size?: number) => parseUsageFile(chunked(data, size), options);

const PACIFIC = { tzOffset: -28_800, dstOffset: 3600, dstStartRule: 0x360e2000, dstEndRule: 0xb40e2000 };
/** Local hours of each month of 2024 in California: March loses one, November gains one. */
const HOURS_2024 = [744, 696, 743, 720, 744, 720, 744, 744, 720, 744, 721, 744];
const MONTHS_2024 = Array.from({ length: 12 }, (_, index) => `2024-${String(index + 1).padStart(2, '0')}`);

describe("SCE's Download My Data CSV", () => {
  it('reads the 2020 shape: quoted cells, hourly "start to end" rows per day, non-breaking spaces, kilowatt-hours', async () => {
    const csv = sceCsv2020({ from: '2024-01-01', days: 366 + 5, delivered: 0.5 });
    expect(csv).toContain('\u00A0to\u00A0');
    const result = await parse(csv, { state: 'CA' }, 3000);
    expect(result.source).toBe('csv');
    expect(result.months).toEqual(MONTHS_2024);
    expect(result.meters).toEqual([HOURS_2024.map((hours) => Math.round(hours * 0.5))]);
    expect(result.months_found).toEqual([12]);
    expect(result.meter_labels).toEqual(['Meter 1']);
    // No spurious "missing 1 hour" on the spring-forward day, nothing skipped between the day blocks.
    expect(result.warnings).toEqual(['Left out January 2025: not a complete month of readings.']);
    const series = result.series[0]!;
    expect(series.step_seconds).toBe(3600);
    expect(series.values).toHaveLength(366 * 24);
    expect(series.start).toBe(Date.UTC(2024, 0, 1) / 1000);
    expect(series.missing_steps).toBe(0);
  });

  it('reads the 2024 shape: 15-minute Delivered and Received blocks; only delivered counts and the exports are said', async () => {
    const csv = sceCsv2024({ from: '2024-01-01', days: 366 + 3, delivered: 0.25, received: 0.1 });
    expect(csv).toContain('Usage Received(Real energy in kilowatt-hours)');
    const result = await parse(csv, { state: 'CA' }, 8192);
    expect(result.months).toEqual(MONTHS_2024);
    expect(result.meters).toEqual([HOURS_2024]);
    expect(result.warnings.join(' ')).toMatch(/Left out 35,424 readings of energy received from the site \(exports to the grid, 3,542 kWh in all\): only delivered energy counts as usage\./);
    expect(result.warnings.join(' ')).not.toMatch(/missing|Skipped/);
    const series = result.series[0]!;
    expect(series.step_seconds).toBe(900);
    expect(series.values).toHaveLength(366 * 96);
    expect(series.missing_steps).toBe(0);
    // The skipped hour of 10 March is empty; the repeated hour of 3 November keeps the mean of its two readings.
    const slot = (iso: string) => (Date.parse(iso) / 1000 - series.start) / 900;
    expect(series.values[slot('2024-03-10T02:15:00Z')]).toBe(0);
    expect(series.values[slot('2024-03-10T03:00:00Z')]).toBeCloseTo(0.25);
    expect(series.values[slot('2024-11-03T01:15:00Z')]).toBeCloseTo(0.25);
  });

  it('refuses a file whose only usage is net, or a negative delivered reading, asking for consumption data', async () => {
    const net = 'Date,Net Usage (kWh)\n2024-01-01,5\n';
    await expect(parse(net)).rejects.toThrow(/usage column "Net Usage \(kWh\)" holds net usage \(delivered minus received\): download the consumption \(delivered\) data instead/);
    const minus = 'Start,End,Received minus Delivered (kWh)\n2024-01-01 00:00,2024-01-01 01:00,-3\n';
    await expect(parse(minus)).rejects.toThrow(/holds net usage/);
    const negative = sceCsv2024({ from: '2024-01-01', days: 2, delivered: 0.25 }).replace('2024-01-01 06:00:00 to 2024-01-01 06:15:00,0.25', '2024-01-01 06:00:00 to 2024-01-01 06:15:00,-0.4');
    await expect(parse(negative, { state: 'CA' })).rejects.toThrow(/negative reading \(-0.4 kWh at 2024-01-01 06:00\).*consumption \(delivered\) data/);
    // A consumption column beside a net one is read, the net one ignored.
    const both = `Date,Net (kWh),Usage (kWh)\n${MONTHS_2024.map((month) => `${month}-01,-20,100`).join('\n')}\n`;
    expect((await parse(both)).meters).toEqual([Array(12).fill(100)]);
  });
});

describe('the time zone of a file without one', () => {
  it("places a feed without LocalTimeParameters on the project state's clock: 2025-01-01T07:30Z is still December in California", async () => {
    // Hourly readings from 2024-12-01 00:00 PST to the hour 2025-01-01T07:00Z-08:00Z (31 December, 23:00 PST).
    const xml = espiFeed({ from: '2024-12-01T08:00:00Z', hours: 31 * 24, whPerHour: 1000, powerOfTen: 0 });
    const california = await parse(xml, { state: 'CA' });
    expect(california.months.at(-1)).toBe('2024-12');
    expect(california.meters[0]!.at(-1)).toBe(744);
    expect(california.months_found).toEqual([1]);
    expect(california.warnings.join(' ')).toMatch(/no time zone \(LocalTimeParameters\): its readings are placed in months and hours on the clock of California \(America\/Los_Angeles\)/);
    expect(california.warnings.join(' ')).not.toMatch(/missing|Left out/);
    // On New York's clock the same file begins at 03:00 on 1 December and ends at 03:00 on 1 January.
    const newYork = await parse(xml, { state: 'NY' });
    expect(newYork.months.at(-1)).toBe('2024-12');
    expect(newYork.meters[0]!.at(-1)).toBe(741);
    expect(newYork.warnings.join(' ')).toMatch(/Left out January 2025/);
    expect(newYork.warnings.join(' ')).toMatch(/December 2024 is missing 3 hours of readings/);
  });

  it('counts the local hours that exist: a March of hourly readings in California is complete at 743 hours', async () => {
    const csv = sceCsv2020({ from: '2025-03-01', days: 31, delivered: 1 });
    const result = await parse(csv, { state: 'CA' });
    expect(result.meters[0]!.at(-1)).toBe(743);
    expect(result.warnings.join(' ')).not.toMatch(/missing/);
    // The same file on the clock of Arizona, which keeps no daylight saving time, lacks that hour.
    const arizona = await parse(csv, { state: 'AZ' });
    expect(arizona.warnings.join(' ')).toMatch(/March 2025 is missing 1 hour of readings/);
  });
});

describe('a file of fewer than 12 months', () => {
  it('is answered with the months it found; the others stay null and no interval series is kept', async () => {
    const csv = sceCsv2024({ from: '2024-01-01', days: 31 + 29 + 31, delivered: 0.25 });
    const result = await parse(csv, { state: 'CA' });
    expect(result.months).toEqual(['2023-04', '2023-05', '2023-06', '2023-07', '2023-08', '2023-09', '2023-10', '2023-11', '2023-12', '2024-01', '2024-02', '2024-03']);
    expect(result.meters).toEqual([[null, null, null, null, null, null, null, null, null, 744, 696, 743]]);
    expect(result.months_found).toEqual([3]);
    expect(result.series).toEqual([null]);
    expect(result.warnings.join(' ')).toMatch(/no readings for April 2023 to December 2023\..*not kept for the bill calculation: that needs 12 complete months/);
  });

  it('leaves a partial month inside the file empty rather than counting it as a whole month', async () => {
    const csv = sceCsv2020({ from: '2024-01-01', days: 91, delivered: 1, skipDays: Array.from({ length: 20 }, (_, day) => 31 + day) });
    const result = await parse(csv, { state: 'CA' });
    expect(result.meters[0]!.slice(-3)).toEqual([744, null, 743]);
    expect(result.months_found).toEqual([2]);
    expect(result.warnings.join(' ')).toMatch(/February 2024 has readings for only 9 days \(a partial month\): it is left empty/);
  });
});

describe('ESPI feeds as utilities write them', () => {
  it('follows relative links without a leading slash (ReadingType/07, UsagePoint/1/MeterReading/01) and names the meter by its usage point', async () => {
    const xml = espiFeed({ from: '2024-01-01T08:00:00Z', hours: 366 * 24, whPerHour: 500, powerOfTen: 0, time: PACIFIC, relativeLinks: true, usagePointTitle: 'Cold room', extraReverseSeries: true });
    expect(xml).toContain('href="ReadingType/07"');
    expect(xml).toContain('href="UsagePoint/1/MeterReading/01"');
    const result = await parse(xml);
    expect(result.meter_labels).toEqual(['Cold room']);
    expect(result.meters).toEqual([HOURS_2024.map((hours) => Math.round(hours * 0.5))]);
    expect(result.warnings.join(' ')).toMatch(/Left out 1 reading series of energy received from the site/);
    expect(result.series[0]).toMatchObject({ step_seconds: 3600, start: Date.UTC(2024, 0, 1) / 1000 });
    // A MeterReading entry that names itself without its UsagePoint still finds its reading type.
    const bare = xml.replace('<link rel="self" href="UsagePoint/1/MeterReading/01"/>', '<link rel="self" href="MeterReading/01"/>');
    expect(bare).not.toBe(xml);
    expect((await parse(bare)).meters).toEqual(result.meters);
  });

  it('leaves out a gas usage point and its reading type, even in watt-hours, with a warning', async () => {
    const xml = espiFeed({ from: '2024-01-01T08:00:00Z', hours: 366 * 24, whPerHour: 1000, powerOfTen: 0, time: PACIFIC, gasSeries: true, usagePointTitle: 'Main service' });
    const result = await parse(xml);
    expect(result.meters).toEqual([HOURS_2024]);
    expect(result.meter_labels).toEqual(['Main service']);
    expect(result.warnings.join(' ')).toMatch(/Left out 1 reading series of gas \(or water\) usage: only electricity counts\./);
    // With relative links too, and the gas reading type found by its link alone.
    const relative = await parse(espiFeed({ from: '2024-01-01T08:00:00Z', hours: 366 * 24, whPerHour: 1000, powerOfTen: 0, time: PACIFIC, gasSeries: true, relativeLinks: true }));
    expect(relative.meters).toEqual([HOURS_2024]);
  });
});

/** Sets the "encrypted" flag (bit 0) of every local and central header of a ZIP. */
function markEncrypted(zip: Uint8Array): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = 0; at < bytes.length - 4; at += 1) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) bytes.writeUInt16LE(bytes.readUInt16LE(at + 6) | 1, at + 6);
    if (signature === 0x02014b50) bytes.writeUInt16LE(bytes.readUInt16LE(at + 8) | 1, at + 8);
  }
  return bytes;
}

/** Writes a smaller uncompressed size than the truth into every header: the entry then inflates past it. */
function understateSize(zip: Uint8Array, size: number): Uint8Array {
  const bytes = Buffer.from(zip);
  for (let at = 0; at < bytes.length - 4; at += 1) {
    const signature = bytes.readUInt32LE(at);
    if (signature === 0x04034b50) bytes.writeUInt32LE(size, at + 22);
    if (signature === 0x02014b50) bytes.writeUInt32LE(size, at + 24);
  }
  return bytes;
}

describe('ZIP downloads', () => {
  const xml = espiFeed({ from: '2024-01-01T08:00:00Z', hours: 366 * 24, whPerHour: 1000, powerOfTen: 0, time: PACIFIC });
  const csv = sceCsv2020({ from: '2024-01-01', days: 366, delivered: 1 });
  const text = (value: string) => new TextEncoder().encode(value);

  it('reads the one XML or CSV file a ZIP holds, told by its bytes (whatever the names), past the clutter macOS adds', async () => {
    const fromXml = await parse(zipSync({ 'download.bin': text(xml) }));
    expect(fromXml.source).toBe('espi_xml');
    expect(fromXml.meters).toEqual([HOURS_2024]);
    const fromCsv = await parse(zipSync({ 'SCE_Usage.xml': text(csv), '__MACOSX/._SCE_Usage.xml': text('junk'), 'folder/': new Uint8Array() }), { state: 'CA' }, 1000);
    expect(fromCsv.source).toBe('csv');
    expect(fromCsv.meters).toEqual([HOURS_2024]);
  });

  it('refuses an archive of several files, none, another archive inside, or an encrypted entry, saying why', async () => {
    await expect(parse(zipSync({ 'a.csv': text(csv), 'b.xml': text(xml) }))).rejects.toThrow(/The ZIP file holds 2 files: upload a ZIP holding one Green Button XML or CSV file, or that file itself\./);
    await expect(parse(zipSync({}))).rejects.toThrow(/The ZIP file holds no file/);
    await expect(parse(zipSync({ 'inner.csv': zipSync({ 'usage.csv': text(csv) }) }))).rejects.toThrow(/The ZIP file holds another archive/);
    await expect(parse(markEncrypted(zipSync({ 'usage.csv': text(csv) })))).rejects.toThrow(/The ZIP file is encrypted \(password-protected\)/);
    await expect(parse(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]))).rejects.toThrow(/compressed archive other than ZIP/);
  });

  it('refuses a zip bomb: an entry that unpacks past the upload limit, declared or not', async () => {
    const zeros = new Uint8Array(30 * 1024 * 1024);
    const bomb = zipSync({ 'usage.csv': zeros }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    await expect(parse(bomb, { maxBytes: 20 * 1024 * 1024 })).rejects.toThrow(/would be 30 MB once unpacked, more than the upload limit of 20 MB/);
    // The same archive lying about its size: inflating stops at the declared size.
    const liar = understateSize(bomb, 1000);
    await expect(parse(liar, { maxBytes: 20 * 1024 * 1024 })).rejects.toThrow(/The ZIP file cannot be read/);
  });
});

describe('files made to cost the server (issue 35 review)', () => {
  it('refuses a daylight saving rule that names no real weekday instead of searching for it forever', async () => {
    // Weekday bits 0: the rule's "first Sunday" search could never end.
    const broken = espiFeed({ from: '2024-01-01T08:00:00Z', hours: 48, whPerHour: 1000, powerOfTen: 0, time: { ...PACIFIC, dstStartRule: 0x360e2000 & ~(0x7 << 17) } });
    await expect(parse(broken)).rejects.toThrow(/daylight saving rule \(LocalTimeParameters\) names no real day/);
  });

  it('refuses readings that span more than a quarter, and more meters than a project has, before summing them', async () => {
    const long = ['Start,End,kWh', ...Array.from({ length: 50 }, () => '1970-01-01,2200-12-31,0')].join('\n');
    await expect(parse(long)).rejects.toThrow(/spans more than 92 days/);
    const meters = ['Date,Meter,kWh', ...Array.from({ length: 60 }, (_, index) => `2024-01-01,M${index},5`)].join('\n');
    await expect(parse(meters)).rejects.toThrow(/more than 50 meters/);
  });

  it('refuses a ZIP of many entries from its directory, before listing them', async () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`f${index}.txt`, new TextEncoder().encode('x')]));
    await expect(parse(zipSync(many))).rejects.toThrow(/The ZIP file holds 40 entries/);
  });
});
