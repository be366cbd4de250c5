import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateInputsSchema, type EstimateInputs } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { estimateQueryKey } from './get-estimate';
import { projectPath, useProjectApi } from './project-api';

/** Under the estimate's key: a project save and a change of the assumptions (which refresh every 'estimate' key) fetch it again. */
export const estimateInputsQueryKey = (api: ProjectApi, projectId: number, extra: ExtraReferences = NO_EXTRA) =>
  [...estimateQueryKey(api, projectId), 'inputs', extra.tariffIds.join(','), extra.intervalImportIds.join(',')] as const;

/** Tariffs and interval imports the unsaved meters name beyond the saved ones (a tariff just picked, a file just imported). */
export interface ExtraReferences {
  tariffIds: readonly number[];
  intervalImportIds: readonly number[];
}
const NO_EXTRA: ExtraReferences = { tariffIds: [], intervalImportIds: [] };

/**
 * GET /api/projects/:id/estimate-inputs (or the admin's): the assumptions, tariffs and interval
 * series the browser needs to recompute the estimate while the partner types (issue 35 item 5).
 */
export async function getEstimateInputs(api: ProjectApi, projectId: number, extra: ExtraReferences = NO_EXTRA, signal?: AbortSignal): Promise<EstimateInputs> {
  const query = { tariff_ids: extra.tariffIds.join(',') || undefined, interval_import_ids: extra.intervalImportIds.join(',') || undefined };
  return estimateInputsSchema.parse(await apiRequest<unknown>(`${projectPath(api, projectId)}/estimate-inputs`, { signal, query }));
}

/** Fetched only once there is something to preview (`enabled`); a year of 15-minute data is large. */
export function useEstimateInputs(projectId: number, enabled: boolean, extra: ExtraReferences = NO_EXTRA) {
  const api = useProjectApi();
  return useQuery({
    ...queryOptions({ queryKey: estimateInputsQueryKey(api, projectId, extra), queryFn: ({ signal }) => getEstimateInputs(api, projectId, extra, signal) }),
    enabled,
    staleTime: 60_000,
    // A new tariff picked asks again; the panel keeps the last preview meanwhile.
    placeholderData: (previous) => previous,
  });
}
