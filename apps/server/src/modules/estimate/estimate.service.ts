import { computeEstimate, DEFAULT_ESTIMATE_ASSUMPTIONS, estimateAssumptionsSchema, type Estimate, type EstimateAssumptions } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { findProject, type ProjectScope } from '../projects/project-access.js';
import { readSetting, type Setting } from '../settings/settings.service.js';

export const readEstimateAssumptions = (db: Executor): Promise<Setting<EstimateAssumptions>> =>
  readSetting(db, 'estimate_assumptions', estimateAssumptionsSchema, DEFAULT_ESTIMATE_ASSUMPTIONS);

/** GET /api/projects/{id}/estimate: the project's own data through the administrator's assumptions. */
export async function projectEstimate(ctx: AppContext, scope: ProjectScope, projectId: number): Promise<Estimate> {
  const project = await findProject(ctx.db, scope, projectId);
  const { value: assumptions } = await readEstimateAssumptions(ctx.db);
  return computeEstimate(project, assumptions);
}
