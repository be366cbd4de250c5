import { ApiError } from '../../../lib/api-client';

/**
 * What to say beside the password field of a confirmation (issue 34 item 2) when the server
 * refused the admin's own password: missing or wrong (422 on current_password), or too many
 * wrong tries (429). Anything else is not about the password: undefined.
 */
export function passwordProblem(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.fields.current_password) return error.fields.current_password;
  if (error.code === 'rate_limited') return error.message;
  return undefined;
}
