import { useQuery } from '@tanstack/react-query';
import type { Project } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectsKey } from './list-projects';

export const adminProjectKey = (projectId: number) => [...adminProjectsKey, 'detail', projectId] as const;

/** GET /api/admin/projects/:id */
export function useAdminProject(projectId: number) {
  return useQuery({
    queryKey: adminProjectKey(projectId),
    queryFn: ({ signal }) => apiRequest<Project>(`/admin/projects/${projectId}`, { signal }),
  });
}
