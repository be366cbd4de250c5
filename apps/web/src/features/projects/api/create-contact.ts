import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, refreshActivity, useProjectApi } from './project-api';

/** The contact fields a member edits (member-app.md 3). */
export interface ContactInput {
  contact_first_name: string;
  contact_last_name: string;
  contact_title: string;
  contact_email: string;
  contact_phone_number: string;
  contact_notes: string;
}

/** POST /api/projects/:id/contacts {contact} -> the contact (201); the admin's under /api/admin/projects. */
export async function createContact(projectId: number, contact: ContactInput, api: ProjectApi = memberProjectApi): Promise<Contact> {
  return apiRequest<Contact>(`${projectPath(api, projectId)}/contacts`, { method: 'POST', body: { contact: { ...contact, project_id: projectId } } });
}

export function useCreateContact(projectId: number) {
  const queryClient = useQueryClient();
  const api = useProjectApi();
  return useMutation({
    mutationFn: (contact: ContactInput) => createContact(projectId, contact, api),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: api.keys.contacts(projectId) }), refreshActivity(queryClient, api, projectId)]),
  });
}
