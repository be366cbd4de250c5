import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { contactQueryKey } from './get-contact';
import { contactsQueryKey } from './list-contacts';

/** DELETE /api/projects/:id/contacts/:contactId (204). */
export async function deleteContact(projectId: number, contactId: number): Promise<void> {
  await apiRequest<void>(`/projects/${projectId}/contacts/${contactId}`, { method: 'DELETE' });
}

export function useDeleteContact(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => deleteContact(projectId, contactId),
    onSuccess: (_result, contactId) => {
      queryClient.removeQueries({ queryKey: contactQueryKey(projectId, contactId) });
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey(projectId), exact: true });
    },
  });
}
