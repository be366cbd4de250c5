/**
 * Green Button files made to order, for the tests of the parser, the API and the browser:
 * an ESPI XML feed of hourly readings and a utility's 15-minute and monthly CSV exports.
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
}

export function espiFeed(options: EspiOptions): string {
  const p = options.prefix ?? '';
  const ns = p ? `xmlns:${p.slice(0, -1)}="http://naesb.org/espi"` : 'xmlns="http://naesb.org/espi"';
  const base = 'https://utility.example/DataCustodian/espi/1_1/resource/Subscription/1/UsagePoint/1';
  const start = Date.parse(options.from) / 1000;
  const skip = new Set(options.skipHours ?? []);
  const entry = (self: string, body: string, related = '') =>
    `<entry><link rel="self" href="${self}"/>${related}<content>${body}</content></entry>`;
  const readingType = (id: string, flow: number) =>
    entry(`https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/${id}`, `<${p}ReadingType ${ns}><${p}accumulationBehaviour>4</${p}accumulationBehaviour><${p}flowDirection>${flow}</${p}flowDirection><${p}powerOfTenMultiplier>${options.powerOfTen}</${p}powerOfTenMultiplier><${p}uom>72</${p}uom></${p}ReadingType>`);
  const meterReading = (id: string, typeId: string) =>
    entry(`${base}/MeterReading/${id}`, `<${p}MeterReading ${ns}/>`, `<link rel="related" href="https://utility.example/DataCustodian/espi/1_1/resource/ReadingType/${typeId}"/>`);
  const blocks = (meterId: string) => {
    const parts: string[] = [];
    const perBlock = 24 * 7;
    for (let first = 0; first < options.hours; first += perBlock) {
      const readings: string[] = [];
      for (let hour = first; hour < Math.min(options.hours, first + perBlock); hour += 1) {
        if (skip.has(hour)) continue;
        readings.push(`<${p}IntervalReading><${p}timePeriod><${p}duration>3600</${p}duration><${p}start>${start + hour * 3600}</${p}start></${p}timePeriod><${p}value>${options.whPerHour}</${p}value></${p}IntervalReading>`);
      }
      parts.push(entry(`${base}/MeterReading/${meterId}/IntervalBlock/${first / perBlock + 1}`, `<${p}IntervalBlock ${ns}><${p}interval><${p}duration>${perBlock * 3600}</${p}duration><${p}start>${start + first * 3600}</${p}start></${p}interval>${readings.join('')}</${p}IntervalBlock>`));
    }
    return parts.join('\n');
  };
  const time = options.time
    ? entry('https://utility.example/DataCustodian/espi/1_1/resource/LocalTimeParameters/1', `<${p}LocalTimeParameters ${ns}><${p}dstEndRule>${options.time.dstEndRule.toString(16).toUpperCase()}</${p}dstEndRule><${p}dstOffset>${options.time.dstOffset}</${p}dstOffset><${p}dstStartRule>${options.time.dstStartRule.toString(16).toUpperCase()}</${p}dstStartRule><${p}tzOffset>${options.time.tzOffset}</${p}tzOffset></${p}LocalTimeParameters>`)
    : '';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    '<id>urn:uuid:green-button</id><title>Green Button Usage Feed</title>',
    time,
    readingType('07', 1),
    meterReading('01', '07'),
    blocks('01'),
    ...(options.extraReverseSeries ? [readingType('08', 19), meterReading('02', '08'), blocks('02')] : []),
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
