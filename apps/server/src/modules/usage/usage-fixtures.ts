import { STATE_CLOCKS, toWallClock } from '@sunin/contract';

/**
 * Green Button files made to order, for the tests of the parser, the API and the browser:
 * an ESPI XML feed of hourly readings (absolute or relative links, with or without a gas
 * usage point), a utility's 15-minute and monthly CSV exports, and SCE's "Download My Data"
 * CSV in its 2020 and 2024 shapes. Synthetic: the shapes of real files, none of their data.
 */

interface EspiOptions {
  /** Element prefix, e.g. 'espi:' (declared on the feed), or '' for the default namespace. */
  prefix?: string;
  /** First reading's start (any ISO date-time). */
  from: string;
  hours: number;
  whPerHour: number;
  powerOfTen: number;
  time?: { tzOffset: number; dstOffset: number; dstStartRule: number; dstEndRule: number };
  /** Hours (counted from `from`) without a reading. */
  skipHours?: number[];
  /** Adds a second series of received energy (flowDirection 19) that must be left out. */
  extraReverseSeries?: boolean;
  /** Links as some utilities write them: relative, without a leading slash ("ReadingType/07"). */
  relativeLinks?: boolean;
  /** Adds a UsagePoint entry (electricity) with this Atom title. */
  usagePointTitle?: string;
  /** Adds a gas usage point whose series (in Wh, commodity 7) must never be summed as kWh. */
  gasSeries?: boolean;
}

export function espiFeed(options: EspiOptions): string {
  const p = options.prefix ?? '';
  const ns = p ? `xmlns:${p.slice(0, -1)}="http://naesb.org/espi"` : 'xmlns="http://naesb.org/espi"';
  const root = options.relativeLinks ? '' : 'https://utility.example/DataCustodian/espi/1_1/resource/';
  const usagePoint = (id: string) => `${root}${options.relativeLinks ? '' : 'Subscription/1/'}UsagePoint/${id}`;
  const start = Date.parse(options.from) / 1000;
  const skip = new Set(options.skipHours ?? []);
  const entry = (self: string, body: string, related = '', title = '', up = '') =>
    `<entry>${title ? `<title>${title}</title>` : ''}<link rel="self" href="${self}"/>${up ? `<link rel="up" href="${up}"/>` : ''}${related}<content>${body}</content></entry>`;
  const readingType = (id: string, flow: number, commodity?: number) =>
    entry(
      `${root}ReadingType/${id}`,
      `<${p}ReadingType ${ns}><${p}accumulationBehaviour>4</${p}accumulationBehaviour>${commodity === undefined ? '' : `<${p}commodity>${commodity}</${p}commodity>`}<${p}flowDirection>${flow}</${p}flowDirection><${p}powerOfTenMultiplier>${options.powerOfTen}</${p}powerOfTenMultiplier><${p}uom>72</${p}uom></${p}ReadingType>`,
    );
  const usagePointEntry = (id: string, kind: number, title: string) =>
    entry(usagePoint(id), `<${p}UsagePoint ${ns}><${p}ServiceCategory><${p}kind>${kind}</${p}kind></${p}ServiceCategory></${p}UsagePoint>`, '', title);
  const meterReading = (point: string, id: string, typeId: string) =>
    entry(`${usagePoint(point)}/MeterReading/${id}`, `<${p}MeterReading ${ns}/>`, `<link rel="related" href="${root}ReadingType/${typeId}"/>`);
  const blocks = (point: string, meterId: string) => {
    const parts: string[] = [];
    const perBlock = 24 * 7;
    for (let first = 0; first < options.hours; first += perBlock) {
      const readings: string[] = [];
      for (let hour = first; hour < Math.min(options.hours, first + perBlock); hour += 1) {
        if (skip.has(hour)) continue;
        readings.push(`<${p}IntervalReading><${p}timePeriod><${p}duration>3600</${p}duration><${p}start>${start + hour * 3600}</${p}start></${p}timePeriod><${p}value>${options.whPerHour}</${p}value></${p}IntervalReading>`);
      }
      const path = `${usagePoint(point)}/MeterReading/${meterId}/IntervalBlock`;
      parts.push(entry(`${path}/${first / perBlock + 1}`, `<${p}IntervalBlock ${ns}><${p}interval><${p}duration>${perBlock * 3600}</${p}duration><${p}start>${start + first * 3600}</${p}start></${p}interval>${readings.join('')}</${p}IntervalBlock>`, '', '', path));
    }
    return parts.join('\n');
  };
  const time = options.time
    ? entry(`${root}LocalTimeParameters/1`, `<${p}LocalTimeParameters ${ns}><${p}dstEndRule>${options.time.dstEndRule.toString(16).toUpperCase()}</${p}dstEndRule><${p}dstOffset>${options.time.dstOffset}</${p}dstOffset><${p}dstStartRule>${options.time.dstStartRule.toString(16).toUpperCase()}</${p}dstStartRule><${p}tzOffset>${options.time.tzOffset}</${p}tzOffset></${p}LocalTimeParameters>`)
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    '<id>urn:uuid:green-button</id><title>Green Button Usage Feed</title>',
    time,
    ...(options.usagePointTitle !== undefined || options.gasSeries ? [usagePointEntry('1', 0, options.usagePointTitle ?? '')] : []),
    readingType('07', 1),
    meterReading('1', '01', '07'),
    blocks('1', '01'),
    ...(options.extraReverseSeries ? [readingType('08', 19), meterReading('1', '02', '08'), blocks('1', '02')] : []),
    ...(options.gasSeries ? [usagePointEntry('2', 1, 'Gas meter'), readingType('09', 1, 7), meterReading('2', '01', '09'), blocks('2', '01')] : []),
    '</feed>',
  ].join('\n');
}

