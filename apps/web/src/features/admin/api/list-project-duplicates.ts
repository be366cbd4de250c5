import { useQuery } from '@tanstack/react-query';
import type { DuplicateProject } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectKey } from './get-project';

export const adminProjectDuplicatesKey = (projectId: number) => [...adminProjectKey(projectId), 'duplicates'] as const;

/** GET /api/admin/projects/:id/duplicates: other projects at the same site, any partner's (issue 37 item 6). */
export function useAdminProjectDuplicates(projectId: number, siteVersion: string) {
  return useQuery({
    // The address may change with any save: the project's version is part of the key.
    queryKey: [...adminProjectDuplicatesKey(projectId), siteVersion],
    queryFn: ({ signal }) => apiRequest<{ duplicates: DuplicateProject[] }>(`/admin/projects/${projectId}/duplicates`, { signal }),
  });
}
