import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { projectStatisticsQueryKey } from './get-project-statistics';
import { projectListsQueryKey } from './list-projects';

/** DELETE /api/projects/:id (204): the member takes back a project made by mistake (issue 34 item 7). */
export async function deleteProject(projectId: number): Promise<void> {
  await apiRequest<void>(`/projects/${projectId}`, { method: 'DELETE' });
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: projectListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: projectStatisticsQueryKey });
    },
  });
}
