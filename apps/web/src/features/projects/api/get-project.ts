import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, projectQueryKey, useProjectApi } from './project-api';

export { projectQueryKey };

/** GET /api/projects/:id (404 when it is not the member's), or the admin's /api/admin/projects/:id. */
export async function getProject(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<Project> {
  return apiRequest<Project>(projectPath(api, projectId), { signal });
}

export const projectQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: api.keys.project(projectId), queryFn: ({ signal }) => getProject(projectId, signal, api) });

/** The project in the API of the nearest ProjectApiProvider (the member's without one). */
export function useProject(projectId: number) {
  return useQuery(projectQueryOptions(projectId, useProjectApi()));
}
