import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkType, ProjectLink } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

export interface ProjectLinkInput {
  link_type: LinkType | '';
  link_title: string;
  link_url: string;
}

/** POST /api/projects/:id/project_links {project_link} -> the link (201), or the admin's. The server checks http(s). */
export async function createProjectLink(projectId: number, projectLink: ProjectLinkInput, api: ProjectApi = memberProjectApi): Promise<ProjectLink> {
  return apiRequest<ProjectLink>(`${projectPath(api, projectId)}/project_links`, { method: 'POST', body: { project_link: projectLink } });
}

export function useCreateProjectLink(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (projectLink: ProjectLinkInput) => createProjectLink(projectId, projectLink, api),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.links(projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
