import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { contactQueryKey } from './get-contact';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** DELETE /api/projects/:id/contacts/:contactId (204), or the admin's. */
export async function deleteContact(projectId: number, contactId: number, api: ProjectApi = memberProjectApi): Promise<void> {
  await apiRequest<void>(`${projectPath(api, projectId)}/contacts/${contactId}`, { method: 'DELETE' });
}

export function useDeleteContact(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (contactId: number) => deleteContact(projectId, contactId, api),
    onSuccess: (_result, contactId) => {
      queryClient.removeQueries({ queryKey: contactQueryKey(projectId, contactId, api) });
      return Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.contacts(projectId), exact: true }), refreshActivity(queryClient, api, projectId)]);
    },
  });
}
