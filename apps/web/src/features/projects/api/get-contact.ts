import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, useProjectApi } from './project-api';

export const contactQueryKey = (projectId: number, contactId: number, api: ProjectApi = memberProjectApi) => [...api.keys.contacts(projectId), contactId] as const;

/** GET /api/projects/:id/contacts/:contactId (or the admin's). */
export async function getContact(projectId: number, contactId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<Contact> {
  return apiRequest<Contact>(`${projectPath(api, projectId)}/contacts/${contactId}`, { signal });
}

export const contactQueryOptions = (projectId: number, contactId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: contactQueryKey(projectId, contactId, api), queryFn: ({ signal }) => getContact(projectId, contactId, signal, api) });

export function useContact(projectId: number, contactId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...contactQueryOptions(projectId, contactId, useProjectApi()), enabled });
}
