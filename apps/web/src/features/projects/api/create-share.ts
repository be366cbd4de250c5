import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShareCreateInput, ShareCreated } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** POST /api/projects/:id/shares {share} -> 201 with the link's `url`, the only time it is shown (only its hash is stored). */
export async function createShare(projectId: number, share: ShareCreateInput, api: ProjectApi = memberProjectApi): Promise<ShareCreated> {
  return apiRequest<ShareCreated>(`${projectPath(api, projectId)}/shares`, { method: 'POST', body: { share } });
}

export function useCreateShare(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (share: ShareCreateInput) => createShare(projectId, share, api),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.shares(projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
