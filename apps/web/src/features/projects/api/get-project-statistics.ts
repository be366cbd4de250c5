import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectStage } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/** The answer of GET /api/projects/statistics (the /home projects statistic, member-app.md 2). */
export interface ProjectStatistics {
  total: number;
  /** Every stage but Archived. */
  working: number;
  archived: number;
  by_stage: Partial<Record<ProjectStage, number>>;
}

export const projectStatisticsQueryKey = ['projects', 'statistics'] as const;

export async function getProjectStatistics(signal?: AbortSignal): Promise<ProjectStatistics> {
  return apiRequest<ProjectStatistics>('/projects/statistics', { signal });
}

export const projectStatisticsQueryOptions = () =>
  queryOptions({ queryKey: projectStatisticsQueryKey, queryFn: ({ signal }) => getProjectStatistics(signal) });

export function useProjectStatistics() {
  return useQuery(projectStatisticsQueryOptions());
}
