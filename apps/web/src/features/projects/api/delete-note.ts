import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notesQueryKey } from './list-notes';
import { projectPath, refreshActivity, useProjectApi } from './project-api';

/** DELETE /api/projects/:id/notes/:noteId (or the admin's): the note's author or an administrator. */
export function useDeleteNote(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (noteId: number) => apiRequest<void>(`${projectPath(api, projectId)}/notes/${noteId}`, { method: 'DELETE' }),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: notesQueryKey(api, projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
