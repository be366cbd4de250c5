import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectCreateInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { projectStatisticsQueryKey } from './get-project-statistics';
import { projectListsQueryKey } from './list-projects';

/** POST /api/projects {project} -> {projectId}. */
export async function createProject(project: ProjectCreateInput): Promise<{ projectId: number }> {
  return apiRequest<{ projectId: number }>('/projects', { method: 'POST', body: { project } });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectListsQueryKey });
      void queryClient.invalidateQueries({ queryKey: projectStatisticsQueryKey });
    },
  });
}
