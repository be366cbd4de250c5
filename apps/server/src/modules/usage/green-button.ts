import { StringDecoder } from 'node:string_decoder';
import Papa from 'papaparse';
import { SaxesParser } from 'saxes';
import { AppError } from '../../lib/app-error.js';
import { MAX_MONTHLY_KWH } from '@sunin/contract';
import { lastTwelveMonths, monthNameAfter, type MonthlyUsage, type Reading } from './monthly.js';

/**
 * Green Button "Download My Data" files read into 12 months per meter (issue 16 item 5):
 * the ESPI XML feed (NAESB REQ.21) and the common CSV exports. Both are read as streams, so a
 * year of 15-minute readings never sits in memory as text or as a document tree; only the
 * readings themselves (three numbers each) are kept until they are summed.
 */

export type UsageSource = 'espi_xml' | 'csv';
export interface UsageImport extends MonthlyUsage {
  source: UsageSource;
}

/** A file this parser cannot read: the message says why, and the route answers 422 with it. */
export class UnreadableUsageFile extends AppError {
  constructor(message: string) {
    super('validation_failed', message, { file: message });
  }
}

/** More readings than ten meters of 5-minute data for a year and a half: refused, not summed. */
export const MAX_READINGS = 1_600_000;

export async function parseUsageFile(input: AsyncIterable<Buffer | string>): Promise<UsageImport> {
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
    head += typeof next.value === 'string' ? next.value : decoder.write(next.value);
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
      yield typeof next.value === 'string' ? next.value : decoder.write(next.value);
    }
    const tail = decoder.end();
    if (tail) yield tail;
  }
  const isXml = head.trimStart().startsWith('<');
  const { meters, warnings } = isXml ? await readEspi(rest()) : await readCsv(rest());
  const usable = meters.filter((readings) => readings.length > 0);
  if (usable.length === 0) throw new UnreadableUsageFile(isXml ? 'The file has no electricity usage readings in watt-hours.' : 'The file has no rows of kWh usage.');
  const monthly = lastTwelveMonths(usable);
  if (!monthly) throw new UnreadableUsageFile('The file does not cover a whole calendar month of usage.');
  refuseImplausibleMonths(monthly);
  return { ...monthly, warnings: [...warnings, ...monthly.warnings], source: isXml ? 'espi_xml' : 'csv' };
}

/**
 * DOMAIN.md 1c plausibility, as the typed values have it: a month over MAX_MONTHLY_KWH (or
 * readings of 1e308 that add up to no number at all) and a negative month (net usage of a site
 * that exports) are refused, naming the month, rather than imported (issue 34 item 6).
 */
function refuseImplausibleMonths({ meters, period_start }: MonthlyUsage): void {
  meters.forEach((months, meter) =>
    months.forEach((kwh, offset) => {
      if (kwh === null) return;
      const month = `${meters.length > 1 ? `Meter ${meter + 1}, ` : ''}${monthNameAfter(period_start, offset)}`;
      if (kwh < 0) throw new UnreadableUsageFile(`${month} adds up to less than 0 kWh: the file holds net usage; download the consumption (delivered) data instead.`);
      if (!(kwh <= MAX_MONTHLY_KWH)) {
        throw new UnreadableUsageFile(`${month} adds up to more than ${MAX_MONTHLY_KWH.toLocaleString('en-US')} kWh, which is not plausible for one meter: check the file's units.`);
      }
    }),
  );
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
}

interface TimeParameters {
  tzOffset: number;
  dstOffset: number;
  dstStartRule?: number;
  dstEndRule?: number;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const meterReadingPath = (href: string) => /^(.*\/MeterReading\/[^/]+)/.exec(href)?.[1];
const ENERGY_WATT_HOURS = 72;
const FORWARD = 1;

async function readEspi(chunks: AsyncIterable<string>): Promise<{ meters: Reading[][]; warnings: string[] }> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const path: string[] = [];
  let text = '';

  // The entry being read: its links, and what its content held.
  let links: { rel: string; href: string }[] = [];
  let entryReadings: RawReading[] = [];
  let entryReadingType: ReadingTypeInfo | null = null;
  let reading: Partial<RawReading> = {};
  let count = 0;

