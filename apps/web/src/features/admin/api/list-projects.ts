import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Project } from '@sunin/contract';
import { getPagedList } from './paged-list';

export const adminProjectsKey = ['admin', 'projects'] as const;

/** GET /api/admin/projects?page&per_page -> every project, newest updated first, with owner_name. */
export function useAdminProjects(page: number, perPage: number) {
  return useQuery({
    queryKey: [...adminProjectsKey, 'list', { page, perPage }],
    queryFn: ({ signal }) => getPagedList<Project>('/admin/projects', { page, per_page: perPage }, signal),
    placeholderData: keepPreviousData,
  });
}
