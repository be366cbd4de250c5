import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import type { AssetKind } from './list-assets';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** DELETE /api/projects/:id/images/:assetId (or /files/:assetId, or the admin's) with {source:'active_storage'} (204). */
export async function deleteAsset(projectId: number, kind: AssetKind, assetId: number, api: ProjectApi = memberProjectApi): Promise<void> {
  await apiRequest<void>(`${projectPath(api, projectId)}/${kind}/${assetId}`, { method: 'DELETE', body: { source: 'active_storage' } });
}

/** The queries an upload or a delete changes: the list, the caller's storage use where shown, the timeline. */
export function refreshAssets(queryClient: QueryClient, api: ProjectApi, projectId: number, kind: AssetKind) {
  const { storage } = api.keys;
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: api.keys.assets(projectId, kind) }),
    storage ? queryClient.invalidateQueries({ queryKey: storage }) : undefined,
    refreshActivity(queryClient, api, projectId),
  ]);
}

export function useDeleteAsset(projectId: number, kind: AssetKind) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (assetId: number) => deleteAsset(projectId, kind, assetId, api),
    onSuccess: () => refreshAssets(queryClient, api, projectId, kind),
  });
}
