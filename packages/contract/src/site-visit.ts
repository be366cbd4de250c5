import { z } from 'zod';
import { idParam } from './projects.js';

/**
 * The writing side of an offline site visit (issue 41 items 2 and 4): a photo's capture time
 * and position sent beside it, the Idempotency-Key that makes a queued write happen once, and
 * the project's notes. docs/decisions/054-offline-site-visit.md.
 */

/** The header a client sends so that a write it sends again (a lost answer) is done once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be a UUID.';
export const idempotencyKeySchema = z.uuid({ error: IDEMPOTENCY_KEY_MESSAGE });

/** How far a device's clock may run ahead of the server's before a capture time counts as "in the future". */
export const TAKEN_AT_CLOCK_SKEW_MS = 10 * 60 * 1000;
/** No photo uploaded here was taken before digital cameras were common; an earlier date is a broken clock. */
export const TAKEN_AT_EARLIEST = '1990-01-01T00:00:00Z';

export const SITE_VISIT_MESSAGES = {
  takenAt: 'The capture time must be an ISO 8601 date-time, such as 2026-12-06T14:03:00+01:00.',
  takenAtFuture: 'The capture time is in the future. Check the date and time of the device that took the photo.',
  takenAtPast: 'The capture time is before 1990. Check the date and time of the device that took the photo.',
  latitude: 'Latitude must be a number from -90 to 90.',
  longitude: 'Longitude must be a number from -180 to 180.',
  bothCoordinates: 'Send both latitude and longitude, or neither.',
  noteBody: 'Write the note first.',
  noteTooLong: 'A note can be at most 4,000 characters.',
  noteNotFound: 'Note not found.',
  noteDeleteForbidden: 'Only the note’s author or an administrator can delete it.',
  keyReused: 'This Idempotency-Key was already used for a different kind of upload on this project.',
} as const;

export const NOTE_MAX_LENGTH = 4000;

/** A number sent as a multipart field (always text): finite, in range, nothing else around it. */
const coordinate = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^[-+]?(\d+(\.\d*)?|\.\d+)$/, message)
    .transform(Number)
    .refine((value) => Number.isFinite(value) && value >= min && value <= max, message);

/**
 * The optional multipart fields of a photo upload, sent before the file part. An empty field is
 * the same as none. The capture time keeps its instant (the offset is folded in).
 */
export const photoFieldsSchema = z
  .object({
    taken_at: z
      .string({ error: SITE_VISIT_MESSAGES.takenAt })
      .trim()
      .pipe(z.iso.datetime({ offset: true, local: false, error: SITE_VISIT_MESSAGES.takenAt }))
      .transform((value) => new Date(value))
      .refine((date) => date.getTime() >= Date.parse(TAKEN_AT_EARLIEST), SITE_VISIT_MESSAGES.takenAtPast)
      .refine((date) => date.getTime() <= Date.now() + TAKEN_AT_CLOCK_SKEW_MS, SITE_VISIT_MESSAGES.takenAtFuture)
      .optional(),
    latitude: coordinate(-90, 90, SITE_VISIT_MESSAGES.latitude).optional(),
    longitude: coordinate(-180, 180, SITE_VISIT_MESSAGES.longitude).optional(),
  })
  .superRefine((value, context) => {
    if ((value.latitude === undefined) !== (value.longitude === undefined)) {
      context.addIssue({ code: 'custom', path: [value.latitude === undefined ? 'latitude' : 'longitude'], message: SITE_VISIT_MESSAGES.bothCoordinates });
    }
  });
export type PhotoFields = z.infer<typeof photoFieldsSchema>;
export const PHOTO_FIELD_NAMES = ['taken_at', 'latitude', 'longitude'] as const;

// Notes.
export const noteCreateBodySchema = z.object({
  note: z.object({
    body: z
      .string({ error: SITE_VISIT_MESSAGES.noteBody })
      .trim()
      .min(1, SITE_VISIT_MESSAGES.noteBody)
      .max(NOTE_MAX_LENGTH, SITE_VISIT_MESSAGES.noteTooLong),
  }),
});
export type NoteCreateBody = z.infer<typeof noteCreateBodySchema>;

export const projectNoteSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  body: z.string(),
  /** Null when the author's user has since been deleted. */
  author_id: z.number().int().nullable(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export type ProjectNote = z.infer<typeof projectNoteSchema>;

export const noteParamsSchema = z.object({ id: idParam, noteId: idParam });
