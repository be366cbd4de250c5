import type { ProposalTicket } from '@sunin/contract';
import type { ProjectApi } from '../../../lib/project-api';
import { adminProjectKey } from './get-project';
import { adminUserKey, getAdminUser } from './get-user';
import { adminProjectsKey } from './list-projects';
import { adminProposalsKey, listProposalTickets } from './list-proposal-tickets';

const recordsKey = (projectId: number) => [...adminProjectsKey, 'records', projectId] as const;

/**
 * The project's tickets of every status, from the admin queue filtered to the project
 * (public-site-and-admin.md 7 has no per-project list; the queue is paged since issue 37).
 */
async function listProjectTickets(projectId: number, signal?: AbortSignal): Promise<ProposalTicket[]> {
  const { rows } = await listProposalTickets({ includeTerminal: true, projectId, perPage: 100, sort: '-created_at' }, signal);
  return rows;
}

/**
 * The admin project detail's API for the member's project tabs (issue 15 item 5, lib/project-api.tsx):
 * /admin/projects with PUT (public-site-and-admin.md 7), every key under ['admin'] so that the
 * `admin_changed` event refreshes them in other admin tabs. The owner's storage use is the
 * owner's business: no storage key, and the tab does not show the admin's own.
 */
export const adminProjectApi: ProjectApi = {
  basePath: '/admin/projects',
  updateMethod: 'PUT',
  keys: {
    project: adminProjectKey,
    projectLists: [...adminProjectsKey, 'list'],
    contacts: (projectId) => [...recordsKey(projectId), 'contacts'],
    links: (projectId) => [...recordsKey(projectId), 'project_links'],
    assets: (projectId, kind) => [...recordsKey(projectId), kind],
    // Under the tickets' own key, so that Manage (update-proposal-ticket) refreshes it too.
    proposalTickets: (projectId) => [...adminProposalsKey, 'project', projectId],
    shares: (projectId) => [...recordsKey(projectId), 'shares'],
    storage: null,
  },
  listProposalTickets: listProjectTickets,
  draftPrefix: 'admin.project',
  contactPath: null,
  memberProposalActions: false,
  partner: { key: adminUserKey, get: getAdminUser },
};
