import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectLink } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const projectLinksQueryKey = (projectId: number) => ['projects', projectId, 'links'] as const;

/** GET /api/projects/:id/project_links. */
export async function listProjectLinks(projectId: number, signal?: AbortSignal): Promise<ProjectLink[]> {
  return apiRequest<ProjectLink[]>(`/projects/${projectId}/project_links`, { signal });
}

export const projectLinksQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: projectLinksQueryKey(projectId), queryFn: ({ signal }) => listProjectLinks(projectId, signal) });

export function useProjectLinks(projectId: number) {
  return useQuery(projectLinksQueryOptions(projectId));
}
