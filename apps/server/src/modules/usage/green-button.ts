import { StringDecoder } from 'node:string_decoder';
import { MAX_MONTHLY_KWH, stateClock, stateName, toWallClock, type UsStateCode } from '@sunin/contract';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import { AppError } from '../../lib/app-error.js';
import { buildIntervalSeries, HOUR, intervalStep, type BuiltIntervalSeries } from './interval-series.js';
import { lastTwelveMonths, monthNameAfter, MONTHS_KEPT, type LocalClock, type MonthlyUsage, type Reading } from './monthly.js';
import { isArchive, isZip, singleZipEntry, ZipRefused } from './usage-zip.js';

/**
 * Green Button "Download My Data" files read into 12 months per meter (issue 16 item 5):
 * the ESPI XML feed (NAESB REQ.21), the common CSV exports (SCE's "Download My Data" in its
 * 2020 and 2024 shapes among them) and ZIP downloads holding one of them (issue 35 item 2).
 * Files are read as streams, so a year of 15-minute readings never sits in memory as text or
 * as a document tree; only the readings themselves (three numbers each) are kept until they
 * are summed and laid on the interval grid.
 */

export type UsageSource = 'espi_xml' | 'csv';

/** What a file holds, per meter: 12 months, their names and, for sub-daily data, the series to keep. */
export interface UsageImport extends MonthlyUsage {
  source: UsageSource;
  /** What the file calls each meter ('Meter N' when it names none). */
  meter_labels: string[];
  /** Per meter: how many of the 12 months have (complete) readings. */
  months_found: number[];
  /** Per meter: its interval series for the 12 months, or null (daily or monthly data, or fewer than 12 months). */
  series: (BuiltIntervalSeries | null)[];
}

export interface ParseOptions {
  /** The project's state: its clock reads a feed without LocalTimeParameters and counts local hours (national clock without one). */
  state?: UsStateCode | null;
  /** The largest file a ZIP may unpack to (the upload limit). */
  maxBytes?: number;
}

/** A file this parser cannot read: the message says why, and the route answers 422 with it. */
export class UnreadableUsageFile extends AppError {
  constructor(message: string) {
    super('validation_failed', message, { file: message });
  }
}

/** More readings than ten meters of 5-minute data for a year and a half: refused, not summed. */
export const MAX_READINGS = 1_600_000;
/** A project has at most 50 meters (the contract's bound), so a file may hold no more. */
export const MAX_METERS_PER_FILE = 50;
/** The longest reading read: a quarterly bill (92 days). */
export const MAX_READING_SECONDS = 92 * 86_400;
const tooManyMeters = () => new UnreadableUsageFile(`The file holds more than ${MAX_METERS_PER_FILE} meters; a project has at most ${MAX_METERS_PER_FILE}: download the meters of this site only.`);
const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

const CONSUMPTION_PLEASE = 'download the consumption (delivered) data instead';

/** The wall clock of a project's state as a LocalClock (seconds), with words for the warnings. */
export function projectClock(state: UsStateCode | null | undefined): { clock: LocalClock; words: string } {
  const clock = stateClock(state ?? null);
  const words = state ? `the clock of ${stateName(state)} (${clock.zone})` : `US Central time (${clock.zone}), as the project has no state`;
  return { clock: (utc) => toWallClock(utc * 1000, clock) / 1000, words };
}

/** Reads the first bytes of a stream; answers them and the rest of the stream (them first). */
async function peek(input: AsyncIterable<Buffer | string>, bytes: number): Promise<{ head: Buffer; all: AsyncGenerator<Buffer> }> {
  const iterator = input[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : next.value;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : next.value;
    }
  }
  return { head, all: all() };
}

/**
 * Reads a Green Button file: ESPI XML, a utility's CSV, or a ZIP holding one of them, told
 * apart by their bytes whatever the file's name.
 */
export async function parseUsageFile(input: AsyncIterable<Buffer | string>, options: ParseOptions = {}): Promise<UsageImport> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const { head, all } = await peek(input, 8);
  if (isZip(head)) {
    const buffer = await collect(all, maxBytes);
    let entry: Awaited<ReturnType<typeof singleZipEntry>>;
    try {
      entry = await singleZipEntry(buffer, maxBytes);
    } catch (error) {
      throw error instanceof ZipRefused ? new UnreadableUsageFile(error.message) : error;
    }
    const inner = await peek(entry.stream, 8);
    if (isArchive(inner.head)) throw new UnreadableUsageFile('The ZIP file holds another archive: unpack it and upload the Green Button XML or CSV file inside.');
    try {
      return await parseText(inner.all, options);
    } catch (error) {
      throw error instanceof ZipRefused ? new UnreadableUsageFile(error.message) : error;
    }
  }
  if (isArchive(head)) throw new UnreadableUsageFile('The file is a compressed archive other than ZIP: upload the Green Button XML or CSV file, or a ZIP holding it.');
  return parseText(all, options);
}

