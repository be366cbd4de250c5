import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateSchema, type Estimate } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { projectPath, useProjectApi } from './project-api';

/**
 * Under the project's own key (the member's or the admin's), so that every save of the
 * project, which refreshes that key, fetches the estimate again.
 */
export const estimateQueryKey = (api: ProjectApi, projectId: number) => [...api.keys.project(projectId), 'estimate'] as const;

/**
 * GET /api/projects/:id/estimate (or /api/admin/projects/:id/estimate), checked against the
 * contract: an answer of another shape (an older server, a proxy's page) is a load error with
 * Retry, never a broken panel.
 */
export async function getEstimate(api: ProjectApi, projectId: number, signal?: AbortSignal): Promise<Estimate> {
  return estimateSchema.parse(await apiRequest<unknown>(`${projectPath(api, projectId)}/estimate`, { signal }));
}

export const estimateQueryOptions = (api: ProjectApi, projectId: number) =>
  queryOptions({ queryKey: estimateQueryKey(api, projectId), queryFn: ({ signal }) => getEstimate(api, projectId, signal) });

export function useEstimate(projectId: number) {
  return useQuery(estimateQueryOptions(useProjectApi(), projectId));
}
