import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * The first message of each field of a `{ thing: {...} }` body checked with the contract's
 * schema, by the field's name under `thing` (`events.2` counts as `events`), as the server
 * names them in a 422's `fields`.
 */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.length > 1 ? String(issue.path[1]) : 'form';
    errors[name] ??= issue.message;
  }
  return errors;
}

/** A 422's field messages by field (`scopes.0` counts as `scopes`); none for any other failure. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [name, message] of Object.entries(error.fields)) errors[name.split('.')[0]!] ??= message;
  return errors;
}
