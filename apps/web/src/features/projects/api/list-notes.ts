import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProjectNote } from '@sunin/contract';
import { getPagedList } from '../../../lib/paged-list';
import type { ProjectApi } from '../../../lib/project-api';
import { memberProjectApi, projectPath, useProjectApi } from './project-api';

/** A project's notes (issue 41): under the project's key, so every project refresh reaches them. */
export const notesQueryKey = (api: ProjectApi, projectId: number) => [...api.keys.project(projectId), 'notes'] as const;

/** The page size asked for: the server's largest. */
export const NOTES_PAGE_SIZE = 100;

/**
 * GET /api/projects/:id/notes (or the admin's), oldest first: every page, following
 * X-Total-Count, so that a long visit's notes are all shown (a visit reads in the order it was
 * written, so the list is whole rather than cut).
 */
export async function listNotes(projectId: number, signal?: AbortSignal, api: ProjectApi = memberProjectApi): Promise<ProjectNote[]> {
  const notes: ProjectNote[] = [];
  for (let page = 1; ; page++) {
    const { rows, total } = await getPagedList<ProjectNote>(`${projectPath(api, projectId)}/notes`, { page, per_page: NOTES_PAGE_SIZE }, signal);
    notes.push(...rows);
    if (rows.length === 0 || notes.length >= total) return notes;
  }
}

export const notesQueryOptions = (projectId: number, api: ProjectApi = memberProjectApi) =>
  queryOptions({ queryKey: notesQueryKey(api, projectId), queryFn: ({ signal }) => listNotes(projectId, signal, api) });

export function useNotes(projectId: number) {
  return useQuery(notesQueryOptions(projectId, useProjectApi()));
}
