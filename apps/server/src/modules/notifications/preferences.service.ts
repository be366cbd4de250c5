import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_EVENT_LABELS,
  emailEventTypesFor,
  type EmailEventType,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type UnsubscribeResponse,
} from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/** Whether each event type offered to `user` is emailed: their choices over the defaults. */
export async function readPreferences(db: Executor, user: Pick<UserRow, 'id' | 'company_role'>): Promise<NotificationPreferences> {
  const chosen = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, user.id));
  const byType = new Map(chosen.map((row) => [row.event_type, row.email]));
  return { email: Object.fromEntries(emailEventTypesFor(user).map((type) => [type, byType.get(type) ?? DEFAULT_EMAIL_PREFERENCES[type]])) };
}

async function store(db: Executor, userId: number, choices: Array<[EmailEventType, boolean]>): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map(([event_type, email]) => ({ user_id: userId, event_type, email, updated_at: new Date() })))
    .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.event_type], set: { email: sql`excluded.email`, updated_at: sql`excluded.updated_at` } });
}

/** A `PUT`: only the event types named change; one not offered to this user answers 422 and changes nothing. */
export async function updatePreferences(ctx: AppContext, user: UserRow, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  const offered = new Set(emailEventTypesFor(user));
  const choices = Object.entries(body.notification_preferences.email).filter((entry): entry is [EmailEventType, boolean] => entry[1] !== undefined);
  const refused = choices.filter(([type]) => !offered.has(type));
  if (refused.length > 0) {
    const message = 'This email is sent only to full access administrators.';
    throw new AppError('validation_failed', message, Object.fromEntries(refused.map(([type]) => [`notification_preferences.email.${type}`, message])));
  }
  await store(ctx.db, user.id, choices);
  return readPreferences(ctx.db, user);
}

const invalidLink = () => new AppError('invalid_token', 'This unsubscribe link is not valid. Manage your email preferences on your profile instead.', { token: 'This unsubscribe link is not valid.' });

/** The user and event type of an unsubscribe token, or 422 for a link that is not ours or a user who is gone. */
async function resolveToken(ctx: AppContext, token: string): Promise<{ user: Pick<UserRow, 'id' | 'company_role'>; eventType: EmailEventType }> {
  const claims = ctx.unsubscribeTokens.verify(token);
  if (!claims) throw invalidLink();
  const [user] = await ctx.db.select({ id: users.id, company_role: users.company_role }).from(users).where(eq(users.id, claims.userId)).limit(1);
  if (!user) throw invalidLink();
  return { user, eventType: claims.eventType };
}

function describe(eventType: EmailEventType, email: boolean): UnsubscribeResponse {
  return { unsubscribe: { event_type: eventType, label: EMAIL_EVENT_LABELS[eventType].label, email } };
}

/** What an unsubscribe link would turn off, and whether it is on now (the /unsubscribe page asks first). */
export async function describeUnsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeResponse> {
  const { user, eventType } = await resolveToken(ctx, token);
  const preferences = await readPreferences(ctx.db, user);
  return describe(eventType, preferences.email[eventType] ?? DEFAULT_EMAIL_PREFERENCES[eventType]);
}

/**
 * One-click unsubscribe (RFC 8058): turns off the one event type the token names, for its user,
 * without signing in. Doing it twice is the same as once.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<UnsubscribeResponse> {
  const { user, eventType } = await resolveToken(ctx, token);
  await store(ctx.db, user.id, [[eventType, false]]);
  return describe(eventType, false);
}
