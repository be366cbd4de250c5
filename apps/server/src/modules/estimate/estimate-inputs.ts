import type { Meter, TariffRates } from '@sunin/contract';
import type { Executor } from '../../db/client.js';
import type { ProjectRow } from '../../db/schema/index.js';
import { fitMeters, namedIntervalImports } from '../projects/project-meters.js';
import { tariffRatesByIds } from '../tariffs/tariffs.service.js';
import { readIntervalSeries } from '../usage/interval-imports.js';

/**
 * What the bill engine reads beside the project row (issue 35 item 5): its meters (one per
 * meter of kWh, the default entry where the column is shorter or unreadable), the tariffs they
 * name and the interval data they name. An interval import is read only under its own project.
 */
export const projectMeters = (project: Pick<ProjectRow, 'kilowatt_amounts' | 'meters'>): Meter[] => fitMeters(project.meters, project.kilowatt_amounts.length);

export interface EngineInputs {
  tariffs: (TariffRates & { id: number })[];
  intervals: { id: number; start: number; step_seconds: number; values: Float32Array }[];
}

/** Tariffs and interval imports beyond the saved meters' (the preview's unsaved meters name them). */
export interface ExtraReferences {
  tariffIds: readonly number[];
  intervalImportIds: readonly number[];
}

export async function loadEngineInputs(db: Executor, project: ProjectRow, meters: Meter[], extra: ExtraReferences = { tariffIds: [], intervalImportIds: [] }): Promise<EngineInputs> {
  const tariffIds = [...meters.flatMap((meter) => (meter.tariff_id === null ? [] : [meter.tariff_id])), ...extra.tariffIds];
  const importIds = [...namedIntervalImports(meters), ...extra.intervalImportIds];
  // Interval data only under this project's id: another project's import id finds nothing.
  const [rates, series] = await Promise.all([tariffRatesByIds(db, tariffIds), readIntervalSeries(db, importIds, project.id)]);
  return {
    tariffs: [...rates].map(([id, tariff]) => ({
      id,
      customer_charge_usd: tariff.customer_charge_usd,
      periods: tariff.periods,
      energy_rates: tariff.energy_rates,
      demand_charges: tariff.demand_charges,
      export_credit: tariff.export_credit,
      export_rate_usd_per_kwh: tariff.export_rate_usd_per_kwh,
    })),
    intervals: [...series].map(([id, { start, step_seconds, values }]) => ({ id, start, step_seconds, values })),
  };
}
