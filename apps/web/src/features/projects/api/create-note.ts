import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectNote } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { notesQueryKey } from './list-notes';
import { projectPath, refreshActivity, useProjectApi } from './project-api';

/**
 * POST /api/admin/projects/:id/notes, straight to the server: the admin area. A member's notes
 * go through the site visit queue (lib/offline-queue), which posts to /api/projects/:id/notes.
 */
export async function createNote(projectId: number, body: string, api: ProjectApi): Promise<ProjectNote> {
  return apiRequest<ProjectNote>(`${projectPath(api, projectId)}/notes`, { method: 'POST', body: { note: { body } } });
}

export function useCreateNote(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (body: string) => createNote(projectId, body, api),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: notesQueryKey(api, projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
