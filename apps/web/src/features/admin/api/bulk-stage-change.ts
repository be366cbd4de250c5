import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBulkStageInput, AdminBulkStageResult } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectsKey } from './list-projects';

/**
 * POST /api/admin/projects/stage_changes: each project moves in its own transaction, audited and
 * notifying its owner; the answer lists what changed, what already had the stage and what failed.
 */
export function bulkChangeStage(input: AdminBulkStageInput): Promise<AdminBulkStageResult> {
  return apiRequest<AdminBulkStageResult>('/admin/projects/stage_changes', { method: 'POST', body: input });
}

/** Afterwards every admin project query (the list, each detail, their activity) is read again. */
export function useBulkChangeStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChangeStage,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminProjectsKey }), queryClient.invalidateQueries({ queryKey: ['admin', 'audit', 'project'] })]),
  });
}
