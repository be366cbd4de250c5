import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFile } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { storageUsageQueryKey } from './get-storage-usage';
import { assetsQueryKey, type AssetKind } from './list-assets';

/** POST /api/projects/:id/images or /files, multipart with one `file` per request (201). */
export async function uploadAsset(projectId: number, kind: AssetKind, file: File): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<StoredFile>(`/projects/${projectId}/${kind}`, { method: 'POST', body });
}

/**
 * Several files go up in parallel, one request each; the result lists every outcome so the
 * caller can say whether all of them made it.
 */
export async function uploadAssets(projectId: number, kind: AssetKind, files: File[]): Promise<PromiseSettledResult<StoredFile>[]> {
  return Promise.allSettled(files.map((file) => uploadAsset(projectId, kind, file)));
}

export function useUploadAssets(projectId: number, kind: AssetKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => uploadAssets(projectId, kind, files),
    // Refresh even when only some made it; the storage used changed with them.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: assetsQueryKey(projectId, kind) }), queryClient.invalidateQueries({ queryKey: storageUsageQueryKey })]),
  });
}
