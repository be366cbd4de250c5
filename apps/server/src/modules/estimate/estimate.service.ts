import { computeEstimate, DEFAULT_ESTIMATE_ASSUMPTIONS, estimateAssumptionsSchema, estimateInputMaps, type Estimate, type EstimateAssumptions, type EstimateInputs } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import type { ProjectRow } from '../../db/schema/index.js';
import { findProject, type ProjectScope } from '../projects/project-access.js';
import { readSetting, type Setting } from '../settings/settings.service.js';
import { loadEngineInputs, projectMeters, type ExtraReferences } from './estimate-inputs.js';

export const readEstimateAssumptions = (db: Executor): Promise<Setting<EstimateAssumptions>> =>
  readSetting(db, 'estimate_assumptions', estimateAssumptionsSchema, DEFAULT_ESTIMATE_ASSUMPTIONS);

/** GET /api/projects/{id}/estimate: the project's own data, its meters' tariffs and interval data through the administrator's assumptions. */
export async function projectEstimate(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<Estimate> {
  return estimateOfProject(ctx.db, await findProject(ctx.db, scope, projectId));
}

/**
 * The estimate of a project row already found (and authorised) by the caller: the partner's
 * estimate route and the customer's link (issue 36 item 2) show the same figures.
 */
export async function estimateOfProject(db: Executor, project: ProjectRow): Promise<Estimate> {
  const meters = projectMeters(project);
  const [{ value: assumptions }, engine] = await Promise.all([readEstimateAssumptions(db), loadEngineInputs(db, project, meters)]);
  return computeEstimate({ ...project, meters, ...estimateInputMaps(engine) }, assumptions);
}

/** GET /api/projects/{id}/estimate-inputs: the same inputs, for the web app to recompute as the partner types. */
export async function projectEstimateInputs(ctx: AppContext, scope: ProjectScope, projectId: number, extra: ExtraReferences = { tariffIds: [], intervalImportIds: [] }): Promise<EstimateInputs> {
  const project = await findProject(ctx.db, scope, projectId);
  const meters = projectMeters(project);
  const [{ value: assumptions }, engine] = await Promise.all([readEstimateAssumptions(ctx.db), loadEngineInputs(ctx.db, project, meters, extra)]);
  return {
    assumptions,
    tariffs: engine.tariffs,
    // Tenths of a watt-hour per step: a preview needs no more, and a year of 15-minute data stays a few hundred KB.
    intervals: engine.intervals.map((series) => ({ ...series, values: Array.from(series.values, (value) => Math.round(value * 10_000) / 10_000) })),
  };
}
