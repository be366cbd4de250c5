import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Project } from '@sunin/contract';
import { apiRequestWithResponse } from '../../../lib/api-client';
import { projectListsQueryKey } from './project-api';

export interface ProjectPage {
  projects: Project[];
  /** All of the member's projects (X-Total-Count), not just this page. */
  total: number;
}

export interface ProjectPageQuery {
  page: number;
  perPage: number;
  /** The list's search, filters and sort (issue 37 item 6), named as GET /api/projects takes them; empty ones are left out. */
  q?: string | undefined;
  stage?: readonly string[] | undefined;
  state?: string | undefined;
  stalled?: string | undefined;
  openProposal?: string | undefined;
  sort?: string | undefined;
}

export { projectListsQueryKey };
export const projectListQueryKey = (query: ProjectPageQuery) => [...projectListsQueryKey, query] as const;

/** GET /api/projects?page=&per_page=&q=&stage=&state=&stalled=&open_proposal=&sort= -> the member's projects, most recently updated first unless sorted. */
export async function listProjects({ page, perPage, q, stage, state, stalled, openProposal, sort }: ProjectPageQuery, signal?: AbortSignal): Promise<ProjectPage> {
  const query = { page, per_page: perPage, q: q || undefined, stage: stage?.length ? [...stage] : undefined, state: state || undefined, stalled: stalled || undefined, open_proposal: openProposal || undefined, sort: sort || undefined };
  const { data, headers } = await apiRequestWithResponse<Project[]>('/projects', { query, signal });
  const projects = Array.isArray(data) ? data : [];
  const header = Number(headers.get('X-Total-Count'));
  const total = Number.isFinite(header) && headers.has('X-Total-Count') ? header : (page - 1) * perPage + projects.length;
  return { projects, total };
}

export const projectListQueryOptions = (query: ProjectPageQuery) =>
  queryOptions({
    queryKey: projectListQueryKey(query),
    queryFn: ({ signal }) => listProjects(query, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export function useProjects(query: ProjectPageQuery) {
  return useQuery(projectListQueryOptions(query));
}