/** The whole (compressed) upload, for the ZIP's central directory; bounded by the upload limit. */
async function collect(chunks: AsyncIterable<Buffer>, maxBytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let length = 0;
  for await (const chunk of chunks) {
    length += chunk.length;
    if (length > maxBytes) throw new UnreadableUsageFile('The ZIP file is larger than the upload limit.');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

async function parseText(input: AsyncIterable<Buffer>, options: ParseOptions): Promise<UsageImport> {
  const iterator = input[Symbol.asyncIterator]();
  const decoder = new StringDecoder('utf8');
  let head = '';
  // Read until the first character that is not a byte-order mark or white space decides the format.
  for (;;) {
    const next = await iterator.next();
    if (next.done) {
      head += decoder.end();
      break;
    }
    head += decoder.write(next.value);
    if (/[^\s\uFEFF]/.test(head)) break;
  }
  head = head.replace(/^\uFEFF/, '');
  if (!/[^\s]/.test(head)) throw new UnreadableUsageFile('The file is empty.');
  // Checked by content, whatever its name: a Green Button file is text.
  if (head.includes('\u0000') || head.includes('\uFFFD')) throw new UnreadableUsageFile('The file is not a Green Button XML or CSV file: it is not text.');
  async function* rest(): AsyncGenerator<string> {
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      yield decoder.write(next.value);
    }
    const tail = decoder.end();
    if (tail) yield tail;
  }
  const isXml = head.trimStart().startsWith('<');
  const project = projectClock(options.state);
  const read = isXml ? await readEspi(rest(), project) : await readCsv(rest(), project.clock);
  const clock = read.clock ?? project.clock;
  const kept = read.meters.map((readings, index) => ({ readings, label: read.labels[index] ?? '' })).filter(({ readings }) => readings.length > 0);
  if (kept.length === 0) throw new UnreadableUsageFile(isXml ? 'The file has no electricity usage readings in watt-hours.' : 'The file has no rows of kWh usage.');
  if (kept.length > MAX_METERS_PER_FILE) throw tooManyMeters();
  // A reading is at most a quarterly bill: a longer one says nothing about months and would cost a pass per month it spans.
  for (const { readings } of kept) {
    if (readings.some((reading) => reading.duration > MAX_READING_SECONDS)) {
      throw new UnreadableUsageFile(`A reading in the file spans more than ${MAX_READING_SECONDS / DAY} days: download monthly, daily or interval usage instead.`);
    }
  }
  const labels = meterLabels(kept.map(({ label }) => label));
  const monthly = lastTwelveMonths(
    kept.map(({ readings }) => readings),
    clock,
    labels,
  );
  if (!monthly) throw new UnreadableUsageFile('The file does not cover a whole calendar month of usage.');
  refuseImplausibleMonths(monthly, labels);
  const warnings = [...read.warnings, ...monthly.warnings];
  const monthsFound = monthly.meters.map((months) => months.filter((kwh) => kwh !== null).length);
  const series = kept.map(({ readings }, index) => {
    const label = kept.length > 1 ? `${labels[index]}: ` : '';
    if (intervalStep(readings) === null) return null;
    if (monthsFound[index]! < MONTHS_KEPT) {
      warnings.push(`${label}the interval readings are not kept for the bill calculation: that needs 12 complete months.`);
      return null;
    }
    const built = buildIntervalSeries(readings, monthly.first_month_index, clock);
    if (built && built.missing_steps > 0) {
      const unit = built.step_seconds === HOUR ? 'hour' : '15-minute step';
      warnings.push(`${label}${built.missing_steps.toLocaleString('en-US')} ${unit}${built.missing_steps === 1 ? '' : 's'} of the interval data kept ${built.missing_steps === 1 ? 'has' : 'have'} no reading and count${built.missing_steps === 1 ? 's' : ''} as 0 kWh.`);
    }
    return built;
  });
  return { ...monthly, warnings, source: isXml ? 'espi_xml' : 'csv', meter_labels: labels, months_found: monthsFound, series };
}

/** The file's names for its meters, 'Meter N' where it gives none, made unique. */
function meterLabels(names: string[]): string[] {
  const labels = names.map((name, index) => name.trim().slice(0, 100) || `Meter ${index + 1}`);
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} (${count})`;
  });
}

/**
 * DOMAIN.md 1c plausibility, as the typed values have it: a month over MAX_MONTHLY_KWH (or
 * readings of 1e308 that add up to no number at all) and a negative month (net usage of a site
 * that exports) are refused, naming the month, rather than imported (issue 34 item 6).
 */
function refuseImplausibleMonths({ meters, period_start }: MonthlyUsage, labels: string[]): void {
  meters.forEach((months, meter) =>
    months.forEach((kwh, offset) => {
      if (kwh === null) return;
      const month = `${meters.length > 1 ? `${labels[meter]}, ` : ''}${monthNameAfter(period_start, offset)}`;
      if (kwh < 0) throw new UnreadableUsageFile(`${month} adds up to less than 0 kWh: the file holds net usage; ${CONSUMPTION_PLEASE}.`);
      if (!(kwh <= MAX_MONTHLY_KWH)) {
        throw new UnreadableUsageFile(`${month} adds up to more than ${MAX_MONTHLY_KWH.toLocaleString('en-US')} kWh, which is not plausible for one meter: check the file's units.`);
      }
    }),
  );
}

