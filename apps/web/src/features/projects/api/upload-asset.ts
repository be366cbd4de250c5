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
 * At most this many of one drop go up at once: the server answers 429 beyond
 * UPLOAD_CONCURRENCY_PER_USER (4 by default) uploads in progress per member, and one is left
 * for another tab or section.
 */
export const PARALLEL_UPLOADS = 3;

/**
 * Several files go up in parallel, one request each, PARALLEL_UPLOADS at a time; the result
 * lists every outcome, in the order of `files`, so the caller can say whether all made it.
 */
export async function uploadAssets(projectId: number, kind: AssetKind, files: File[]): Promise<PromiseSettledResult<StoredFile>[]> {
  const results: PromiseSettledResult<StoredFile>[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await uploadAsset(projectId, kind, files[index] as File) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, files.length) }, worker));
  return results;
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
