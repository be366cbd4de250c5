import type { QueryClient } from '@tanstack/react-query';
import type { ProposalTicket } from '@sunin/contract';
import { apiRequest } from '../../../lib/api-client';
import { currentUserQueryKey, getCurrentUser } from '../../../lib/current-user';
import { useProjectApiOr, type ProjectApi, type ProjectAssetKind } from '../../../lib/project-api';

/*
 * The member's query keys, in one place so that the member's scope below and each endpoint's
 * file (which re-exports its own) agree. Everything of a project sits under ['projects'], so
 * that a live notification's refresh of every project query reaches it.
 */
export const projectQueryKey = (projectId: number) => ['projects', 'detail', projectId] as const;
export const projectListsQueryKey = ['projects', 'list'] as const;
export const contactsQueryKey = (projectId: number) => ['projects', projectId, 'contacts'] as const;
export const projectLinksQueryKey = (projectId: number) => ['projects', projectId, 'links'] as const;
export const assetsQueryKey = (projectId: number, kind: ProjectAssetKind) => ['projects', projectId, kind] as const;
export const proposalTicketsQueryKey = (projectId: number) => ['projects', projectId, 'proposal-tickets'] as const;
export const sharesQueryKey = (projectId: number) => ['projects', projectId, 'shares'] as const;
/** The caller's own storage: refreshed after every upload and delete. */
export const storageUsageQueryKey = ['user', 'storage'] as const;

/** The member's project API (member-app.md 7): /projects, PATCH, the keys above. */
export const memberProjectApi: ProjectApi = {
  basePath: '/projects',
  updateMethod: 'PATCH',
  keys: {
    project: projectQueryKey,
    projectLists: projectListsQueryKey,
    contacts: contactsQueryKey,
    links: projectLinksQueryKey,
    assets: assetsQueryKey,
    proposalTickets: proposalTicketsQueryKey,
    shares: sharesQueryKey,
    storage: storageUsageQueryKey,
  },
  listProposalTickets: (projectId: number, signal?: AbortSignal) => apiRequest<ProposalTicket[]>(`/projects/${projectId}/proposal_tickets`, { signal }),
  draftPrefix: 'project',
  contactPath: (projectId, contactId) => `/projects/${projectId}/contacts/${contactId}`,
  memberProposalActions: true,
  // The member presents their own projects: their own profile, under its usual key.
  partner: { key: () => currentUserQueryKey, get: (_ownerId, signal) => getCurrentUser(signal) },
};

/** The API the project tabs use here: the admin's under its provider, else the member's. */
export function useProjectApi(): ProjectApi {
  return useProjectApiOr(memberProjectApi);
}

/** The project's timeline (issue 18 item 2): under the project's key, so a project save refreshes it too. */
export const projectActivityKey = (api: ProjectApi, projectId: number) => [...api.keys.project(projectId), 'activity'] as const;

/** After a write under the project (a contact, a link, a photo, a ticket): its timeline has a new event. */
export const refreshActivity = (queryClient: QueryClient, api: ProjectApi, projectId: number) => queryClient.invalidateQueries({ queryKey: projectActivityKey(api, projectId) });

/** `/projects/7` or `/admin/projects/7`. */
export const projectPath = (api: ProjectApi, projectId: number) => `${api.basePath}/${projectId}`;
