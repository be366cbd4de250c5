import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateInputsSchema, type EstimateInputs } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { estimateQueryKey } from './get-estimate';
import { projectPath, useProjectApi } from './project-api';

/** Under the estimate's key: a project save and a change of the assumptions (which refresh every 'estimate' key) fetch it again. */
export const estimateInputsQueryKey = (api: ProjectApi, projectId: number) => [...estimateQueryKey(api, projectId), 'inputs'] as const;

/**
 * GET /api/projects/:id/estimate-inputs (or the admin's): the assumptions, tariffs and interval
 * series the browser needs to recompute the estimate while the partner types (issue 35 item 5).
 */
export async function getEstimateInputs(api: ProjectApi, projectId: number, signal?: AbortSignal): Promise<EstimateInputs> {
  return estimateInputsSchema.parse(await apiRequest<unknown>(`${projectPath(api, projectId)}/estimate-inputs`, { signal }));
}

/** Fetched only once there is something to preview (`enabled`); a year of 15-minute data is large. */
export function useEstimateInputs(projectId: number, enabled: boolean) {
  const api = useProjectApi();
  return useQuery({ ...queryOptions({ queryKey: estimateInputsQueryKey(api, projectId), queryFn: ({ signal }) => getEstimateInputs(api, projectId, signal) }), enabled, staleTime: 60_000 });
}
