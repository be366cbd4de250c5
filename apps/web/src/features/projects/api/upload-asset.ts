import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredFile } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { refreshAssets } from './delete-asset';
import type { AssetKind } from './list-assets';
import { memberProjectApi, projectPath, useProjectApi } from './project-api';

/** POST /api/projects/:id/images or /files (or the admin's), multipart with one `file` per request (201). */
export async function uploadAsset(projectId: number, kind: AssetKind, file: File, api: ProjectApi = memberProjectApi): Promise<StoredFile> {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest<StoredFile>(`${projectPath(api, projectId)}/${kind}`, { method: 'POST', body });
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
export async function uploadAssets(projectId: number, kind: AssetKind, files: File[], api: ProjectApi = memberProjectApi): Promise<PromiseSettledResult<StoredFile>[]> {
  const results: PromiseSettledResult<StoredFile>[] = new Array(files.length);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await uploadAsset(projectId, kind, files[index] as File, api) };
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
  const api = useProjectApi();
  return useMutation({
    mutationFn: (files: File[]) => uploadAssets(projectId, kind, files, api),
    // Refresh even when only some made it; the storage used changed with them.
    onSettled: () => refreshAssets(queryClient, api, projectId, kind),
  });
}
