import {
  ADMIN_ROLE,
  DAY_MS,
  DEFAULT_EMAIL_PREFERENCES,
  HOUR_MS,
  clockState,
  clockText,
  daysInStage,
  notificationSubjectPath,
  type ProjectStage,
  type StallThresholds,
} from '@sunin/contract';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { userChanged } from '../auth/sessions.service.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { notifications, projects, projectStageChanges, proposalClocks, proposalTickets, users } from '../../db/schema/index.js';
import { enqueueTemplatedMail } from '../../lib/mailer.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { projectName } from '../projects/project-name.js';
import { isCurrentClock } from '../proposals/proposal-clocks.js';
import { readStallThresholds, stalledStay } from '../stalls/stalls.service.js';
import type { DigestMailData } from './mail/render.js';

/**
 * The weekly digest (issue 18 item 4, docs/decisions/023): on Mondays at 14:00 UTC (morning in
 * every US time zone) each user with a verified address and the `weekly_digest` email on gets
 * one email about the week before. Partners: what changed on their projects (their
 * notifications of the week), what waits on them, and their proposal clocks. Full access
 * administrators: the proposal queue by its clocks, and the stalled projects.
 */
export const DIGEST_WEEKDAY_UTC = 1;
export const DIGEST_HOUR_UTC = 14;
/** A digest not sent within a day of its Monday (the servers were down) waits for the next one. */
export const DIGEST_GRACE_MS = DAY_MS;
/** How often the job looks; a digest leaves within this of its time. */
export const DIGEST_CHECK_INTERVAL_MS = 15 * 60_000;
/** Users claimed and composed per transaction. */
export const DIGEST_BATCH_SIZE = 50;
/** Lines per section; the rest are counted ("and 3 more"). */
const LIST_LIMIT = 8;

/** The digest's Monday 14:00 UTC at or before `now`. */
export function digestSlot(now: Date): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  const back = (slot.getUTCDay() - DIGEST_WEEKDAY_UTC + 7) % 7;
  slot.setUTCDate(slot.getUTCDate() - back);
  if (slot > now) slot.setUTCDate(slot.getUTCDate() - 7);
  return slot;
}

interface Recipient {
  id: number;
  email: string;
  first_name: string;
  company_role: string | null;
}

type Section = DigestMailData['sections'][number];
type Item = Section['items'][number];

const section = (heading: string, empty: string, items: Item[], total = items.length): Section => ({ heading, empty, items: items.slice(0, LIST_LIMIT), more: Math.max(0, total - LIST_LIMIT) });
const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Claims each user due for this week's digest and enqueues it, in batches: the claim (setting
 * `digest_sent_at` to the slot, rows locked with SKIP LOCKED) and the outbox rows share one
 * transaction, so two processes never send one twice and a failed batch sends nothing and is
 * claimed again on the next run. A user with nothing to report is claimed and sent nothing.
 * Returns the digests enqueued.
 */
export async function sendWeeklyDigests(ctx: AppContext, options: { now?: Date; batchSize?: number } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const slot = digestSlot(now);
  if (now.getTime() - slot.getTime() > DIGEST_GRACE_MS) return 0;
  const batchSize = options.batchSize ?? DIGEST_BATCH_SIZE;
  const { value: thresholds } = await readStallThresholds(ctx.db);
  const notYet = or(isNull(users.digest_sent_at), lt(users.digest_sent_at, slot));
  const wantsDigest = sql`coalesce((select p.email from notification_preferences p where p.user_id = ${users.id} and p.event_type = 'weekly_digest'), ${DEFAULT_EMAIL_PREFERENCES.weekly_digest})`;
  let enqueued = 0;
  for (;;) {
    const { claimed, sent } = await ctx.db.transaction(async (tx) => {
      const due = tx
        .select({ id: users.id })
        .from(users)
        .where(and(isNotNull(users.email_verified_at), lt(users.created_at, slot), notYet, wantsDigest))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const recipients = await tx
        .update(users)
        .set({ digest_sent_at: slot })
        .where(and(inArray(users.id, due), notYet))
        .returning({ id: users.id, email: users.email, first_name: users.first_name, company_role: users.company_role });
      const mails = [];
      for (const user of recipients) {
        const data = user.company_role === ADMIN_ROLE ? await adminDigest(tx, user, slot, now, thresholds) : await partnerDigest(tx, user, slot, now, thresholds);
        if (data) mails.push({ to: user.email, subject: data.title, template: 'digest', data });
      }
      await enqueueTemplatedMail(tx, mails);
      return { claimed: recipients, sent: mails.length };
    });
    enqueued += sent;
    await userChanged(ctx, claimed.map((user) => user.id));
    if (claimed.length < batchSize) break;
  }
  if (enqueued > 0) ctx.mailer.wake();
  return enqueued;
}

