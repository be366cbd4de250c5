import { z } from 'zod';

/**
 * One signed-in session of the caller (GET /api/user/sessions, issue 13): a login or signup,
 * until logout, expiry, the idle timeout, or an end from the session list.
 */
export const sessionSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The browser's User-Agent header at sign-in, as sent (shown as text, never as HTML). */
  user_agent: z.string(),
  ip: z.string(),
  /** The session of the token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListSchema = z.array(sessionSchema);

export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

/**
 * Ending sessions from the list asks for the password again (ASVS 7.5.2: "having authenticated
 * again with at least one factor").
 */
export const endSessionsBodySchema = z.object({
  current_password: z.string({ error: 'Enter your current password to sign out other sessions.' }).min(1, 'Enter your current password to sign out other sessions.').max(256),
});
export type EndSessionsBody = z.infer<typeof endSessionsBodySchema>;
