import {
  ADMIN_ROLE,
  DEFAULT_EMAIL_PREFERENCES,
  NOTIFICATIONS_READ_ALL_EVENT,
  isDigestEventType,
  isEmailedNotificationKind,
  isPushEventType,
  type EmailedNotificationKind,
  type Notification,
  type NotificationKind,
  type NotificationsUnreadSummary,
  type PageQuery,
  type RealtimeEventType,
} from '@sunin/contract';
import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { Executor } from '../../db/client.js';
import { notificationPreferences, notifications, users, type NotificationRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import { enqueueTemplatedMail } from '../../lib/mailer.js';
import type { NotificationMailData } from './mail/render.js';
import { offsetOf } from '../../lib/pagination.js';
import { pushOutboxInsert } from './notification-sql.js';

export function toNotificationResponse(row: NotificationRow): Notification {
  return {
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    message: row.message,
    read: row.read,
    viewed_on: row.viewed_on ? row.viewed_on.toISOString() : null,
    created_at: row.created_at.toISOString(),
    project_id: row.project_id,
    proposal_ticket_id: row.proposal_ticket_id,
    kind: row.kind,
  };
}

/**
 * What a notification is about (issue 14 item 8). `null` says on purpose that it has no subject
 * (the welcome note); every notification about a project or a proposal names it, so the web app
 * can open it.
 */
export type NotificationSubject = { project_id: number; proposal_ticket_id?: number } | null;

export interface NotificationContent {
  kind: NotificationKind;
  title: string;
  message: string;
  subject: NotificationSubject;
  /**
   * Emailed at once even to a recipient who takes this kind as an hourly digest: it asks that one
   * person to act now (a proposal request assigned to them, issue 37 item 2).
   */
  immediate?: boolean;
}

/**
 * Writes notifications inside the caller's transaction, and their emails to the outbox for the
 * recipients who want this kind by email (issue 18 item 4): both exist if and only if the action
 * commits. A recipient who takes this kind as an hourly digest (issue 37 item 3) gets no outbox
 * row: their notification is written with `digest_pending`, and hourly-digest.ts sends it. The
 * caller publishes them with `publishNotifications` after the commit, so nobody hears of a row
 * that was rolled back; that also wakes the mail and push workers. Each recipient's devices that
 * take this kind get a web push row too (issue 41 item 3, notification-sql.ts pushOutboxInsert).
 */
export async function createNotifications(tx: Executor, userIds: number[], content: NotificationContent): Promise<NotificationRow[]> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const { kind, title, message, subject } = content;
  const project_id = subject?.project_id ?? null;
  const proposal_ticket_id = subject?.proposal_ticket_id ?? null;
  const recipients = isEmailedNotificationKind(kind) ? await emailRecipients(tx, unique, kind) : [];
  const digested = new Set(content.immediate ? [] : recipients.filter((user) => user.digest).map((user) => user.id));
  const rows = await tx
    .insert(notifications)
    .values(unique.map((user_id) => ({ user_id, kind, title, message, project_id, proposal_ticket_id, digest_pending: digested.has(user_id) })))
    .returning();
  // Their pushes, by the rule the single-statement write follows too (notification-sql.ts).
  if (isPushEventType(kind) && rows.length > 0) await tx.execute(sql.raw(`with note as (select * from notifications where id in (${rows.map((row) => Number(row.id)).join(', ')})) ${pushOutboxInsert('note')}`));
  if (isEmailedNotificationKind(kind)) {
    await enqueueTemplatedMail(
      tx,
      recipients
        .filter((user) => !digested.has(user.id))
        .map((user) => {
          const data: NotificationMailData = { user_id: user.id, first_name: user.first_name, admin: user.company_role === ADMIN_ROLE, kind, title, message, project_id, proposal_ticket_id };
          return { to: user.email, subject: title, template: 'notification', data };
        }),
    );
  }
  return rows;
}

/**
 * Who of `userIds` gets `kind` by email: a verified address (mail goes only where its owner
 * proved they read it), and the kind on by their choice or by default; `digest` when a full
 * access administrator chose the hourly digest for it. The single-statement project write
 * states the same rule in SQL (notification-sql.ts); notification-sql.test.ts and
 * project-writes.test.ts hold the two to the same rows.
 */
async function emailRecipients(tx: Executor, userIds: number[], kind: EmailedNotificationKind) {
  const rows = await tx
    .select({ id: users.id, email: users.email, first_name: users.first_name, company_role: users.company_role, chosen: notificationPreferences.email, frequency: notificationPreferences.frequency })
    .from(users)
    .leftJoin(notificationPreferences, and(eq(notificationPreferences.user_id, users.id), eq(notificationPreferences.event_type, kind)))
    .where(and(inArray(users.id, userIds), isNotNull(users.email_verified_at)));
  return rows
    .filter((row) => row.chosen ?? DEFAULT_EMAIL_PREFERENCES[kind])
    .map((row) => ({ ...row, digest: isDigestEventType(kind) && row.company_role === ADMIN_ROLE && row.frequency === 'hourly' }));
}

