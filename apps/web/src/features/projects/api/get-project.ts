import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { projectQueryKey } from './project-api';

export { projectQueryKey };

/** GET /api/projects/:id (404 when it is not the member's). */
export async function getProject(projectId: number, signal?: AbortSignal): Promise<Project> {
  return apiRequest<Project>(`/projects/${projectId}`, { signal });
}

export const projectQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: projectQueryKey(projectId), queryFn: ({ signal }) => getProject(projectId, signal) });

export function useProject(projectId: number) {
  return useQuery(projectQueryOptions(projectId));
}
