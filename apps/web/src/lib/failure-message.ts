import { ApiError } from './api-client';

/**
 * Statuses whose server message tells the member what to do about it: an inactive subscription
 * (402), a rule (403, 409, 422), a file too large (413) or of the wrong type (415).
 */
const EXPLAINED_STATUSES = new Set([402, 403, 409, 413, 415, 422]);

/**
 * A failure toast: the spec's text word for word, followed by the server's reason when the
 * server gave one the member can act on ("Error updating information! An active Sales Partner
 * subscription is required to do that.", "Something went wrong: The file is larger than 20 MB.").
 */
export function failureMessage(text: string, error: unknown): string {
  if (!(error instanceof ApiError) || !EXPLAINED_STATUSES.has(error.status) || !error.message) return text;
  return /[.!?]$/.test(text) ? `${text} ${error.message}` : `${text}: ${error.message}`;
}
