import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Project, ProjectStage } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { adminProjectKey } from './get-project';
import { adminProjectsKey } from './list-projects';

/** PUT /api/admin/projects/:id {project:{project_stage}} -> the project; the owner is notified. */
export function updateProjectStage(projectId: number, stage: ProjectStage): Promise<Project> {
  return apiRequest<Project>(`/admin/projects/${projectId}`, { method: 'PUT', body: { project: { project_stage: stage } } });
}

/**
 * The stage shows at once (optimistic), and goes back to the saved one when the PUT fails
 * (public-site-and-admin.md 2.10: "it updates at once and is saved").
 */
export function useUpdateProjectStage(projectId: number) {
  const queryClient = useQueryClient();
  const key = adminProjectKey(projectId);
  return useMutation({
    mutationFn: (stage: ProjectStage) => updateProjectStage(projectId, stage),
    onMutate: async (stage) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Project>(key);
      if (previous) queryClient.setQueryData<Project>(key, { ...previous, project_stage: stage });
      return { previous };
    },
    onError: (_error, _stage, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (project) => {
      queryClient.setQueryData(key, project);
      // The owner's earnings entry follows the stage (approved at Project Completion, void when archived).
      void queryClient.invalidateQueries({ queryKey: ['admin', 'earnings'] });
      return queryClient.invalidateQueries({ queryKey: [...adminProjectsKey, 'list'] });
    },
  });
}
