import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';

export const contactsQueryKey = (projectId: number) => ['projects', projectId, 'contacts'] as const;

/** GET /api/projects/:id/contacts. */
export async function listContacts(projectId: number, signal?: AbortSignal): Promise<Contact[]> {
  return apiRequest<Contact[]>(`/projects/${projectId}/contacts`, { signal });
}

export const contactsQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: contactsQueryKey(projectId), queryFn: ({ signal }) => listContacts(projectId, signal) });

export function useContacts(projectId: number) {
  return useQuery(contactsQueryOptions(projectId));
}