const pad = (value: number) => String(value).padStart(2, '0');
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
const clock = (seconds: number) => new Date(seconds * 1000).toISOString().slice(11, 16);

/** A PG&E-style 15-minute export: a preamble, then TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES. */
export function fifteenMinuteCsv(options: { from: string; days: number; kwhPer15: number }): string {
  const lines = [
    'Name,ACME WAREHOUSE',
    'Address,"1 Industrial Way, Fresno CA 93721"',
    'Account Number,1234567890',
    'Service,Service 1',
    '',
    'TYPE,DATE,START TIME,END TIME,USAGE (kWh),COST,NOTES',
  ];
  const start = Date.parse(`${options.from}T00:00:00Z`) / 1000;
  for (let slot = 0; slot < options.days * 96; slot += 1) {
    const at = start + slot * 900;
    lines.push(`Electric usage,${day(at)},${clock(at)},${clock(at + 840)},${options.kwhPer15},$0.06,`);
  }
  return lines.join('\n');
}

/** A monthly billing export: 13 bills of 3,100 kWh from January 5, 2023 to the 4th of each next month. */
export function monthlyBillingCsv(): string {
  const lines = ['TYPE,START DATE,END DATE,USAGE (kWh),COST'];
  for (let bill = 0; bill < 13; bill += 1) {
    const from = new Date(Date.UTC(2023, bill, 5));
    const to = new Date(Date.UTC(2023, bill + 1, 4));
    lines.push(`Electric usage,${from.getUTCFullYear()}-${pad(from.getUTCMonth() + 1)}-05,${to.getUTCFullYear()}-${pad(to.getUTCMonth() + 1)}-04,"3,100",$620.00`);
  }
  return lines.join('\n');
}

const NBSP = '\u00A0';
const sceStamp = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');

interface SceOptions {
  /** First local day, YYYY-MM-DD. */
  from: string;
  days: number;
  /** kWh delivered per interval. */
  delivered: number;
  /** kWh received per interval (2024 shape only). */
  received?: number;
  /** Days (counted from `from`) without readings. */
  skipDays?: number[];
}