export async function fullAccessAdminIds(tx: Executor): Promise<number[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.company_role, ADMIN_ROLE));
  return rows.map((row) => row.id);
}

export async function publishNotifications(ctx: AppContext, rows: NotificationRow[], type: RealtimeEventType = 'notification_created'): Promise<void> {
  // Their emails and pushes, if any, were enqueued with them: send now rather than at the next poll.
  if (type === 'notification_created' && rows.length > 0) {
    ctx.mailer.wake();
    ctx.push.wake();
  }
  for (const row of rows) {
    try {
      await ctx.bus.publish({ userId: row.user_id, event: { type, payload: toNotificationResponse(row) } });
    } catch (error) {
      // The row is committed; the member sees it on the next fetch even if the push is lost.
      ctx.log.warn({ err: error, notificationId: row.id }, 'realtime publish failed');
    }
  }
}

/** A user reads only their own notifications: any other user id answers 404. */
function assertOwnList(user: UserRow, userId: number): void {
  if (user.id !== userId) throw new AppError('not_found', 'Notifications not found.');
}

export async function listNotifications(ctx: AppContext, user: UserRow, userId: number, page: PageQuery) {
  assertOwnList(user, userId);
  const [totals] = await ctx.db
    .select({ n: count(), unread: sql<number>`count(*) filter (where not ${notifications.read})`.mapWith(Number) })
    .from(notifications)
    .where(eq(notifications.user_id, user.id));
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.user_id, user.id))
    .orderBy(desc(notifications.created_at), desc(notifications.id))
    .limit(page.per_page)
    .offset(offsetOf(page));
  return { rows, total: totals?.n ?? 0, unread: totals?.unread ?? 0 };
}

async function findOwn(ctx: AppContext, user: UserRow, userId: number, id: number): Promise<NotificationRow> {
  assertOwnList(user, userId);
  const [row] = await ctx.db.select().from(notifications).where(and(eq(notifications.id, id), eq(notifications.user_id, user.id))).limit(1);
  if (!row) throw new AppError('not_found', 'Notification not found.');
  return row;
}

export const getNotification = findOwn;

/** Opening a notification marks it read and records when it was first viewed (member-app.md 4). */
export async function setNotificationRead(ctx: AppContext, user: UserRow, userId: number, id: number, read: boolean): Promise<NotificationRow> {
  const current = await findOwn(ctx, user, userId, id);
  const [row] = await ctx.db
    .update(notifications)
    .set({ read, viewed_on: read ? (current.viewed_on ?? new Date()) : current.viewed_on })
    .where(eq(notifications.id, current.id))
    .returning();
  if (!row) throw new AppError('not_found', 'Notification not found.');
  await publishNotifications(ctx, [row], 'notification_updated');
  return row;
}

export async function deleteNotification(ctx: AppContext, user: UserRow, userId: number, id: number): Promise<void> {
  const current = await findOwn(ctx, user, userId, id);
  await ctx.db.delete(notifications).where(eq(notifications.id, current.id));
}

/**
 * Marks every unread notification of the caller read in one statement (issue 37 item 3), a first
 * view recorded where none was. Their other open tabs hear one `notifications_read_all` event,
 * however many rows it marked (docs/decisions/044). Answers how many it marked.
 */
export async function markAllRead(ctx: AppContext, user: UserRow): Promise<number> {
  const readAt = new Date();
  const marked = await ctx.db
    .update(notifications)
    .set({ read: true, viewed_on: sql`coalesce(${notifications.viewed_on}, ${readAt.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.user_id, user.id), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (marked.length > 0) {
    try {
      await ctx.bus.publish({ userId: user.id, event: { type: NOTIFICATIONS_READ_ALL_EVENT, payload: { updated: marked.length, read_at: readAt.toISOString() } } });
    } catch (error) {
      // Committed: the other tabs read the list again on their next fetch or reconnect.
      ctx.log.warn({ err: error, userId: user.id }, 'realtime publish failed');
    }
  }
  return marked.length;
}

/** The caller's unread notifications counted by kind (the bell's page groups them by it). */
export async function unreadSummary(ctx: AppContext, user: UserRow): Promise<NotificationsUnreadSummary> {
  const rows = await ctx.db
    .select({ kind: notifications.kind, n: count() })
    .from(notifications)
    .where(and(eq(notifications.user_id, user.id), eq(notifications.read, false)))
    .groupBy(notifications.kind);
  return { unread: rows.reduce((sum, row) => sum + row.n, 0), by_kind: Object.fromEntries(rows.map((row) => [row.kind, row.n])) };
}
