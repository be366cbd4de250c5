import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storageUsageQueryKey } from './get-storage-usage';
import { assetsQueryKey, type AssetKind } from './list-assets';

/** DELETE /api/projects/:id/images/:assetId (or /files/:assetId) with {source:'active_storage'} (204). */
export async function deleteAsset(projectId: number, kind: AssetKind, assetId: number): Promise<void> {
  await apiRequest<void>(`/projects/${projectId}/${kind}/${assetId}`, { method: 'DELETE', body: { source: 'active_storage' } });
}

export function useDeleteAsset(projectId: number, kind: AssetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: number) => deleteAsset(projectId, kind, assetId),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: assetsQueryKey(projectId, kind) }), queryClient.invalidateQueries({ queryKey: storageUsageQueryKey })]),
  });
}
