import { defaultMeter, meterSchema, type EstimateInputs, type Meter } from '@sunin/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { meterIntervalImports, tariffs, type ProjectRow } from '../../db/schema/index.js';

/**
 * What the bill engine reads beside the project row (issue 35 item 5): its meters (one per
 * meter of kWh, the default entry where the column is shorter or unreadable), the tariffs they
 * name and the interval data they name. An interval import is read only under its own project.
 */

export function projectMeters(project: Pick<ProjectRow, 'kilowatt_amounts' | 'meters'>): Meter[] {
  const stored = Array.isArray(project.meters) ? project.meters : [];
  return project.kilowatt_amounts.map((_, index) => {
    const parsed = meterSchema.safeParse(stored[index]);
    return parsed.success ? parsed.data : defaultMeter(index);
  });
}

/** kWh per step from the stored bytea: float32, little-endian, whatever the machine's order. */
export function decodeIntervalKwh(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const values = new Float32Array(Math.floor(bytes.byteLength / 4));
  for (let index = 0; index < values.length; index += 1) values[index] = view.getFloat32(index * 4, true);
  return values;
}

export type EngineInputs = Pick<EstimateInputs, 'tariffs'> & { intervals: { id: number; start: number; step_seconds: number; values: Float32Array }[] };

export async function loadEngineInputs(db: Executor, project: ProjectRow, meters: Meter[]): Promise<EngineInputs> {
  const tariffIds = [...new Set(meters.map((meter) => meter.tariff_id).filter((id): id is number => id !== null))];
  const importIds = [...new Set(meters.map((meter) => meter.interval_import_id).filter((id): id is number => id !== null))];
  const [tariffRows, importRows] = await Promise.all([
    tariffIds.length === 0
      ? []
      : db
          .select({
            id: tariffs.id,
            customer_charge_usd: tariffs.customer_charge_usd,
            periods: tariffs.periods,
            energy_rates: tariffs.energy_rates,
            demand_charges: tariffs.demand_charges,
            export_credit: tariffs.export_credit,
            export_rate_usd_per_kwh: tariffs.export_rate_usd_per_kwh,
          })
          .from(tariffs)
          .where(inArray(tariffs.id, tariffIds)),
    importIds.length === 0
      ? []
      : db
          .select({ id: meterIntervalImports.id, start: meterIntervalImports.start_seconds, step_seconds: meterIntervalImports.step_seconds, kwh: meterIntervalImports.kwh })
          .from(meterIntervalImports)
          .where(and(eq(meterIntervalImports.project_id, project.id), inArray(meterIntervalImports.id, importIds))),
  ]);
  return {
    tariffs: tariffRows,
    intervals: importRows.map((row) => ({ id: row.id, start: row.start, step_seconds: row.step_seconds, values: decodeIntervalKwh(row.kwh) })),
  };
}