/** A negative reading is net usage (a site that exports), never consumption. */
function refuseNegative(kwh: number, at: number): void {
  if (kwh < 0) {
    const when = new Date(at * 1000).toISOString().slice(0, 16).replace('T', ' ');
    throw new UnreadableUsageFile(`The file has a negative reading (${kwh} kWh at ${when}): it holds net usage, not consumption; ${CONSUMPTION_PLEASE}.`);
  }
}

interface FileReadings {
  meters: Reading[][];
  labels: string[];
  warnings: string[];
  /** The feed's own clock (LocalTimeParameters), when it gives one. */
  clock?: LocalClock;
}

function countReading(count: number): number {
  if (count >= MAX_READINGS) throw new UnreadableUsageFile(`The file has more than ${MAX_READINGS.toLocaleString('en-US')} readings.`);
  return count + 1;
}

// ---------------------------------------------------------------------------------------------
// ESPI XML

interface RawReading {
  start: number;
  duration: number;
  value: number;
}

interface ReadingTypeInfo {
  uom?: number;
  powerOfTenMultiplier: number;
  flowDirection?: number;
  commodity?: number;
}

interface UsagePointInfo {
  title: string;
  /** ServiceCategory kind: 0 electricity, 1 gas, 2 water, ... */
  kind?: number;
}