  const blocks = new Map<string, RawReading[]>(); // MeterReading path (or '') -> its readings
  const readingTypes = new Map<string, ReadingTypeInfo>(); // ReadingType self href -> info
  const meterReadingTypes = new Map<string, string>(); // MeterReading path -> ReadingType href
  let time: TimeParameters | null = null;
  let pendingTime: Partial<TimeParameters> | null = null;

  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const parent = path[path.length - 1];
    path.push(name);
    text = '';
    if (name === 'entry') {
      links = [];
      entryReadings = [];
      entryReadingType = null;
    } else if (name === 'link' && parent === 'entry') {
      const attributes = tag.attributes as Record<string, string>;
      links.push({ rel: attributes.rel ?? '', href: attributes.href ?? '' });
    } else if (name === 'ReadingType') {
      entryReadingType = { powerOfTenMultiplier: 0 };
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
      if (entryReadingType) readingTypes.set(self, entryReadingType);
      const related = links.filter((link) => link.rel === 'related' && /\/ReadingType\//.test(link.href));
      const ownPath = meterReadingPath(self);
      if (ownPath && /\/MeterReading\/[^/]+$/.test(self) && related[0]) meterReadingTypes.set(ownPath, related[0].href);
      if (entryReadings.length > 0) {
        const key = meterReadingPath(self) ?? meterReadingPath(links.find((link) => link.rel === 'up')?.href ?? '') ?? '';
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
  if (!time) warnings.push('The file gives no time zone (LocalTimeParameters): months are counted in UTC.');
  const toLocal = localClock(time);
  const types = [...readingTypes.values()];
  const meters: Reading[][] = [];
  let skipped = 0;
  for (const [key, raw] of blocks) {
    const typeHref = meterReadingTypes.get(key);
    const type = (typeHref ? readingTypes.get(typeHref) : undefined) ?? (types.length === 1 ? types[0] : undefined);
    if (!type) {
      if (types.length === 0) throw new UnreadableUsageFile('The file has readings but no ReadingType saying their unit.');
      throw new UnreadableUsageFile('The file has several ReadingTypes and its readings do not say which one is theirs.');
    }
    if (type.uom !== ENERGY_WATT_HOURS || (type.flowDirection !== undefined && type.flowDirection !== FORWARD)) {
      skipped += 1;
      continue;
    }
    const toKwh = 10 ** type.powerOfTenMultiplier / 1000;
    meters.push(raw.map((item) => ({ start: toLocal(item.start), duration: item.duration, kwh: item.value * toKwh })));
  }
  if (skipped > 0) warnings.push(`Left out ${skipped} reading series that ${skipped === 1 ? 'is' : 'are'} not delivered energy in watt-hours (for example solar sent back to the grid).`);
  return { meters, warnings };
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
}

const clean = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, ' ');

/** Finds the header row's columns; undefined when the row is not a usage header. */
export function csvColumns(row: string[]): CsvColumns | undefined {
  const cells = row.map(clean);
  const find = (test: (cell: string) => boolean) => {
    const index = cells.findIndex(test);
    return index === -1 ? undefined : index;
  };
  const kwh = find((cell) => /\bkwh\b/.test(cell) && !/cost|\$|export|generat|received/.test(cell));
  const wh = kwh === undefined ? find((cell) => /\(wh\)|^wh$/.test(cell)) : undefined;
  const usage = kwh ?? wh ?? find((cell) => /^(usage|consumption|value|import|quantity|energy)\b/.test(cell));
  if (usage === undefined) return undefined;
  const date = find((cell) => /^(date|day|read date|service date|usage date|bill date|month)$/.test(cell));
  // With a separate date column, "START TIME" / "END TIME" hold only the time of day.
  const splitClock = date !== undefined;
  const start = find((cell) => (!splitClock || !/time$/.test(cell)) && /^(interval |read |period )?(start|begin)( date)?( ?time)?$|^(interval|read(ing)?|period) start/.test(cell));
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
  };
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Wall-clock seconds of a date (and optional time) as written; any UTC offset is ignored, since the wall clock is what counts. */
export function wallClock(dateText: string, timeText = ''): { seconds: number; hasTime: boolean } | undefined {
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
  return { seconds: Date.UTC(year, month - 1, day, hour, minute, second) / 1000, hasTime: clock !== null };
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

async function readCsv(chunks: AsyncIterable<string>): Promise<{ meters: Reading[][]; warnings: string[] }> {
  const warnings: string[] = [];

  let columns: CsvColumns | undefined;
  let lineNumber = 0;
  let skipped = 0;
  let otherUnits = 0;
  let count = 0;
  const rows = new Map<string, CsvRow[]>();
  for await (const row of csvRows(chunks)) {
    lineNumber += 1;
    if (!columns) {
      columns = csvColumns(row);
      if (!columns && lineNumber > 50) throw new UnreadableUsageFile('No header row with a date (or start) column and a kWh column was found in the first 50 rows.');
      continue;
    }
    if (row.every((cell) => cell.trim() === '')) continue;
    const startCell = row[columns.start ?? columns.date!] ?? '';
    const timeCell = columns.start === undefined && columns.time !== undefined ? (row[columns.time] ?? '') : '';
    const start = wallClock(startCell, timeCell);
    let value = amount(row[columns.usage] ?? '');
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
    let end: number | undefined;
    if (columns.end !== undefined) {
      end = wallClock(row[columns.end] ?? '')?.seconds;
    } else if (columns.endTime !== undefined) {
      end = wallClock(startCell, row[columns.endTime] ?? '')?.seconds;
    }
    count = countReading(count);
    const meter = columns.meter === undefined ? '' : (row[columns.meter] ?? '').trim();
    const list = rows.get(meter) ?? [];
    list.push({ start: start.seconds, hasTime: start.hasTime || timeCell !== '', end, kwh: value * columns.usageUnit });
    rows.set(meter, list);
  }
  if (!columns) throw new UnreadableUsageFile('No header row with a date (or start) column and a kWh column was found.');
  if (skipped > 0) warnings.push(`Skipped ${skipped} row${skipped === 1 ? '' : 's'} without a readable date and kWh amount.`);
  if (otherUnits > 0) warnings.push(`Skipped ${otherUnits} row${otherUnits === 1 ? '' : 's'} in units other than kWh.`);
  return { meters: [...rows.values()].map(csvReadings), warnings };
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
    } else if (row.end !== undefined && row.end >= row.start) {
      duration = row.end - row.start;
      if (!row.hasTime || duration === 0) duration += row.hasTime ? 60 : DAY; // inclusive end day or minute
      else if (duration % 60 === 0 && (duration + 60) % 900 === 0) duration += 60; // 00:00-00:14 is 15 minutes
    } else {
      duration = commonStep ?? (row.hasTime ? 3600 : DAY);
    }
    return { start: row.start, duration, kwh: row.kwh };
  });
}
