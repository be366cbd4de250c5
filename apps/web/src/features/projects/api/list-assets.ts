import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredFile } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi, ProjectAssetKind } from '../../../lib/project-api';
import { assetsQueryKey, memberProjectApi, projectPath, useProjectApi } from './project-api';

/**
 * A project's photos (`images`) and PDF files (`files`): two endpoints of the same shape
 * (member-app.md 7), so one file serves both, keyed by the path segment.
 */
export type AssetKind = ProjectAssetKind;

export { assetsQueryKey };

/** GET /api/projects/:id/images or /files (or the admin's). */
export async function listAssets(projectId: number, kind: AssetKind, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<StoredFile[]> {
  return apiRequest<StoredFile[]>(`${projectPath(api, projectId)}/${kind}`, { signal });
}

export const assetsQueryOptions = (projectId: number, kind: AssetKind, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: api.keys.assets(projectId, kind), queryFn: ({ signal }) => listAssets(projectId, kind, signal, api) });

export function useAssets(projectId: number, kind: AssetKind) {
  return useQuery(assetsQueryOptions(projectId, kind, useProjectApi()));
}
