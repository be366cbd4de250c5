import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MIN_SAVING_SPINNER_MS, type Project, type ProjectUpdateInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { withMinimumDuration } from '../../../lib/timing';
import { projectQueryKey } from './get-project';
import { projectListsQueryKey } from './list-projects';

/** PATCH /api/projects/:id {project: changed fields} -> the project. Never sends project_stage. */
export async function updateProject(projectId: number, project: ProjectUpdateInput): Promise<Project> {
  return apiRequest<Project>(`/projects/${projectId}`, { method: 'PATCH', body: { project } });
}

export function useUpdateProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // The saving spinner stays at least 1.5 s (member-app.md 9).
    mutationFn: (project: ProjectUpdateInput) => withMinimumDuration(updateProject(projectId, project), MIN_SAVING_SPINNER_MS),
    // member-app.md 7: after a successful update the project is refetched.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: projectListsQueryKey }),
      ]),
  });
}
