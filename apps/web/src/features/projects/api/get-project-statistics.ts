import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStatistics } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const projectStatisticsQueryKey = ['projects', 'statistics'] as const;

/** GET /api/projects/statistics: the /home projects statistic (member-app.md 2), own or company-wide. */
export async function getProjectStatistics(signal?: AbortSignal): Promise<ProjectStatistics> {
  return apiRequest<ProjectStatistics>('/projects/statistics', { signal });
}

export const projectStatisticsQueryOptions = () =>
  queryOptions({ queryKey: projectStatisticsQueryKey, queryFn: ({ signal }) => getProjectStatistics(signal) });

export function useProjectStatistics() {
  return useQuery(projectStatisticsQueryOptions());
}
