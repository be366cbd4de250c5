import { proposalTone, type ProposalTone } from '@sunin/contract';

/**
 * public-site-and-admin.md 4: grey pending, darker grey assigned, blue completed, red rejected.
 * Blue is Tailwind's own palette: the design tokens have no blue, and the spec asks for one.
 */
const ROW: Record<ProposalTone, string> = {
  pending: 'bg-ink-50',
  accepted: 'bg-ink-100',
  completed: 'bg-blue-50',
  rejected: 'bg-danger-50',
};
const BAR: Record<ProposalTone, string> = {
  pending: 'bg-ink-400',
  accepted: 'bg-ink-600',
  completed: 'bg-blue-600',
  rejected: 'bg-danger-600',
};
const TEXT: Record<ProposalTone, string> = {
  pending: 'text-ink-700',
  accepted: 'text-ink-900',
  completed: 'text-blue-800',
  rejected: 'text-danger-700',
};

export const proposalRowClasses = (status: number) => ROW[proposalTone(status)];
export const proposalBarClasses = (status: number) => BAR[proposalTone(status)];
export const proposalTextClasses = (status: number) => TEXT[proposalTone(status)];
