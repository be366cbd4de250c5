import { createContext, useContext, type ReactNode } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ProposalTicket, User } from '@sunin/contract';

/** A project's photos (`images`) and PDF files (`files`): the path segment of each. */
export type ProjectAssetKind = 'images' | 'files';

/**
 * Which API a project's tabs talk to (issue 15 item 5). The member's screens and the admin
 * project detail share one set of components (features/projects/components); this says where
 * they send their calls and which cached queries a save refreshes:
 * - the member: /projects, PATCH (member-app.md 7), the member's query keys;
 * - the admin: /admin/projects, PUT (public-site-and-admin.md 7), keys under ['admin'], which
 *   the `admin_changed` event also refreshes.
 * The features define the two scopes; this file only holds their shape and the context, so
 * neither feature imports the other (STYLE.md 5).
 */
export interface ProjectApi {
  /** '/projects' or '/admin/projects' (under /api). */
  basePath: string;
  /** The update method of the project and its contacts and links. */
  updateMethod: 'PATCH' | 'PUT';
  keys: {
    project(projectId: number): QueryKey;
    /** The project lists a project save refreshes. */
    projectLists: QueryKey;
    contacts(projectId: number): QueryKey;
    links(projectId: number): QueryKey;
    assets(projectId: number, kind: ProjectAssetKind): QueryKey;
    proposalTickets(projectId: number): QueryKey;
    /** The project's customer links (issue 36 item 1): under ['projects', id] or ['admin'], which live notifications refresh. */
    shares(projectId: number): QueryKey;
    /** The caller's storage use, refreshed after uploads and deletes; none in the admin area. */
    storage: QueryKey | null;
  };
  /** The project's proposal tickets, newest first. */
  listProposalTickets(projectId: number, signal?: AbortSignal): Promise<ProposalTicket[]>;
  /** Prefix of the Site Info and Utility Info draft keys (lib/form-drafts.ts), one per area. */
  draftPrefix: string;
  /** The full-page view of a contact, where the area has one. */
  contactPath: ((projectId: number, contactId: number) => string) | null;
  /**
   * Who may use Request Proposal and Request Revision: the member (member-app.md 2). The admin
   * manages tickets instead (public-site-and-admin.md 2.10, 4: the admin's Request Revision
   * is not offered).
   */
  memberProposalActions: boolean;
  /**
   * The partner whose name and contact the estimate's print view carries (issue 35 item 8): the
   * member's own profile in the member's area, the project owner's record in the admin's.
   */
  partner: { key(ownerId: number): QueryKey; get(ownerId: number, signal?: AbortSignal): Promise<User> };
}

const ProjectApiContext = createContext<ProjectApi | null>(null);

/** Sets the API of the project tabs below it (the admin project detail; the member's is the default). */
export function ProjectApiProvider({ api, children }: { api: ProjectApi; children: ReactNode }) {
  return <ProjectApiContext.Provider value={api}>{children}</ProjectApiContext.Provider>;
}

/** The API set by the nearest ProjectApiProvider, or `fallback` (the member's) without one. */
export function useProjectApiOr(fallback: ProjectApi): ProjectApi {
  return useContext(ProjectApiContext) ?? fallback;
}
