import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { contactsQueryKey, memberProjectApi, projectPath, useProjectApi } from './project-api';

export { contactsQueryKey };

/** GET /api/projects/:id/contacts (or /api/admin/projects/:id/contacts). */
export async function listContacts(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<Contact[]> {
  return apiRequest<Contact[]>(`${projectPath(api, projectId)}/contacts`, { signal });
}

export const contactsQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: api.keys.contacts(projectId), queryFn: ({ signal }) => listContacts(projectId, signal, api) });

export function useContacts(projectId: number) {
  return useQuery(contactsQueryOptions(projectId, useProjectApi()));
}
