import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Project, ProjectStage } from '@sunin/contract';
import { getPagedList } from '../../../lib/paged-list';

export const adminProjectsKey = ['admin', 'projects'] as const;

/** The search, filters and sort of All Projects (issue 15 item 2); all optional. */
export interface AdminProjectFilters {
  /** ID, company, owner name or city contains it. */
  q?: string | undefined;
  stage?: readonly ProjectStage[] | undefined;
  state?: string | undefined;
  stageFilter?: 'working' | 'archived' | undefined;
  /** YYYY-MM-DD, inclusive. */
  updatedFrom?: string | undefined;
  updatedTo?: string | undefined;
  /** Signed by the customer through a link (issue 36 item 4): 'true' only signed, 'false' only unsigned. */
  signed?: 'true' | 'false' | undefined;
  /** One of ADMIN_PROJECT_SORTS, `-` first for descending; absent: newest updated first. */
  sort?: string | undefined;
}

/** GET /api/admin/projects?page&per_page&q&stage…&state&stage_filter&updated_from&updated_to&signed&sort -> one page, X-Total-Count the filtered total. */
export function useAdminProjects(page: number, perPage: number, filters: AdminProjectFilters = {}) {
  const { q, stage, state, stageFilter, updatedFrom, updatedTo, signed, sort } = filters;
  return useQuery({
    queryKey: [...adminProjectsKey, 'list', { page, perPage, ...filters }],
    queryFn: ({ signal }) =>
      getPagedList<Project>(
        '/admin/projects',
        { page, per_page: perPage, q: q || undefined, stage: stage?.length ? stage : undefined, state: state || undefined, stage_filter: stageFilter, updated_from: updatedFrom || undefined, updated_to: updatedTo || undefined, signed, sort },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
