import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MIN_SAVING_SPINNER_MS, type Project, type ProjectUpdateInput } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { withMinimumDuration } from '../../../lib/timing';
import { memberProjectApi, projectPath, useProjectApi } from './project-api';

/**
 * PATCH /api/projects/:id {project: changed fields} -> the project. Never sends project_stage.
 * In the admin area: PUT /api/admin/projects/:id.
 */
export async function updateProject(projectId: number, project: ProjectUpdateInput, api: ProjectApi = memberProjectApi): Promise<Project> {
  return apiRequest<Project>(projectPath(api, projectId), { method: api.updateMethod, body: { project } });
}

export function useUpdateProject(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    // The saving spinner stays at least 1.5 s (member-app.md 9).
    mutationFn: (project: ProjectUpdateInput) => withMinimumDuration(updateProject(projectId, project, api), MIN_SAVING_SPINNER_MS),
    // member-app.md 7: after a successful update the project is refetched.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: api.keys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: api.keys.projectLists }),
      ]),
  });
}
