/**
 * The hourly bill engine (npm run bench:engine; issue 35 item 5): computeEstimate for a project
 * of 3 meters over the reference year's 8,760 hours, one of them on a year of 15-minute interval
 * data (35,040 steps), each on a time-of-use tariff with demand charges, with its 25-year cash
 * flow, in this process as the web app runs it while a partner types. The calendar, profile and
 * production shapes are built on the first run and kept (per clock and site); the first run is
 * shown apart from the median and p95 of the runs after it. Target: under 50 ms.
 */
import { computeEstimate, DEFAULT_ESTIMATE_ASSUMPTIONS, defaultMeter, type EstimateProjectInput, type TariffRates } from '@sunin/contract';
import { fixed, median, meets, note, percentile, printTable } from './lib/report.js';

const RUNS = Number(process.env.BENCH_ENGINE_RUNS || 200);
const TARGET_MS = 50;

const touTariff: TariffRates = {
  customer_charge_usd: 400,
  periods: [
    { name: 'Peak', months: [6, 7, 8, 9], days: 'weekday', start_hour: 16, end_hour: 21 },
    { name: 'Part-peak', months: [6, 7, 8, 9], days: 'weekday', start_hour: 14, end_hour: 16 },
    { name: 'Off-peak', months: [1, 2, 3, 4, 5, 10, 11, 12], days: 'all', start_hour: 0, end_hour: 8 },
  ],
  energy_rates: [
    { period: null, usd_per_kwh: 0.16 },
    { period: 'Peak', usd_per_kwh: 0.32 },
    { period: 'Part-peak', usd_per_kwh: 0.22 },
    { period: 'Off-peak', usd_per_kwh: 0.12 },
  ],
  demand_charges: [
    { period: null, usd_per_kw: 22 },
    { period: 'Peak', usd_per_kw: 18 },
  ],
  export_credit: 'net_metering',
  export_rate_usd_per_kwh: 0.04,
};

function project(): EstimateProjectInput {
  const start = Date.UTC(2024, 6, 1) / 1000;
  const values = new Float32Array(365 * 96);
  for (let step = 0; step < values.length; step += 1) {
    const hour = Math.floor((step % 96) / 4);
    values[step] = hour >= 7 && hour < 18 ? 12 + ((step * 7919) % 13) : 4;
  }
  const julyToJune = ['2024-07', '2024-08', '2024-09', '2024-10', '2024-11', '2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'];
  return {
    kilowatt_amounts: [
      [52_000, 50_000, 47_000, 44_000, 43_000, 49_000, 58_000, 61_000, 60_000, 55_000, 50_000, 51_000],
      Array.from({ length: 12 }, () => 80_000),
      [30_000, 28_000, 31_000, 33_000, 36_000, 41_000, 45_000, 46_000, 40_000, 35_000, 30_000, 29_000],
    ],
    average_monthly_power_bill_cost: '38000',
    state: 'CA',
    meters: [
      { ...defaultMeter(0), name: 'Main building', tariff_id: 1, load_profile: 'office' },
      { ...defaultMeter(1), name: 'Plant', tariff_id: 1, interval_import_id: 1, months: julyToJune },
      { ...defaultMeter(2), name: 'Warehouse', tariff_id: 2, load_profile: 'warehouse' },
    ],
    tariffs: new Map([
      [1, touTariff],
      [2, { ...touTariff, export_credit: 'net_billing' as const }],
    ]),
    intervals: new Map([[1, { start, step_seconds: 900, values }]]),
    today: '2025-11-28',
  };
}

export async function runEngineBench(): Promise<void> {
  note(`\n## Bill engine: a 3-meter project (8,760 hours, one meter on 15-minute data, ${DEFAULT_ESTIMATE_ASSUMPTIONS.lifetime_years}-year cash flow), ${RUNS} runs`);
  const input = project();
  let started = performance.now();
  const first = computeEstimate(input);
  const firstMs = performance.now() - started;
  if (first.bills.meters.length !== 3 || first.bills.meters[1]!.load_source !== 'interval' || first.investment === null) throw new Error('The bench project did not go through the engine.');
  const times: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    // A new input object each run, as the web app builds one per keystroke.
    const next = { ...input, average_monthly_power_bill_cost: String(38_000 + run) };
    started = performance.now();
    computeEstimate(next);
    times.push(performance.now() - started);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const medianMs = median(times);
  const p95Ms = percentile(sorted, 95);
  printTable(`computeEstimate, one process (Node ${process.versions.node})`, ['measure', 'ms', 'target ms', 'meets'], [
    ['first run (builds the calendar and shapes)', fixed(firstMs, 2), '-', '-'],
    ['median', fixed(medianMs, 2), String(TARGET_MS), meets(medianMs < TARGET_MS)],
    ['p95', fixed(p95Ms, 2), String(TARGET_MS), meets(p95Ms < TARGET_MS)],
  ]);
}
