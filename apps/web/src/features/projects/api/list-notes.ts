import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectNote } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, useProjectApi } from './project-api';

/** A project's notes (issue 41): under the project's key, so every project refresh reaches them. */
export const notesQueryKey = (api: ProjectApi, projectId: number) => [...api.keys.project(projectId), 'notes'] as const;

/** GET /api/projects/:id/notes (or the admin's), oldest first. */
export async function listNotes(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<ProjectNote[]> {
  return apiRequest<ProjectNote[]>(`${projectPath(api, projectId)}/notes`, { signal, query: { per_page: 100 } });
}

export const notesQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: notesQueryKey(api, projectId), queryFn: ({ signal }) => listNotes(projectId, signal, api) });

export function useNotes(projectId: number) {
  return useQuery(notesQueryOptions(projectId, useProjectApi()));
}