interface TimeParameters {
  tzOffset: number;
  dstOffset: number;
  dstStartRule?: number;
  dstEndRule?: number;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
/**
 * Resource keys of ESPI links, whatever their form: absolute URLs, "/espi/1_1/resource/...",
 * or relative ones without a leading slash ("ReadingType/01", "UsagePoint/1/MeterReading/1").
 */
export const readingTypeKey = (href: string) => {
  const match = /(?:^|\/)ReadingType\/([^/?#\s]+)/.exec(href.trim());
  return match ? `ReadingType/${match[1]}` : undefined;
};
export const meterReadingKey = (href: string) => {
  const match = /(?:^|\/)(?:UsagePoint\/([^/?#\s]+)\/)?MeterReading\/([^/?#\s]+)/.exec(href.trim());
  return match ? `UsagePoint/${match[1] ?? ''}/MeterReading/${match[2]}` : undefined;
};
export const usagePointKey = (href: string) => {
  const match = /(?:^|\/)UsagePoint\/([^/?#\s]+)/.exec(href.trim());
  return match ? `UsagePoint/${match[1]}` : undefined;
};
const isOwnResource = (href: string, kind: string) => new RegExp(`(?:^|/)${kind}/[^/?#\\s]+/?$`).test(href.trim());

/** The value of the one key that names the same MeterReading id as `key`, when only one does. */
function sameMeterReading(types: Map<string, string>, key: string): string | undefined {
  const id = key.slice(key.lastIndexOf('/MeterReading/'));
  const matches = [...types.entries()].filter(([candidate]) => candidate.endsWith(id));
  return matches.length === 1 ? matches[0]![1] : undefined;
}

const ENERGY_WATT_HOURS = 72;
const FLOW_FORWARD = 1;
const FLOW_NET = 4;
const FLOW_REVERSE = 19;
/** ESPI commodities that are electricity: none given (0), secondary (1) and primary (2) metered. */
const ELECTRIC_COMMODITIES = new Set([0, 1, 2]);
const ELECTRICITY_SERVICE = 0;

async function readEspi(chunks: AsyncIterable<string>, project: { clock: LocalClock; words: string }): Promise<FileReadings> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const path: string[] = [];
  let text = '';

  // The entry being read: its links, title, and what its content held.
  let links: { rel: string; href: string }[] = [];
  let title = '';
  let entryReadings: RawReading[] = [];
  let entryReadingType: ReadingTypeInfo | null = null;
  let entryUsagePoint: { kind?: number } | null = null;
  let reading: Partial<RawReading> = {};
  let count = 0;

  const blocks = new Map<string, RawReading[]>(); // MeterReading key (or '') -> its readings
  const readingTypes = new Map<string, ReadingTypeInfo>(); // ReadingType key -> info
  const meterReadingTypes = new Map<string, string>(); // MeterReading key -> ReadingType key
  const usagePoints = new Map<string, UsagePointInfo>(); // UsagePoint key -> title and kind
  let time: TimeParameters | null = null;
  let pendingTime: Partial<TimeParameters> | null = null;

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const parent = path[path.length - 1];
    path.push(name);
    text = '';
    if (name === 'entry') {
      links = [];
      title = '';
      entryReadings = [];
      entryReadingType = null;
      entryUsagePoint = null;
    } else if (name === 'link' && parent === 'entry') {
      const attributes = tag.attributes as Record<string, string>;
      links.push({ rel: attributes.rel ?? '', href: attributes.href ?? '' });
    } else if (name === 'ReadingType') {
      entryReadingType = { powerOfTenMultiplier: 0 };
    } else if (name === 'UsagePoint') {
      entryUsagePoint = {};
    } else if (name === 'IntervalReading') {
      reading = {};
    } else if (name === 'LocalTimeParameters') {
      pendingTime = {};
    }
  });
  parser.on('text', (value) => {
    text += value;
  });
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    path.pop();
    const parent = path[path.length - 1];
    const grandparent = path[path.length - 2];
    const value = text.trim();
    text = '';
    if (parent === 'timePeriod' && grandparent === 'IntervalReading') {
      if (name === 'start') reading.start = Number(value);
      else if (name === 'duration') reading.duration = Number(value);
    } else if (parent === 'IntervalReading' && name === 'value') {
      reading.value = Number(value);
    } else if (name === 'IntervalReading') {
      const { start, duration, value: amount } = reading;
      if (Number.isFinite(start) && Number.isFinite(duration) && duration! > 0 && Number.isFinite(amount)) {
        count = countReading(count);
        entryReadings.push({ start: start!, duration: duration!, value: amount! });
      }
    } else if (parent === 'ReadingType' && entryReadingType) {
      if (name === 'uom') entryReadingType.uom = Number(value);
      else if (name === 'powerOfTenMultiplier') entryReadingType.powerOfTenMultiplier = Number(value) || 0;
      else if (name === 'flowDirection') entryReadingType.flowDirection = Number(value);
      else if (name === 'commodity') entryReadingType.commodity = Number(value);
    } else if (name === 'kind' && parent === 'ServiceCategory' && entryUsagePoint) {
      entryUsagePoint.kind = Number(value);
    } else if (name === 'title' && parent === 'entry') {
      title = value;
    } else if (parent === 'LocalTimeParameters' && pendingTime) {
      if (name === 'tzOffset') pendingTime.tzOffset = Number(value);
      else if (name === 'dstOffset') pendingTime.dstOffset = Number(value);
      else if (name === 'dstStartRule') pendingTime.dstStartRule = Number.parseInt(value, 16);
      else if (name === 'dstEndRule') pendingTime.dstEndRule = Number.parseInt(value, 16);
    } else if (name === 'LocalTimeParameters' && pendingTime) {
      time = { tzOffset: pendingTime.tzOffset || 0, dstOffset: pendingTime.dstOffset || 0, dstStartRule: pendingTime.dstStartRule, dstEndRule: pendingTime.dstEndRule };
      pendingTime = null;
    } else if (name === 'entry') {
      const self = links.find((link) => link.rel === 'self')?.href ?? '';
      const up = links.find((link) => link.rel === 'up')?.href ?? '';
      if (entryReadingType) {
        const key = readingTypeKey(self) ?? self;
        readingTypes.set(key, entryReadingType);
      }
      if (entryUsagePoint) {
        const key = usagePointKey(self) ?? usagePointKey(up) ?? '';
        usagePoints.set(key, { title, kind: (entryUsagePoint as { kind?: number }).kind });
      }
      const ownKey = meterReadingKey(self);
      const related = links.map((link) => (link.rel === 'related' ? readingTypeKey(link.href) : undefined)).find((key) => key !== undefined);
      if (ownKey && isOwnResource(self, 'MeterReading') && related) meterReadingTypes.set(ownKey, related);
      if (entryReadings.length > 0) {
        const key = ownKey ?? meterReadingKey(up) ?? '';
        const list = blocks.get(key) ?? [];
        for (const item of entryReadings) list.push(item);
        blocks.set(key, list);
      }
      entryReadings = [];
    }
  });

  try {
    for await (const chunk of chunks) parser.write(chunk);
    parser.close();
  } catch (error) {
    if (error instanceof UnreadableUsageFile) throw error;
    throw new UnreadableUsageFile(`The file is not readable XML: ${error instanceof Error ? error.message.split('\n')[0] : 'parse error'}.`);
  }

  const warnings: string[] = [];
  if (!time) warnings.push(`The file gives no time zone (LocalTimeParameters): its readings are placed in months and hours on ${project.words}.`);
  const clock = time ? localClock(time) : project.clock;
  const types = [...readingTypes.values()];
  const meters: Reading[][] = [];
  const labels: string[] = [];
  const left = { gas: 0, exports: 0, net: 0, other: 0 };
  for (const [key, raw] of blocks) {
    // The MeterReading's own entry may name it without its UsagePoint ("MeterReading/1"): then its id alone, if unique.
    const typeKey = meterReadingTypes.get(key) ?? sameMeterReading(meterReadingTypes, key);
    const type = (typeKey ? readingTypes.get(typeKey) : undefined) ?? (types.length === 1 ? types[0] : undefined);
    if (!type) {
      if (types.length === 0) throw new UnreadableUsageFile('The file has readings but no ReadingType saying their unit.');
      throw new UnreadableUsageFile('The file has several ReadingTypes and its readings do not say which one is theirs.');
    }
    const point = usagePoints.get(usagePointKey(key) ?? '') ?? (usagePoints.size === 1 ? [...usagePoints.values()][0] : undefined);
    // Gas (or water) is never electricity, whatever unit its readings carry.
    if ((point?.kind !== undefined && point.kind !== ELECTRICITY_SERVICE) || (type.commodity !== undefined && !ELECTRIC_COMMODITIES.has(type.commodity))) {
      left.gas += 1;
      continue;
    }
    if (type.uom !== ENERGY_WATT_HOURS) {
      left.other += 1;
      continue;
    }
    if (type.flowDirection !== undefined && type.flowDirection !== FLOW_FORWARD) {
      if (type.flowDirection === FLOW_REVERSE) left.exports += 1;
      else if (type.flowDirection === FLOW_NET) left.net += 1;
      else left.other += 1;
      continue;
    }
    const toKwh = 10 ** type.powerOfTenMultiplier / 1000;
    meters.push(
      raw.map((item) => {
        const kwh = item.value * toKwh;
        refuseNegative(kwh, clock(item.start));
        return { start: clock(item.start), duration: item.duration, kwh };
      }),
    );
    labels.push(point?.title ?? '');
  }
  if (meters.length === 0 && left.net > 0) throw new UnreadableUsageFile(`The file holds only net usage (delivered minus received): ${CONSUMPTION_PLEASE}.`);
  const series = (n: number) => `${n} reading series`;
  if (left.gas > 0) warnings.push(`Left out ${series(left.gas)} of gas (or water) usage: only electricity counts.`);
  if (left.exports > 0) warnings.push(`Left out ${series(left.exports)} of energy received from the site (exports to the grid): only delivered energy counts as usage.`);
  if (left.net > 0) warnings.push(`Left out ${series(left.net)} of net usage: only delivered energy counts as usage.`);
  if (left.other > 0) warnings.push(`Left out ${series(left.other)} that ${left.other === 1 ? 'is' : 'are'} not delivered energy in watt-hours.`);
  return { meters, labels, warnings, clock };
}

/**
 * UTC seconds to local wall-clock seconds by the feed's LocalTimeParameters. Daylight saving
 * follows the ESPI rule fields (month bits 28-31, operator 25-27, day of month 20-24, day of
 * week 17-19 with 1 = Monday, hour 12-16, seconds 0-11): operator 0 is that day of the
 * month, 1 the weekday on or after it, 2 to 6 its first to fifth occurrence, 7 its last.
 */
export function localClock(time: TimeParameters | null): (utc: number) => number {
  if (!time) return (utc) => utc;
  const { tzOffset, dstOffset, dstStartRule, dstEndRule } = time;
  if (!dstOffset || !dstStartRule || !dstEndRule) return (utc) => utc + tzOffset;
  const cache = new Map<number, [number, number]>();
  const bounds = (year: number): [number, number] => {
    let found = cache.get(year);
    if (!found) {
      // The start is in standard time, the end in daylight time; both as UTC seconds.
      found = [ruleInstant(dstStartRule, year) - tzOffset, ruleInstant(dstEndRule, year) - tzOffset - dstOffset];
      cache.set(year, found);
    }
    return found;
  };
  return (utc) => {
    const year = new Date((utc + tzOffset) * 1000).getUTCFullYear();
    const [start, end] = bounds(year);
    const daylight = start < end ? utc >= start && utc < end : utc >= start || utc < end;
    return utc + tzOffset + (daylight ? dstOffset : 0);
  };
}

/** The wall-clock instant (seconds, as if UTC) an ESPI DST rule names in a year. */
export function ruleInstant(rule: number, year: number): number {
  const month = ((rule >>> 28) & 0xf) - 1;
  const operator = (rule >>> 25) & 0x7;
  const dayOfMonth = (rule >>> 20) & 0x1f;
  const weekday = (rule >>> 17) & 0x7; // 1 = Monday ... 7 = Sunday
  const hour = (rule >>> 12) & 0x1f;
  const seconds = rule & 0xfff;
  // A rule naming no real month, day or weekday (weekday 0 would never be found) is refused, not searched for.
  if (month < 0 || month > 11 || weekday < 1 || (operator <= 1 && (dayOfMonth < 1 || dayOfMonth > 31)) || hour > 24) {
    throw new UnreadableUsageFile('The file\'s daylight saving rule (LocalTimeParameters) names no real day: the file is damaged.');
  }
  const weekdayOf = (day: number) => ((new Date(Date.UTC(year, month, day)).getUTCDay() + 6) % 7) + 1;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  let day: number;
  if (operator === 0) {
    day = dayOfMonth;
  } else if (operator === 1) {
    day = Math.max(dayOfMonth, 1);
    while (weekdayOf(day) !== weekday) day += 1;
  } else if (operator === 7) {
    day = daysInMonth;
    while (weekdayOf(day) !== weekday) day -= 1;
  } else {
    day = 1;
    while (weekdayOf(day) !== weekday) day += 1;
    day += 7 * (operator - 2);
  }
  return Date.UTC(year, month, day, hour) / 1000 + seconds;
}

// ---------------------------------------------------------------------------------------------
// CSV

/** What a usage column holds: consumption (delivered to the site), exports (received from it) or their difference. */
export type CsvDirection = 'delivered' | 'received' | 'net';

interface CsvColumns {
  date?: number;
  time?: number;
  start?: number;
  end?: number;
  endTime?: number;
  usage: number;
  units?: number;
  usageUnit: number;
  meter?: number;
  direction: CsvDirection;
  /** The usage column's header as written. */
  usageHeader: string;
}

/** Lower case, one space for any run of white space (non-breaking spaces of SCE's files included). */
const clean = (cell: string) => cell.replace(/[\s\u00A0\uFEFF]+/g, ' ').trim().toLowerCase();

const isKwhHeader = (cell: string) => /\bkwh\b|kilowatt[- ]?hours?/.test(cell) && !/cost|\$|charge|amount due/.test(cell);
const directionOf = (cell: string): CsvDirection => {
  if (/\bnet\b|minus|received\s*-\s*delivered|delivered\s*-\s*received/.test(cell)) return 'net';
  if (/received|export|generat|to grid|surplus/.test(cell)) return 'received';
  return 'delivered';
};

/**
 * Finds the header row's columns; undefined when the row is not a usage header. Of several kWh
 * columns, consumption wins over exports and net; a header whose only kWh column is exports
 * (SCE's "Received" blocks) or net is still a header, so its rows are told apart.
 */
export function csvColumns(row: string[]): CsvColumns | undefined {
  const cells = row.map(clean);
  const find = (test: (cell: string) => boolean) => {
    const index = cells.findIndex(test);
    return index === -1 ? undefined : index;
  };
  const kwhColumns = cells.map((cell, index) => ({ cell, index })).filter(({ cell }) => isKwhHeader(cell));
  const preferred = kwhColumns.find(({ cell }) => directionOf(cell) === 'delivered') ?? kwhColumns.find(({ cell }) => directionOf(cell) === 'received') ?? kwhColumns[0];
  const kwh = preferred?.index;
  const wh = kwh === undefined ? find((cell) => /\(wh\)|^wh$/.test(cell)) : undefined;
  const usage = kwh ?? wh ?? find((cell) => /^(usage|consumption|value|import|quantity|energy)\b/.test(cell) && !/time|period|date/.test(cell));
  if (usage === undefined) return undefined;
  const date = find((cell) => /^(date|day|read date|service date|usage date|bill date|month)$/.test(cell));
  // With a separate date column, "START TIME" / "END TIME" hold only the time of day.
  const splitClock = date !== undefined;
  const start = find(
    (cell) =>
      ((!splitClock || !/time$/.test(cell)) && /^(interval |read |period )?(start|begin)( date)?( ?time)?$|^(interval|read(ing)?|period) start/.test(cell)) ||
      // SCE: "Energy consumption time period", "Energy Delivered time period": "<start> to <end>".
      (!splitClock && /\btime period$/.test(cell)),
  );
  if (start === undefined && date === undefined) return undefined;
  return {
    date,
    start,
    time: splitClock ? find((cell) => /^(start )?time$/.test(cell)) : undefined,
    end: find((cell) => (!splitClock || !/time$/.test(cell)) && /^(interval |read |period )?end( date)?( ?time)?$|^to( date)?$|^(interval|read(ing)?|period) end/.test(cell)),
    endTime: splitClock ? find((cell) => /^end time$/.test(cell)) : undefined,
    usage,
    units: find((cell) => /^units?$|^uom$/.test(cell)),
    usageUnit: wh !== undefined ? 0.001 : 1,
    meter: find((cell) => /^(meter|meter number|meter id|service id|account)$/.test(cell)),
    direction: directionOf(cells[usage]!),
    usageHeader: (row[usage] ?? '').replace(/[\s\u00A0]+/g, ' ').trim(),
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Wall-clock seconds of a date (and optional time) as written. A time that carries its UTC
 * offset ("Z", "UTC", "+00:00", "-0700") names an instant: with `toLocal` (the project state's
 * clock) it becomes that clock's wall time, so a UTC-stamped export lands in the right hours and
 * months; one stamped with the local offset reads as written.
 */
export function wallClock(dateText: string, timeText = '', toLocal?: LocalClock): { seconds: number; hasTime: boolean } | undefined {
  let text = `${dateText.trim()} ${timeText.trim()}`.trim();
  let year: number, month: number, day: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?/.exec(text))) {
    year = Number(match[1]);
    month = Number(match[2]);
    day = match[3] ? Number(match[3]) : 1;
  } else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{2,4})/.exec(text))) {
    year = Number(match[3]);
    if (year < 100) year += 2000;
    month = Number(match[1]);
    day = Number(match[2]);
  } else if ((match = /^(\d{1,2})\/(\d{4})/.exec(text))) {
    year = Number(match[2]);
    month = Number(match[1]);
    day = 1;
  } else if ((match = /^([a-z]{3})[a-z]*[ -](\d{4})/i.exec(text)) && MONTHS.includes(match[1]!.toLowerCase())) {
    year = Number(match[2]);
    month = MONTHS.indexOf(match[1]!.toLowerCase()) + 1;
    day = 1;
  } else {
    return undefined;
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1970 || year > 2200) return undefined;
  text = text.slice(match[0].length).replace(/^[T\s]+/, '');
  let hour = 0;
  let minute = 0;
  let second = 0;
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*([ap]\.?m\.?)?/i.exec(text);
  if (clock) {
    hour = Number(clock[1]);
    minute = Number(clock[2]);
    second = clock[3] ? Number(clock[3]) : 0;
    const meridiem = clock[4]?.toLowerCase().replace(/\./g, '');
    if (meridiem === 'pm' && hour < 12) hour += 12;
    if (meridiem === 'am' && hour === 12) hour = 0;
    if (hour > 24 || minute > 59 || second > 59) return undefined;
  }
  const written = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  const zone = clock && toLocal ? /^(?:z|utc|gmt|([+-])(\d{2}):?(\d{2}))$/i.exec(text.slice(clock[0].length).trim()) : null;
  if (zone && toLocal) {
    const offset = zone[1] ? (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 3600 + Number(zone[3]) * 60) : 0;
    return { seconds: toLocal(written - offset), hasTime: true };
  }
  return { seconds: written, hasTime: clock !== null };
}

