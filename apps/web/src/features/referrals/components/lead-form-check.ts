import { leadRegistrationBodySchema, publicLeadSchema } from '@sunin/contract';
import type { z } from 'zod';
import type { FieldErrors, SiteValues } from './site-fields';

/*
 * The lead forms' own checks, with the contract's schemas and their words, before anything is
 * sent. The public form loads this module when it is first submitted: zod stays out of the
 * prerendered page's first load (decision 024).
 */

/** The first message of each field, by its name in the form (the body's key under `lead`). */
function byField(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const name = issue.path.map(String).join('.') || 'lead';
    errors[name] ??= issue.message;
  }
  return errors;
}

export function checkRegistration(values: SiteValues): FieldErrors {
  const result = leadRegistrationBodySchema.shape.lead.safeParse(values);
  return result.success ? {} : byField(result.error);
}

/** The business owner's form as typed, the bill already read as dollars (undefined when empty). */
export function checkPublicLead(values: unknown): FieldErrors {
  const result = publicLeadSchema.safeParse(values);
  return result.success ? {} : byField(result.error);
}
