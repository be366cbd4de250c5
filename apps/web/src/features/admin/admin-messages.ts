import { ADMIN_TOAST_DURATION_MS } from '@sunin/contract';
import toast from 'react-hot-toast';

/** The admin texts of public-site-and-admin.md 8, word for word. */
export const ADMIN_TOASTS = {
  proposalsLoadFailed: 'Failed to fetch proposals.',
  proposalUpdateFailed: 'Failed to update proposal.',
  proposalUpdated: 'Proposal updated successfully!',
  userUpdated: 'User updated successfully',
  userUpdateFailed: 'Error updating user',
  userLoadFailed: 'Failed to load user data.',
  stageLoadFailed: 'Failed to fetch project stage.',
  stageUpdateFailed: 'Failed to update project stage.',
  stageUpdated: 'Project stage updated successfully!',
  projectLoadFailed: 'Failed to fetch project data.',
  accountLoadFailed: 'Failed to fetch account data.',
} as const;

/**
 * What a list shows in place of its rows when it failed to load (issue 14 item 14: an error
 * with Retry, never the empty state). The spec logs these failures only; it names no text.
 */
export const ADMIN_LOAD_ERRORS = {
  users: 'The users could not be loaded. Check your connection and try again.',
  projects: 'The projects could not be loaded. Check your connection and try again.',
  referrals: 'The referrals could not be loaded. Check your connection and try again.',
  accounts: 'The accounts could not be loaded. Check your connection and try again.',
  proposals: 'The proposal requests could not be loaded. Check your connection and try again.',
  activity: 'The activity could not be loaded. Check your connection and try again.',
} as const;

/**
 * Admin toasts last longer than the member ones (public-site-and-admin.md 9: 5 s, success 3 s).
 * The app's <Toaster> carries the member durations, so every admin call passes its own.
 * `id` keeps a repeated load failure from stacking copies of the same toast.
 */
export const adminToast = {
  success: (message: string, id?: string) => toast.success(message, { duration: ADMIN_TOAST_DURATION_MS.success, id }),
  error: (message: string, id?: string) => toast.error(message, { duration: ADMIN_TOAST_DURATION_MS.error, id }),
};

/**
 * The one engineer the Manage Proposal dialog offers (public-site-and-admin.md 5: "one fixed
 * person"), configurable per deployment.
 */
export const ENGINEER_NAME: string = (import.meta.env.VITE_ENGINEER_NAME as string | undefined) ?? 'Jordan Lee, PE';

export const NOT_AVAILABLE = 'Not Available';