function amount(text: string): number | undefined {
  const value = text.replace(/[$,\s]/g, '');
  if (value === '' || !/^-?\d*\.?\d+(e-?\d+)?$/i.test(value)) return undefined;
  return Number(value);
}

interface CsvRow {
  start: number;
  hasTime: boolean;
  end?: number;
  kwh: number;
  /** The end is the next interval's start ("00:00 to 00:15"), not its last minute. */
  exclusiveEnd?: boolean;
}

const DAY = 86_400;

/**
 * The rows of a CSV stream. Papaparse reads each run of whole records: text up to the last
 * line break outside quotes (an even number of quote characters before it; an escaped quote
 * counts two). Its own Node stream mode slows down with the square of the chunk size.
 */
export async function* csvRows(chunks: AsyncIterable<string>): AsyncGenerator<string[]> {
  let buffer = '';
  let quotes = 0; // quote characters in buffer[0, scanned)
  let scanned = 0;
  let lastBoundary = -1; // index of the last record-ending line break found so far
  const parse = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' }).data;
  for await (const chunk of chunks) {
    buffer += chunk;
    for (; scanned < buffer.length; scanned += 1) {
      const char = buffer.charCodeAt(scanned);
      if (char === 34) quotes += 1;
      else if (char === 10 && quotes % 2 === 0) lastBoundary = scanned;
    }
    if (lastBoundary >= 0) {
      const records = buffer.slice(0, lastBoundary + 1);
      buffer = buffer.slice(lastBoundary + 1);
      scanned = buffer.length;
      quotes = 0;
      for (let index = 0; index < buffer.length; index += 1) if (buffer.charCodeAt(index) === 34) quotes += 1;
      lastBoundary = -1;
      yield* parse(records);
    }
  }
  if (buffer.trim() !== '') yield* parse(buffer);
}

