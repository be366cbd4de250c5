import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** DELETE /api/projects/:id/shares/:shareId (204): the link answers 410 from now on. */
export async function revokeShare(projectId: number, shareId: number, api: ProjectApi = memberProjectApi): Promise<void> {
  await apiRequest<void>(`${projectPath(api, projectId)}/shares/${shareId}`, { method: 'DELETE' });
}

export function useRevokeShare(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (shareId: number) => revokeShare(projectId, shareId, api),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.shares(projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
