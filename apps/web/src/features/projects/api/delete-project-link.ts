import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectLinksQueryKey } from './list-project-links';

/** DELETE /api/projects/:id/project_links/:linkId (204). */
export async function deleteProjectLink(projectId: number, linkId: number): Promise<void> {
  await apiRequest<void>(`/projects/${projectId}/project_links/${linkId}`, { method: 'DELETE' });
}

export function useDeleteProjectLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => deleteProjectLink(projectId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectLinksQueryKey(projectId) }),
  });
}
