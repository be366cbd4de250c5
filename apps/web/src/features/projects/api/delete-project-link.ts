import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** DELETE /api/projects/:id/project_links/:linkId (204), or the admin's. */
export async function deleteProjectLink(projectId: number, linkId: number, api: ProjectApi = memberProjectApi): Promise<void> {
  await apiRequest<void>(`${projectPath(api, projectId)}/project_links/${linkId}`, { method: 'DELETE' });
}

export function useDeleteProjectLink(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (linkId: number) => deleteProjectLink(projectId, linkId, api),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.links(projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
