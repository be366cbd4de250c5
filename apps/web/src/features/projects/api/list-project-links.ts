import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectLink } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectLinksQueryKey, projectPath, useProjectApi } from './project-api';

export { projectLinksQueryKey };

/** GET /api/projects/:id/project_links (or the admin's). */
export async function listProjectLinks(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<ProjectLink[]> {
  return apiRequest<ProjectLink[]>(`${projectPath(api, projectId)}/project_links`, { signal });
}

export const projectLinksQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: api.keys.links(projectId), queryFn: ({ signal }) => listProjectLinks(projectId, signal, api) });

export function useProjectLinks(projectId: number) {
  return useQuery(projectLinksQueryOptions(projectId, useProjectApi()));
}
