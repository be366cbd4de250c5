import {
  ADMIN_ROLE,
  DEFAULT_EMAIL_FREQUENCY,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_PUSH_PREFERENCES,
  EMAIL_DIGEST_EVENT_TYPES,
  EMAIL_EVENT_LABELS,
  EMAIL_EVENT_TYPES,
  emailEventTypesFor,
  pushEventTypesFor,
  type EmailDigestEventType,
  type EmailEventType,
  type EmailFrequency,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type PushEventType,
  type UnsubscribeResponse,
} from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';

/**
 * Whether each event type offered to `user` is emailed and pushed (issue 41 item 3), and for a
 * full access administrator how it is emailed (instant or hourly): their choices over the defaults.
 */
export async function readPreferences(db: Executor, user: Pick<UserRow, 'id' | 'company_role'>): Promise<NotificationPreferences> {
  const chosen = await db.select().from(notificationPreferences).where(eq(notificationPreferences.user_id, user.id));
  const byType = new Map(chosen.map((row) => [row.event_type, row]));
  const email = Object.fromEntries(emailEventTypesFor(user).map((type) => [type, byType.get(type)?.email ?? DEFAULT_EMAIL_PREFERENCES[type]]));
  const push = Object.fromEntries(pushEventTypesFor(user).map((type) => [type, byType.get(type)?.push ?? DEFAULT_PUSH_PREFERENCES[type]]));
  if (user.company_role !== ADMIN_ROLE) return { email, push };
  return { email, push, frequency: Object.fromEntries(EMAIL_DIGEST_EVENT_TYPES.map((type) => [type, byType.get(type)?.frequency ?? DEFAULT_EMAIL_FREQUENCY])) };
}

const isEmailEventType = (type: string): type is EmailEventType => (EMAIL_EVENT_TYPES as readonly string[]).includes(type);

const choicesOf = <V>(record: Partial<Record<string, V | undefined>> | undefined) => Object.entries(record ?? {}).filter((entry): entry is [string, V] => entry[1] !== undefined);

/** The email and push choices; a row made for a frequency or a push choice alone takes the type's default email choice (and null, the default, for push). */
async function store(db: Executor, userId: number, email: Array<[EmailEventType, boolean]>, frequency: Array<[EmailDigestEventType, EmailFrequency]> = [], push: Array<[PushEventType, boolean]> = []): Promise<void> {
  const updated_at = new Date();
  if (email.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(email.map(([event_type, on]) => ({ user_id: userId, event_type, email: on, updated_at })))
      .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.event_type], set: { email: sql`excluded.email`, updated_at: sql`excluded.updated_at` } });
  }
  if (frequency.length > 0) {
    await db
      .insert(notificationPreferences)
      .values(frequency.map(([event_type, how]) => ({ user_id: userId, event_type, email: DEFAULT_EMAIL_PREFERENCES[event_type], frequency: how, updated_at })))
      .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.event_type], set: { frequency: sql`excluded.frequency`, updated_at: sql`excluded.updated_at` } });
  }
  if (push.length > 0) {
    await db
      .insert(notificationPreferences)
      // `integrations` has no email choice (it is always emailed): its row's email column is never read.
      .values(push.map(([event_type, on]) => ({ user_id: userId, event_type, email: isEmailEventType(event_type) ? DEFAULT_EMAIL_PREFERENCES[event_type] : true, push: on, updated_at })))
      .onConflictDoUpdate({ target: [notificationPreferences.user_id, notificationPreferences.event_type], set: { push: sql`excluded.push`, updated_at: sql`excluded.updated_at` } });
  }
}

/**
 * A `PUT`: only the event types named change (email, push or frequency); one not offered to this user, or a frequency from
 * anyone but a full access administrator, answers 422 and changes nothing.
 */
export async function updatePreferences(ctx: AppContext, user: UserRow, body: NotificationPreferencesBody): Promise<NotificationPreferences> {
  const offered = new Set<string>(emailEventTypesFor(user));
  const email = choicesOf<boolean>(body.notification_preferences.email) as Array<[EmailEventType, boolean]>;
  const frequency = choicesOf<EmailFrequency>(body.notification_preferences.frequency) as Array<[EmailDigestEventType, EmailFrequency]>;
  const push = choicesOf<boolean>(body.notification_preferences.push) as Array<[PushEventType, boolean]>;
  const refused: Record<string, string> = {};
  const adminsOnly = 'This email is sent only to full access administrators.';
  for (const [type] of email) if (!offered.has(type)) refused[`notification_preferences.email.${type}`] = adminsOnly;
  const pushOffered = new Set<string>(pushEventTypesFor(user));
  for (const [type] of push) if (!pushOffered.has(type)) refused[`notification_preferences.push.${type}`] = 'This notification is sent only to full access administrators.';
  if (user.company_role !== ADMIN_ROLE) {
    for (const [type] of frequency) refused[`notification_preferences.frequency.${type}`] = 'Only full access administrators choose an hourly digest.';
  }
  const fields = Object.keys(refused);
  if (fields.length > 0) throw new AppError('validation_failed', refused[fields[0]!]!, refused);
  await ctx.db.transaction((tx) => store(tx, user.id, email, frequency, push));
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
