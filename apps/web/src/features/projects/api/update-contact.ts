import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import type { ContactInput } from './create-contact';
import { contactQueryKey } from './get-contact';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** PATCH /api/projects/:id/contacts/:contactId {contact} -> the contact (PUT in the admin area). */
export async function updateContact(projectId: number, contactId: number, contact: Partial<ContactInput>, api: ProjectApi = memberProjectApi): Promise<Contact> {
  return apiRequest<Contact>(`${projectPath(api, projectId)}/contacts/${contactId}`, { method: api.updateMethod, body: { contact } });
}

export function useUpdateContact(projectId: number, contactId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (contact: Partial<ContactInput>) => updateContact(projectId, contactId, contact, api),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryKey(projectId, contactId, api), contact);
      return Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.contacts(projectId), exact: true }), refreshActivity(queryClient, api, projectId)]);
    },
  });
}
