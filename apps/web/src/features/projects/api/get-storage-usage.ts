import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { storageUsageQueryKey } from './project-api';

/** The caller's own storage: refreshed after every upload and delete (upload-asset, delete-asset). */
export { storageUsageQueryKey };

/** GET /api/user/storage: the bytes under my projects and my quota (issue 13). */
export async function getStorageUsage(signal?: AbortSignal): Promise<StorageUsage> {
  return apiRequest<StorageUsage>('/user/storage', { signal });
}

export const storageUsageQueryOptions = () => queryOptions({ queryKey: storageUsageQueryKey, queryFn: ({ signal }) => getStorageUsage(signal) });

export function useStorageUsage() {
  return useQuery(storageUsageQueryOptions());
}
