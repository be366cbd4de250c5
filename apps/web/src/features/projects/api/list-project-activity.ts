import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@sunin/contract';
import { getPagedList, nextPageParam } from '../../../lib/paged-list';
import { projectActivityKey, projectPath, useProjectApi } from './project-api';

/** How many events the Timeline loads at a time ("Show more" loads the next page). */
export const TIMELINE_PAGE_SIZE = 20;

/**
 * GET <base>/{id}/activity (issue 18 item 2), newest first, page by page. The key sits under
 * the project's own, so every save that refreshes the project, and every live notification
 * about it, refreshes its timeline too.
 */
export function useProjectActivity(projectId: number) {
  const api = useProjectApi();
  return useInfiniteQuery({
    queryKey: projectActivityKey(api, projectId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getPagedList<AuditEntry>(`${projectPath(api, projectId)}/activity`, { page: pageParam, per_page: TIMELINE_PAGE_SIZE }, signal),
    getNextPageParam: nextPageParam,
  });
}