/** "2024-01-01 00:00:00 to 2024-01-01 00:15:00" (SCE): the start and end of one cell. */
const SPAN = /^(.*?\d)\s+to\s+(\d.*)$/i;

async function readCsv(chunks: AsyncIterable<string>, toLocal: LocalClock): Promise<FileReadings> {
  const warnings: string[] = [];

  let columns: CsvColumns | undefined;
  let lineNumber = 0;
  let skipped = 0;
  let otherUnits = 0;
  let count = 0;
  const received = { rows: 0, kwh: 0 };
  const rows = new Map<string, CsvRow[]>();
  for await (const row of csvRows(chunks)) {
    lineNumber += 1;
    if (row.every((cell) => cell.trim() === '')) continue;
    // A header: the first, or a new block's (SCE repeats it for every day, Delivered and Received apart).
    // A row whose usage cell holds a number is data, and is not looked at as a header.
    const isData = columns !== undefined && amount(row[columns.usage] ?? '') !== undefined;
    if (!isData && !row.some((cell) => amount(cell) !== undefined)) {
      const header = csvColumns(row);
      if (header) {
        if (header.direction === 'net') {
          throw new UnreadableUsageFile(`The file's usage column "${header.usageHeader}" holds net usage (delivered minus received): ${CONSUMPTION_PLEASE}.`);
        }
        columns = header;
        continue;
      }
    }
    if (!columns) {
      if (lineNumber > 50) throw new UnreadableUsageFile('No header row with a date (or start) column and a kWh column was found in the first 50 rows.');
      continue;
    }
    const usageCell = (row[columns.usage] ?? '').trim();
    // Lines between blocks ("Data for period starting: ...") and readings left blank say nothing.
    if (usageCell === '') continue;
    if (columns.direction === 'received') {
      const exported = amount(usageCell);
      if (exported !== undefined) {
        received.rows += 1;
        received.kwh += exported * columns.usageUnit;
      }
      continue;
    }
    let startCell = row[columns.start ?? columns.date!] ?? '';
    let endCell: string | undefined;
    const span = SPAN.exec(startCell.replace(/\u00A0/g, ' ').trim());
    if (span) {
      startCell = span[1]!;
      endCell = span[2]!;
    }
    const timeCell = columns.start === undefined && columns.time !== undefined ? (row[columns.time] ?? '') : '';
    const start = wallClock(startCell, timeCell, toLocal);
    let value = amount(usageCell);
    if (columns.units !== undefined && value !== undefined) {
      const unit = clean(row[columns.units] ?? '');
      if (unit === 'wh') value /= 1000;
      else if (unit !== '' && unit !== 'kwh') {
        otherUnits += 1;
        continue;
      }
    }
    if (!start || value === undefined) {
      skipped += 1;
      continue;
    }
    const kwh = value * columns.usageUnit;
    refuseNegative(kwh, start.seconds);
    let end: number | undefined;
    if (endCell !== undefined) {
      end = wallClock(endCell, '', toLocal)?.seconds;
    } else if (columns.end !== undefined) {
      end = wallClock(row[columns.end] ?? '', '', toLocal)?.seconds;
    } else if (columns.endTime !== undefined) {
      end = wallClock(startCell, row[columns.endTime] ?? '', toLocal)?.seconds;
    }
    count = countReading(count);
    const meter = columns.meter === undefined ? '' : (row[columns.meter] ?? '').trim();
    if (!rows.has(meter) && rows.size >= MAX_METERS_PER_FILE) throw tooManyMeters();
    const list = rows.get(meter) ?? [];
    list.push({ start: start.seconds, hasTime: start.hasTime || timeCell !== '', end, kwh, exclusiveEnd: endCell !== undefined });
    rows.set(meter, list);
  }
  if (!columns) throw new UnreadableUsageFile('No header row with a date (or start) column and a kWh column was found.');
  if (skipped > 0) warnings.push(`Skipped ${skipped} row${skipped === 1 ? '' : 's'} without a readable date and kWh amount.`);
  if (otherUnits > 0) warnings.push(`Skipped ${otherUnits} row${otherUnits === 1 ? '' : 's'} in units other than kWh.`);
  if (received.rows > 0) {
    warnings.push(
      `Left out ${received.rows.toLocaleString('en-US')} reading${received.rows === 1 ? '' : 's'} of energy received from the site (exports to the grid, ${Math.round(received.kwh).toLocaleString('en-US')} kWh in all): only delivered energy counts as usage.`,
    );
  }
  return { meters: [...rows.values()].map(csvReadings), labels: [...rows.keys()], warnings };
}

