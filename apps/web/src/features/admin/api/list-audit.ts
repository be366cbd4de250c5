import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntityType, AuditEntry } from '@sunin/contract';
import { getPagedList, nextPageParam } from '../../../lib/paged-list';

/** How many entries the Activity panel loads at a time ("Show more" loads the next page). */
export const ACTIVITY_PAGE_SIZE = 10;

/** Under ['admin', ...]: the live `admin_changed` event refreshes it with every other admin list. */
export const adminAuditKey = (entityType: AuditEntityType, entityId: number) => ['admin', 'audit', entityType, entityId] as const;

/**
 * GET /api/admin/audit?entity_type&entity_id, newest first, page by page. A project's entries
 * include those of its proposal tickets (docs/decisions/016-audit-trail.md).
 */
export function useAdminAudit(entityType: AuditEntityType, entityId: number) {
  return useInfiniteQuery({
    queryKey: adminAuditKey(entityType, entityId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => getPagedList<AuditEntry>('/admin/audit', { entity_type: entityType, entity_id: entityId, page: pageParam, per_page: ACTIVITY_PAGE_SIZE }, signal),
    getNextPageParam: nextPageParam,
  });
}
