import type { AdminBulkStageInput, AdminBulkStageResult } from '@sunin/contract';
import type { AppContext } from '../../app-context.js';
import { AppError } from '../../lib/app-error.js';
import type { ProjectScope } from '../projects/project-access.js';
import { changeProjectStage } from '../projects/projects.service.js';

const UNEXPECTED_FAILURE = 'The stage could not be changed. Try again.';

/**
 * POST /api/admin/projects/stage_changes (issue 15 item 6): the stage change of
 * PUT /api/admin/projects/:id for each selected project, one transaction each, so one
 * failure (a project deleted meanwhile, the database briefly away) leaves the others changed.
 * A repeated id counts once; the answer keeps the order of the request.
 */
export async function changeStages(ctx: AppContext, scope: ProjectScope, input: AdminBulkStageInput): Promise<AdminBulkStageResult> {
  const result: AdminBulkStageResult = { changed: [], unchanged: [], failed: [] };
  for (const id of new Set(input.project_ids)) {
    try {
      const { before, after } = await changeProjectStage(ctx, scope, id, input.project_stage);
      if (after) result.changed.push({ id, company_name: after.project.company_name, from: before.project_stage, to: after.project.project_stage });
      else result.unchanged.push({ id, company_name: before.company_name });
    } catch (error) {
      // An AppError's message is written for the admin ("Project not found."); anything else
      // is logged and summarised, never shown (ASVS 16.5.1).
      if (!(error instanceof AppError)) ctx.log.error({ err: error, projectId: id }, 'bulk stage change failed for one project');
      result.failed.push({ id, message: error instanceof AppError ? error.message : UNEXPECTED_FAILURE });
    }
  }
  return result;
}
