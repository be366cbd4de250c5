import { queryOptions, useQuery } from '@tanstack/react-query';
import { estimateSchema, type Estimate } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectKey } from '../../admin/api/get-project';
import { projectQueryKey } from '../../projects/api/get-project';

/** Whose estimate: the member's own project, or any project from the admin area. */
export type EstimateArea = 'member' | 'admin';

/**
 * Under the project's own key, so that every save of the project (which invalidates that key)
 * fetches the estimate again; the admin area's under its project's key
 * too (['admin', ...], which live admin changes refresh as well).
 */
export const estimateQueryKey = (area: EstimateArea, projectId: number) =>
  area === 'member' ? ([...projectQueryKey(projectId), 'estimate'] as const) : ([...adminProjectKey(projectId), 'estimate'] as const);

/**
 * GET /api/projects/:id/estimate (or /api/admin/projects/:id/estimate), checked against the
 * contract: an answer of another shape (an older server, a proxy's page) is a load error with
 * Retry, never a broken panel.
 */
export async function getEstimate(area: EstimateArea, projectId: number, signal?: AbortSignal): Promise<Estimate> {
  return estimateSchema.parse(await apiRequest<unknown>(`${area === 'admin' ? '/admin' : ''}/projects/${projectId}/estimate`, { signal }));
}

export const estimateQueryOptions = (area: EstimateArea, projectId: number) =>
  queryOptions({ queryKey: estimateQueryKey(area, projectId), queryFn: ({ signal }) => getEstimate(area, projectId, signal) });

export function useEstimate(area: EstimateArea, projectId: number) {
  return useQuery(estimateQueryOptions(area, projectId));
}
