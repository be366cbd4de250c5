import { ADMIN_ROLE, DEFAULT_EMAIL_PREFERENCES, EMAIL_DIGEST_EVENT_TYPES, EMAIL_EVENT_LABELS, HOUR_MS, isDigestEventType, notificationSubjectPath, type EmailDigestEventType } from '@sunin/contract';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { notificationPreferences, notifications, users, type NotificationRow } from '../../db/schema/index.js';
import { enqueueTemplatedMail } from '../../lib/mailer.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import type { HourlyDigestMailData } from './mail/render.js';

/**
 * The hourly digest (issue 37 item 3, docs/decisions/044): a full access administrator who chose
 * `hourly` for a kind of EMAIL_DIGEST_EVENT_TYPES gets no email per notification of it;
 * createNotifications (and the single-statement write) flag the notification `digest_pending`
 * instead, and this job sends each administrator with flagged notifications one email with
 * them, grouped by kind, once an hour: at the first check after each full hour (UTC), it takes
 * the flagged notifications created before that hour began.
 */
export const HOURLY_DIGEST_CHECK_INTERVAL_MS = 5 * 60_000;
/** Lines per kind; the rest are counted ("and 3 more") and wait on /notifications. */
const GROUP_LIMIT = 50;

/** The full hour (UTC) at or before `now`: a digest holds what was flagged before it. */
export function hourlySlot(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * Sends the digests due at `now` and answers how many it enqueued. Each recipient is one
 * transaction: clearing the flags (an UPDATE ... RETURNING, which a second run waits on and then
 * finds nothing to take) and the outbox row commit together, so a crash sends nothing and
 * loses nothing, and two runs never send one notification twice. A notification read in the
 * portal before the digest leaves is dropped from it (its flag is cleared all the same): the
 * digest tells what was not seen. So is a kind whose email was turned off since. Nothing left
 * to tell, no email.
 */
export async function sendHourlyDigests(ctx: AppContext, options: { now?: Date } = {}): Promise<number> {
  const slot = hourlySlot(options.now ?? new Date());
  const before = and(eq(notifications.digest_pending, true), lt(notifications.created_at, slot));
  const due = await ctx.db.selectDistinct({ userId: notifications.user_id }).from(notifications).where(before);
  let enqueued = 0;
  for (const { userId } of due) {
    enqueued += await ctx.db.transaction(async (tx) => {
      const claimed = await tx
        .update(notifications)
        .set({ digest_pending: false })
        .where(and(eq(notifications.user_id, userId), before))
        .returning();
      const data = await composeDigest(tx, userId, claimed);
      if (!data) return 0;
      await enqueueTemplatedMail(tx, [{ to: data.to, subject: data.mail.title, template: 'hourly_digest', data: data.mail }]);
      return 1;
    });
  }
  if (enqueued > 0) ctx.mailer.wake();
  return enqueued;
}

/** The digest of `claimed` for its user, or null when nothing in it is still to be told (or the address is no longer verified). */
async function composeDigest(tx: Executor, userId: number, claimed: NotificationRow[]): Promise<{ to: string; mail: HourlyDigestMailData } | null> {
  const unread = claimed.filter((row) => !row.read);
  if (unread.length === 0) return null;
  const [user] = await tx
    .select({ id: users.id, email: users.email, first_name: users.first_name, company_role: users.company_role })
    .from(users)
    .where(and(eq(users.id, userId), isNotNull(users.email_verified_at)))
    .limit(1);
  if (!user) return null;
  const choices = await tx
    .select({ event_type: notificationPreferences.event_type, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.user_id, userId))
    .orderBy(asc(notificationPreferences.event_type));
  const emailed = (kind: EmailDigestEventType) => choices.find((choice) => choice.event_type === kind)?.email ?? DEFAULT_EMAIL_PREFERENCES[kind];
  const admin = user.company_role === ADMIN_ROLE;
  const groups = EMAIL_DIGEST_EVENT_TYPES.filter(emailed)
    .map((kind) => ({ kind, rows: unread.filter((row) => row.kind === kind && isDigestEventType(row.kind)).sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id) }))
    .filter((group) => group.rows.length > 0);
  if (groups.length === 0) return null;
  const total = groups.reduce((sum, group) => sum + group.rows.length, 0);
  const only = groups.length === 1 ? groups[0]! : null;
  return {
    to: user.email,
    mail: {
      user_id: user.id,
      first_name: user.first_name,
      kinds: groups.map((group) => group.kind),
      title: only ? `Your SunIn digest: ${EMAIL_EVENT_LABELS[only.kind].label} (${total})` : `Your SunIn digest: ${total} notifications`,
      intro: `${total === 1 ? 'One notification' : `${total} notifications`} since your last digest. You take these as an hourly digest rather than an email each.`,
      sections: groups.map((group) => ({
        heading: `${EMAIL_EVENT_LABELS[group.kind].label} (${group.rows.length})`,
        empty: '',
        items: group.rows.slice(0, GROUP_LIMIT).map((row) => ({ text: `${row.title}: ${row.message}`, path: notificationSubjectPath(row, admin)?.path ?? null })),
        more: Math.max(0, group.rows.length - GROUP_LIMIT),
      })),
      action: { path: '/notifications', label: 'Open your notifications' },
    },
  };
}

/** The hourly digest job: every 5 minutes, in one process of the cluster at a time; a digest leaves within that of the hour. */
export function scheduleHourlyDigests(ctx: AppContext, locks: ClusterLocks, intervalMs = HOURLY_DIGEST_CHECK_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'hourly-digest',
    async () => {
      const sent = await sendHourlyDigests(ctx);
      if (sent > 0) ctx.log.info({ sent }, 'hourly digests enqueued');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'hourly digests failed'),
  );
}
