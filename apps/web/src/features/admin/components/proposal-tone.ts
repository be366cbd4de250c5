import { PROPOSAL_STATUS_NUMBERS, isTerminalProposalStatus, proposalTone, type ProposalStatusNumber, type ProposalTone } from '@sunin/contract';

/**
 * public-site-and-admin.md 4: the progress bar is grey pending, darker grey assigned, blue
 * completed, red rejected. Blue is Tailwind's own palette: the design tokens have no blue.
 */
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

export const proposalBarClasses = (status: number) => BAR[proposalTone(status)];
export const proposalTextClasses = (status: number) => TEXT[proposalTone(status)];

interface StatusStyle {
  /** The row or card background: a 100-level tint, a different hue for every status. */
  row: string;
  /** A 4 px stripe on the row's leading edge in the same hue, strong enough to see at a glance. */
  stripe: string;
  /** The status chip: dark text on a 200-level tint (well above 4.5:1). */
  chip: string;
}

/**
 * One hue per status (issue 14 item 16: the two near-white greys could not be told apart).
 * The four open statuses, the ones the Manage list shows together, are the furthest apart:
 * amber, sky, fuchsia and teal. The status text itself stays as the spec spells it.
 */
const STATUS_STYLES: Record<ProposalStatusNumber, StatusStyle> = {
  1: { row: 'bg-amber-100', stripe: 'border-l-amber-500', chip: 'bg-amber-200 text-amber-950 ring-amber-400' },
  2: { row: 'bg-sky-100', stripe: 'border-l-sky-600', chip: 'bg-sky-200 text-sky-950 ring-sky-400' },
  3: { row: 'bg-emerald-100', stripe: 'border-l-emerald-600', chip: 'bg-emerald-200 text-emerald-950 ring-emerald-400' },
  4: { row: 'bg-red-100', stripe: 'border-l-red-600', chip: 'bg-red-200 text-red-950 ring-red-400' },
  5: { row: 'bg-fuchsia-100', stripe: 'border-l-fuchsia-600', chip: 'bg-fuchsia-200 text-fuchsia-950 ring-fuchsia-400' },
  6: { row: 'bg-teal-100', stripe: 'border-l-teal-600', chip: 'bg-teal-200 text-teal-950 ring-teal-400' },
  7: { row: 'bg-indigo-100', stripe: 'border-l-indigo-600', chip: 'bg-indigo-200 text-indigo-950 ring-indigo-400' },
  8: { row: 'bg-orange-100', stripe: 'border-l-orange-600', chip: 'bg-orange-200 text-orange-950 ring-orange-400' },
};
const UNKNOWN: StatusStyle = { row: 'bg-white', stripe: 'border-l-ink-400', chip: 'bg-ink-200 text-ink-900 ring-ink-400' };

export const proposalStatusStyle = (status: number): StatusStyle => STATUS_STYLES[status as ProposalStatusNumber] ?? UNKNOWN;

/** The statuses the Manage list can show (it hides the terminal ones), in the spec's order. */
export const OPEN_PROPOSAL_STATUSES = PROPOSAL_STATUS_NUMBERS.filter((status) => !isTerminalProposalStatus(status));
