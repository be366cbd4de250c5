import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ContactInput } from './create-contact';
import { contactQueryKey } from './get-contact';
import { contactsQueryKey } from './list-contacts';

/** PATCH /api/projects/:id/contacts/:contactId {contact} -> the contact. */
export async function updateContact(projectId: number, contactId: number, contact: Partial<ContactInput>): Promise<Contact> {
  return apiRequest<Contact>(`/projects/${projectId}/contacts/${contactId}`, { method: 'PATCH', body: { contact } });
}

export function useUpdateContact(projectId: number, contactId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: Partial<ContactInput>) => updateContact(projectId, contactId, contact),
    onSuccess: (contact) => {
      queryClient.setQueryData(contactQueryKey(projectId, contactId), contact);
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey(projectId), exact: true });
    },
  });
}
