import { isTerminalProposalStatus, proposalProgress, proposalTone, type Project, type ProposalTicket, type ProposalTone } from '@sunin/contract';

/** member-app.md 4: only while the project has no proposal_url, and not once a ticket exists. */
export function canRequestProposal(project: Pick<Project, 'proposal_url'>, tickets: readonly ProposalTicket[]): boolean {
  return !project.proposal_url && tickets.length === 0;
}

/** member-app.md 4: proposal created, proposal rejected, revision completed, revision rejected. */
export function canRequestRevision(status: number): boolean {
  return isTerminalProposalStatus(status);
}

/** Grey pending, dark grey accepted, blue completed, red rejected (member-app.md 4). */
export const PROPOSAL_TONE_CLASSES: Record<ProposalTone, string> = {
  pending: 'bg-ink-400',
  accepted: 'bg-ink-700',
  completed: 'bg-blue-600',
  rejected: 'bg-danger-600',
};

/** The progress bar of a status: its width in percent and its colour class. */
export function proposalProgressBar(status: number): { percent: number; className: string } {
  return { percent: Math.round(proposalProgress(status) * 10_000) / 100, className: PROPOSAL_TONE_CLASSES[proposalTone(status)] };
}

/** The one-line company address the ticket carries. */
export function companyAddress(project: Pick<Project, 'address_1' | 'address_2' | 'city' | 'state' | 'zip'>): string {
  const cityLine = [project.city, [project.state, project.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [project.address_1, project.address_2, cityLine].filter(Boolean).join(', ');
}