/**
 * The local intervals of SCE's days on the California clock: one row per existing wall-clock
 * interval (23 hours on the spring-forward day, 25 on the fall-back one), "start to end".
 */
function sceDays(options: SceOptions, step: number): { label: string; rows: string[] }[] {
  const clock = STATE_CLOCKS.CA;
  const wall = (utc: number) => toWallClock(utc * 1000, clock) / 1000;
  const firstWall = Date.parse(`${options.from}T00:00:00Z`) / 1000;
  const lastWall = firstWall + options.days * 86_400;
  // The UTC instant of the first local midnight (standard time, else daylight time).
  let utc = firstWall + 8 * 3600;
  if (wall(utc) !== firstWall) utc -= 3600;
  const skip = new Set(options.skipDays ?? []);
  const days = new Map<number, string[]>();
  for (; wall(utc) < lastWall; utc += step) {
    const from = wall(utc);
    const day = Math.floor((from - firstWall) / 86_400);
    if (skip.has(day)) continue;
    const rows = days.get(day) ?? [];
    rows.push(`${sceStamp(from)} to ${sceStamp(wall(utc + step))}`);
    days.set(day, rows);
  }
  return [...days.entries()].map(([day, rows]) => ({ label: sceStamp(firstWall + day * 86_400), rows }));
}

/**
 * SCE's "Download My Data" CSV as it was around 2020: every cell quoted, a preamble, hourly
 * rows per day under a repeated header, "start to end" in one cell with non-breaking spaces,
 * and the unit in words ("kilowatt-hours").
 */
export function sceCsv2020(options: SceOptions): string {
  const q = (cell: string) => `"${cell}"`;
  const lines = [
    q('Energy Usage Information'),
    q('For location: 100 EXAMPLE AVE, IRVINE CA'),
    '',
    q('Meter Reading Information'),
    q('Type of readings: Electricity'),
    '',
    q('Detailed Usage'),
    q(`Start date: ${options.from} 00:00:00${NBSP}${NBSP}for ${options.days} days`),
    '',
  ];
  for (const { label, rows } of sceDays(options, 3600)) {
    lines.push(q(`Data for period starting: ${label}${NBSP}${NBSP}for 24 hours`));
    lines.push(`${q(`Energy${NBSP}consumption time period`)},${q(`Usage(Real energy in kilowatt-hours)`)}`);
    for (const row of rows) lines.push(`${q(row.replace(/ /g, NBSP))},${q(String(options.delivered))}`);
    lines.push('');
  }
  return lines.join('\r\n');
}

/**
 * SCE's "Download My Data" CSV as it is since 2024: a longer preamble, 15-minute rows, and for
 * every day a Delivered block and a Received block (solar exports), each under its own header.
 */
export function sceCsv2024(options: SceOptions): string {
  const lines = [
    'Energy Usage Information,,',
    'For location: 100 EXAMPLE AVE IRVINE CA,,',
    ',,',
    'Meter Reading Information,,',
    'Type of readings: Electricity,,',
    ',,',
    'Summary of Electric Power Usage Information*,,',
    '"Your download will contain interval usage data that is currently available, of the types actual, estimated, validated or missing. ",,',
    ',,',
    'Detailed Usage,,',
    `Start date: ${options.from} 00:00:00${NBSP} for ${options.days} days,,`,
    ',,',
  ];
  for (const { label, rows } of sceDays(options, 900)) {
    for (const [kind, kwh] of [
      ['Delivered', options.delivered],
      ['Received', options.received ?? 0],
    ] as const) {
      lines.push(`Data for period starting: ${label}${NBSP} for 24 hours,,`);
      lines.push(`Energy${NBSP} ${kind} time period,Usage ${kind}(Real energy in kilowatt-hours)(Real energy in kilowatt-hours),Reading quality`);
      for (const row of rows) lines.push(`${row},${kwh},`);
      lines.push(',,');
    }
  }
  return lines.join('\n');
}
