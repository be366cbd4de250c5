import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoredFile } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * A project's photos (`images`) and PDF files (`files`): two endpoints of the same shape
 * (member-app.md 7), so one file serves both, keyed by the path segment.
 */
export type AssetKind = 'images' | 'files';

export const assetsQueryKey = (projectId: number, kind: AssetKind) => ['projects', projectId, kind] as const;

/** GET /api/projects/:id/images or /files. */
export async function listAssets(projectId: number, kind: AssetKind, signal?: AbortSignal): Promise<StoredFile[]> {
  return apiRequest<StoredFile[]>(`/projects/${projectId}/${kind}`, { signal });
}

export const assetsQueryOptions = (projectId: number, kind: AssetKind) =>
  queryOptions({ queryKey: assetsQueryKey(projectId, kind), queryFn: ({ signal }) => listAssets(projectId, kind, signal) });

export function useAssets(projectId: number, kind: AssetKind) {
  return useQuery(assetsQueryOptions(projectId, kind));
}
