import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { contactsQueryKey } from './list-contacts';

export const contactQueryKey = (projectId: number, contactId: number) => [...contactsQueryKey(projectId), contactId] as const;

/** GET /api/projects/:id/contacts/:contactId. */
export async function getContact(projectId: number, contactId: number, signal?: AbortSignal): Promise<Contact> {
  return apiRequest<Contact>(`/projects/${projectId}/contacts/${contactId}`, { signal });
}

export const contactQueryOptions = (projectId: number, contactId: number) =>
  queryOptions({ queryKey: contactQueryKey(projectId, contactId), queryFn: ({ signal }) => getContact(projectId, contactId, signal) });

export function useContact(projectId: number, contactId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contactQueryOptions(projectId, contactId), enabled });
}
