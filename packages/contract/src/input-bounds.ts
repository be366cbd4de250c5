import { z } from 'zod';

/**
 * The ranges of what the database stores, as zod building blocks (issue 34 item 6). A value
 * beyond a column's range is refused here, as a 422 naming the field, because PostgreSQL
 * would refuse it later as an error of its own (`integer out of range`, `date/time field
 * value out of range`), which reaches the client as a 500. Every id, count and date a request
 * carries goes through one of these, so a new route inherits the rule.
 */

/** PostgreSQL's `integer` (int4): every id and count column of the schema. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number for an int4 column, from a JSON number or the text of a path or query
 * parameter ('12'). `message` is what a value that is not a whole number reads (default:
 * "<name> must be a whole number.").
 */
export function int4(name: string, options: { min?: number; max?: number; message?: string } = {}) {
  const { min = 1, max = INT4_MAX, message = `${name} must be a whole number.` } = options;
  // The range first: 1e308 is "too large", which says more than "not a whole number".
  return z.coerce
    .number({ error: message })
    .min(min, `${name} must be at least ${min}.`)
    .max(max, `${name} must be at most ${max}.`)
    .int(message);
}

/** A row id in a path, query or body: a positive int4. */
export const int4Id = (name: string, message?: string) => int4(name, message === undefined ? {} : { message });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day written YYYY-MM-DD (2025-02-29 is not one). */
export function isRealDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * The days the portal knows. Narrower than PostgreSQL's own range (4713 BC to 294276 AD) on
 * purpose: within it a day and the day after are four-digit years that JavaScript's
 * toISOString() and PostgreSQL read alike (year 0000 does not exist in PostgreSQL, and
 * 9999-12-31's next day is written +010000 by JavaScript, which PostgreSQL cannot read).
 */
export const FIRST_DAY = '1900-01-01';
export const LAST_DAY = '2999-12-31';

/** A YYYY-MM-DD day from `min` to `max` (both included) for a date filter or field. */
export function isoDay(name: string, options: { min?: string; max?: string } = {}) {
  const { min = FIRST_DAY, max = LAST_DAY } = options;
  const format = `${name} must be a date (YYYY-MM-DD).`;
  return z
    .string({ error: format })
    .refine(isRealDay, format)
    .refine((value) => !isRealDay(value) || (value >= min && value <= max), `${name} must be between ${min} and ${max}.`);
}
