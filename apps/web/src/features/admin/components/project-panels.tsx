import { useState, type ComponentType, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Project, ProposalTicket } from '@sunin/contract';
import { Button } from '../../../components/ui/button';
import { adminProjectKey } from '../api/get-project';
import { ManageProposalDialog } from './manage-proposal-dialog';

export type ProjectDraftForm = 'site-info' | 'utility-info';

/**
 * The member area's project tabs (features/projects/components), which the admin project detail
 * edits with (issue 15 item 5). The app hands them in (app/routes/admin-project-page.tsx):
 * features never import each other (STYLE.md 5). Under the admin's ProjectApiProvider they
 * call /api/admin/projects with PUT.
 */
export interface ProjectSections {
  SiteInfo: ComponentType<{ project: Project }>;
  UtilityInfo: ComponentType<{ project: Project }>;
  Contacts: ComponentType<{ projectId: number }>;
  Links: ComponentType<{ projectId: number }>;
  Assets: ComponentType<{ projectId: number }>;
  /** The project's notes (issue 41): the admin area adds and deletes them directly. */
  Notes: ComponentType<{ projectId: number }>;
  Proposal: ComponentType<{ project: Project; ticketActions?: (ticket: ProposalTicket) => ReactNode }>;
  /** The customer links of the project (issue 36 item 1), below the tabs. */
  Shares: ComponentType<{ projectId: number }>;
  /** The savings estimate below the tabs (issue 16). */
  Estimate: ComponentType<{ projectId: number }>;
  /** The project's timeline (issue 18 item 2): for the admin it is the project's Activity, deals included. */
  Timeline: ComponentType<{ projectId: number }>;
  /** The draft key of the Site Info or Utility Info form under a prefix (lib/form-drafts.ts). */
  draftKey(projectId: number, form: ProjectDraftForm, prefix: string): string;
}

/**
 * The admin's action on a ticket in the Proposal tab: Manage, the same dialog as Proposal
 * Requests (any status, its conditional fields; the owner is notified by the server). The
 * member's Request Revision is not offered here (public-site-and-admin.md 4).
 */
export function ManageTicketAction({ ticket }: { ticket: ProposalTicket }) {
  const [managing, setManaging] = useState(false);
  const queryClient = useQueryClient();
  return (
    <>
      <Button variant="secondary" onClick={() => setManaging(true)} aria-label={`Manage proposal ${ticket.id}`}>
        Manage
      </Button>
      <ManageProposalDialog
        ticket={managing ? ticket : null}
        onClose={() => setManaging(false)}
        // An attached proposal link becomes the project's proposal_url: the header's project refreshes.
        onUpdated={() => void queryClient.invalidateQueries({ queryKey: adminProjectKey(ticket.project_id) })}
      />
    </>
  );
}