/**
 * Rows to readings. A row's length comes from its end when the file gives one (a billing
 * period's end date counts its whole last day; an interval's end time such as 00:14 counts
 * its last minute), otherwise from the spacing of the rows: the most common step between
 * starts. Rows that start on the 1st at midnight a month apart are calendar months.
 */
function csvReadings(rows: CsvRow[]): Reading[] {
  rows.sort((a, b) => a.start - b.start);
  const steps = new Map<number, number>();
  for (let index = 1; index < rows.length; index += 1) {
    const step = rows[index]!.start - rows[index - 1]!.start;
    if (step > 0) steps.set(step, (steps.get(step) ?? 0) + 1);
  }
  const commonStep = [...steps.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const monthly = commonStep !== undefined && rows.every((row) => {
    const date = new Date(row.start * 1000);
    return date.getUTCDate() === 1 && row.start % DAY === 0;
  }) && commonStep >= 28 * DAY && commonStep <= 31 * DAY;

  return rows.map((row) => {
    let duration: number;
    if (monthly && row.end === undefined) {
      const date = new Date(row.start * 1000);
      duration = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000 - row.start;
    } else if (row.end !== undefined && row.end > row.start && row.exclusiveEnd) {
      duration = row.end - row.start;
      // Across a daylight-saving change the wall clock jumps: "01:45 to 03:00" is 15 minutes.
      if (commonStep !== undefined && duration === commonStep + 3600) duration = commonStep;
    } else if (row.end !== undefined && row.end >= row.start && !row.exclusiveEnd) {
      duration = row.end - row.start;
      if (!row.hasTime || duration === 0) duration += row.hasTime ? 60 : DAY; // inclusive end day or minute
      else if (duration % 60 === 0 && (duration + 60) % 900 === 0) duration += 60; // 00:00-00:14 is 15 minutes
    } else {
      duration = commonStep ?? (row.hasTime ? 3600 : DAY);
    }
    return { start: row.start, duration, kwh: row.kwh };
  });
}
