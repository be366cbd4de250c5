import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkType, ProjectLink } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { projectLinksQueryKey } from './list-project-links';

export interface ProjectLinkInput {
  link_type: LinkType | '';
  link_title: string;
  link_url: string;
}

/** POST /api/projects/:id/project_links {project_link} -> the link (201). The server checks http(s). */
export async function createProjectLink(projectId: number, projectLink: ProjectLinkInput): Promise<ProjectLink> {
  return apiRequest<ProjectLink>(`/projects/${projectId}/project_links`, { method: 'POST', body: { project_link: projectLink } });
}

export function useCreateProjectLink(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (projectLink: ProjectLinkInput) => createProjectLink(projectId, projectLink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectLinksQueryKey(projectId) }),
  });
}
