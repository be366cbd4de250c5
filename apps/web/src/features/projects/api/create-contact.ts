import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { contactsQueryKey } from './list-contacts';

/** The contact fields a member edits (member-app.md 3). */
export interface ContactInput {
  contact_first_name: string;
  contact_last_name: string;
  contact_title: string;
  contact_email: string;
  contact_phone_number: string;
  contact_notes: string;
}

/** POST /api/projects/:id/contacts {contact} -> the contact (201). */
export async function createContact(projectId: number, contact: ContactInput): Promise<Contact> {
  return apiRequest<Contact>(`/projects/${projectId}/contacts`, { method: 'POST', body: { contact: { ...contact, project_id: projectId } } });
}

export function useCreateContact(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: ContactInput) => createContact(projectId, contact),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey(projectId) }),
  });
}
