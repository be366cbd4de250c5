import { PROPOSAL_TURNAROUND_HOURS } from '@sunin/contract';

/** What /activating-now shows, one at a time, while the account is being activated. */
export const ACTIVATION_TIPS = [
  'Create your first project from the New Project button at the top of every page.',
  `Request a design proposal from a project's Proposal tab: it arrives within ${PROPOSAL_TURNAROUND_HOURS} hours of receiving the utility bill.`,
  'Add the customer’s contacts and links to a project so everyone works from the same page.',
  'SunIn School walks you through the platform in six short videos.',
  'The bell in the top bar lights up the moment a proposal or a stage changes.',
  'Manage your subscription any time from Billing Information on your profile.',
] as const;