/** The digest job: every 15 minutes, in one process of the cluster at a time. */
export function scheduleWeeklyDigests(ctx: AppContext, locks: ClusterLocks, intervalMs = DIGEST_CHECK_INTERVAL_MS): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'weekly-digest',
    async () => {
      const sent = await sendWeeklyDigests(ctx);
      if (sent > 0) ctx.log.info({ sent }, 'weekly digests enqueued');
    },
    intervalMs,
    (error) => ctx.log.error({ err: error }, 'weekly digests failed'),
  );
}

function frame(user: Recipient, slot: Date, intro: string, sections: Section[], action: DigestMailData['action']): DigestMailData {
  const from = new Date(slot.getTime() - 7 * DAY_MS);
  return {
    user_id: user.id,
    first_name: user.first_name,
    title: `Your SunIn week: ${dayFormat.format(from)} to ${dayFormat.format(slot)}`,
    intro,
    sections,
    action,
  };
}

/** Each ticket's current clock (its latest), with the ticket's project. */
function currentClocks(db: Executor, where: SQL | undefined) {
  return db
    .select({
      ticketId: proposalTickets.id,
      projectId: projects.id,
      company_name: projects.company_name,
      started_at: proposalClocks.started_at,
      due_at: proposalClocks.due_at,
      delivered_at: proposalClocks.delivered_at,
      stopped_at: proposalClocks.stopped_at,
    })
    .from(proposalClocks)
    .innerJoin(proposalTickets, eq(proposalTickets.id, proposalClocks.proposal_ticket_id))
    .innerJoin(projects, eq(projects.id, proposalTickets.project_id))
    .where(and(isCurrentClock, where));
}
type ClockRow = Awaited<ReturnType<typeof currentClocks>>[number];

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const stateOf = (row: ClockRow, now: Date) =>
  clockState({ clock_started_at: iso(row.started_at), due_at: iso(row.due_at), delivered_at: iso(row.delivered_at), clock_stopped_at: iso(row.stopped_at) }, now);
const clockLine = (row: ClockRow, now: Date, path: string): Item => ({ text: `${projectName({ id: row.projectId, company_name: row.company_name })}: ${clockText(stateOf(row, now))}`, path });

/** Current stays past their threshold at `now`, the longest first. */
function stalledProjects(db: Executor, thresholds: StallThresholds, now: Date, where: SQL | undefined) {
  return db
    .select({ id: projects.id, company_name: projects.company_name, stage: projectStageChanges.to_stage, enteredAt: projectStageChanges.changed_at })
    .from(projectStageChanges)
    .innerJoin(projects, eq(projects.id, projectStageChanges.project_id))
    .where(and(isNull(projectStageChanges.left_at), stalledStay(thresholds, now), where))
    .orderBy(asc(projectStageChanges.changed_at));
}
const stallLine = (row: { id: number; company_name: string; stage: ProjectStage; enteredAt: Date }, now: Date, path: string): Item => ({
  text: `${projectName(row)} has been at ${row.stage} for ${daysInStage(row.enteredAt, now)} days`,
  path,
});

