import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Share } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, sharesQueryKey, useProjectApi } from './project-api';

export { sharesQueryKey };

/** GET /api/projects/:id/shares (or the admin's): the project's customer links, with their views and signature. */
export async function listShares(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<Share[]> {
  return apiRequest<Share[]>(`${projectPath(api, projectId)}/shares`, { signal });
}

export const sharesQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: api.keys.shares(projectId), queryFn: ({ signal }) => listShares(projectId, signal, api) });

export function useShares(projectId: number) {
  return useQuery(sharesQueryOptions(projectId, useProjectApi()));
}