/** The week before `slot` for what happened; `now` for clocks and stalls, as they stand when the email leaves. */
async function partnerDigest(tx: Executor, user: Recipient, slot: Date, now: Date, thresholds: StallThresholds): Promise<DigestMailData | null> {
  const weekStart = new Date(slot.getTime() - 7 * DAY_MS);
  const inWeek = and(eq(notifications.user_id, user.id), ne(notifications.kind, 'welcome'), gte(notifications.created_at, weekStart), lt(notifications.created_at, slot));
  const [changed] = await tx.select({ n: count() }).from(notifications).where(inWeek);
  const changes = await tx.select().from(notifications).where(inWeek).orderBy(desc(notifications.created_at), desc(notifications.id)).limit(LIST_LIMIT);
  const mine = eq(projects.user_id, user.id);
  const clocks = await currentClocks(tx, and(mine, or(isNull(proposalClocks.stopped_at), and(gte(proposalClocks.delivered_at, weekStart), lt(proposalClocks.delivered_at, slot))))).orderBy(asc(proposalClocks.due_at));
  const stalled = await stalledProjects(tx, thresholds, now, mine);
  const proposalPath = (row: ClockRow) => `/projects/${row.projectId}?tab=proposal`;

  const waiting = clocks.filter((row) => stateOf(row, now).kind === 'waiting_for_bill');
  const pending: Item[] = [...waiting.map((row) => clockLine(row, now, proposalPath(row))), ...stalled.map((row) => stallLine(row, now, `/projects/${row.id}`))];
  const running = clocks.filter((row) => stateOf(row, now).kind !== 'waiting_for_bill');
  if ((changed?.n ?? 0) === 0 && pending.length === 0 && running.length === 0) return null;

  const items = changes.map((row) => ({ text: `${row.title}: ${row.message}`, path: notificationSubjectPath(row, false)?.path ?? null }));
  return frame(
    user,
    slot,
    `Here is what happened on your projects last week, and what needs you now.`,
    [
      section('What changed', 'Nothing changed on your projects last week.', items, changed?.n ?? 0),
      section('Waiting on you', 'Nothing waits on you.', pending),
      section('Proposal clocks', 'No proposal is in the works.', running.map((row) => clockLine(row, now, proposalPath(row)))),
    ],
    { path: '/projects', label: 'Open your projects' },
  );
}

async function adminDigest(tx: Executor, user: Recipient, slot: Date, now: Date, thresholds: StallThresholds): Promise<DigestMailData | null> {
  const weekStart = new Date(slot.getTime() - 7 * DAY_MS);
  const open = await currentClocks(tx, isNull(proposalClocks.stopped_at)).orderBy(sql`${proposalClocks.due_at} asc nulls last`, asc(proposalTickets.id));
  const [week] = await tx
    .select({
      requested: sql<number>`count(*) filter (where ${proposalClocks.requested_at} >= ${weekStart.toISOString()}::timestamptz and ${proposalClocks.requested_at} < ${slot.toISOString()}::timestamptz)`.mapWith(Number),
      delivered: sql<number>`count(*) filter (where ${proposalClocks.delivered_at} >= ${weekStart.toISOString()}::timestamptz and ${proposalClocks.delivered_at} < ${slot.toISOString()}::timestamptz)`.mapWith(Number),
    })
    .from(proposalClocks);
  const stalled = await stalledProjects(tx, thresholds, now, undefined);
  if (open.length === 0 && stalled.length === 0 && !week?.requested && !week?.delivered) return null;

  const states = open.map((row) => ({ row, state: stateOf(row, now) }));
  const overdue = states.filter(({ state }) => state.kind === 'overdue').length;
  const waiting = states.filter(({ state }) => state.kind === 'waiting_for_bill').length;
  const within24h = states.filter(({ state }) => state.kind === 'running' && state.ms_left <= 24 * HOUR_MS).length;
  const queue = states.filter(({ state }) => state.kind !== 'waiting_for_bill').map(({ row }) => clockLine(row, now, `/admin/projects/${row.projectId}?tab=proposal`));
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return frame(
    user,
    slot,
    `Last week: ${plural(week?.requested ?? 0, 'proposal request', 'proposal requests')} and ${plural(week?.delivered ?? 0, 'delivery', 'deliveries')}. ` +
      `Open now: ${plural(open.length, 'request', 'requests')}, ${overdue} overdue, ${within24h} due within 24 hours and ${waiting} waiting for the utility bill.`,
    [
      section('Proposal queue', 'No proposal clock is running.', queue),
      section('Stalled projects', 'No project is stalled.', stalled.map((row) => stallLine(row, now, `/admin/projects/${row.id}`))),
    ],
    { path: '/admin/proposal-management', label: 'Open the proposal queue' },
  );
}
