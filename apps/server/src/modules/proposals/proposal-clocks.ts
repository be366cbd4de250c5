import {
  applyClockAction,
  clockAction,
  dueReminder,
  formatSpan,
  HOUR_MS,
  openClock,
  PROPOSAL_REMINDER_HOURS_LEFT,
  PROPOSAL_TURNAROUND_HOURS,
  startClock,
  type ProposalReminder,
  type TicketClockFields,
} from '@sunin/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import type { ClusterLocks, Executor } from '../../db/client.js';
import { proposalClocks, proposalTickets, type NotificationRow, type ProposalClockRow } from '../../db/schema/index.js';
import { scheduleClusterJob } from '../../lib/schedule.js';
import { createNotifications, fullAccessAdminIds, publishNotifications } from '../notifications/notifications.service.js';

/**
 * The 48-hour clocks of proposal tickets (issue 18 item 1; rules in the contract's
 * proposal-clock.ts, DOMAIN.md 3). Every function takes the caller's transaction, so a clock
 * changes exactly when the ticket or project change that moves it commits.
 */

/** The ticket's current clock (its latest), locked for the caller's transaction. */
async function currentClock(tx: Executor, ticketId: number): Promise<ProposalClockRow | undefined> {
  const [row] = await tx.select().from(proposalClocks).where(eq(proposalClocks.proposal_ticket_id, ticketId)).orderBy(desc(proposalClocks.id)).limit(1).for('update');
  return row;
}

/**
 * Moves the ticket's clock for its new `status` at `at`: a request or revision opens a clock
 * (started at once when the bill is already received), a delivery or rejection stops it.
 */
export async function followTicketStatus(tx: Executor, ticketId: number, status: number, at: Date, billReceived: boolean): Promise<void> {
  const current = await currentClock(tx, ticketId);
  const action = clockAction(current ? current : null, status);
  if (action === 'open') {
    await tx.insert(proposalClocks).values({ proposal_ticket_id: ticketId, ...openClock(at, billReceived) });
  } else if (current && (action === 'deliver' || action === 'stop')) {
    const { stopped_at, delivered_at } = applyClockAction(current, action, at);
    await tx.update(proposalClocks).set({ stopped_at, delivered_at }).where(eq(proposalClocks.id, current.id));
  }
}

/** The project's power bill was received at `at`: its tickets' clocks waiting for it start. */
export async function startWaitingClocks(tx: Executor, projectId: number, at: Date): Promise<void> {
  // The tickets first, then their clocks, as every status change locks them: the clock's trigger
  // writes its ticket's urgency columns (migration 0020), and the opposite order could deadlock
  // with an admin's update of the same ticket.
  await tx.select({ id: proposalTickets.id }).from(proposalTickets).where(eq(proposalTickets.project_id, projectId)).orderBy(asc(proposalTickets.id)).for('update');
  const waiting = await tx
    .select({ clock: proposalClocks })
    .from(proposalClocks)
    .innerJoin(proposalTickets, eq(proposalTickets.id, proposalClocks.proposal_ticket_id))
    .where(and(eq(proposalTickets.project_id, projectId), isNull(proposalClocks.started_at), isNull(proposalClocks.stopped_at)))
    .for('update', { of: proposalClocks });
  for (const { clock } of waiting) {
    const { started_at, due_at } = startClock(clock, at);
    await tx.update(proposalClocks).set({ started_at, due_at }).where(eq(proposalClocks.id, clock.id));
  }
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());
const NO_CLOCK: TicketClockFields = { clock_started_at: null, due_at: null, delivered_at: null, clock_stopped_at: null };

/** A ticket's current clock: the fields its JSON carries, and when the current request was made. */
export interface CurrentClock {
  fields: TicketClockFields;
  requested_at: Date;
}

/** The current clock of each ticket, as the ticket JSON carries it. */
export async function currentClockFields(db: Executor, ticketIds: number[]): Promise<Map<number, CurrentClock>> {
  const clocks = new Map<number, CurrentClock>();
  if (ticketIds.length === 0) return clocks;
  // Oldest first, so each ticket's latest clock is the one left in the map.
  const rows = await db.select().from(proposalClocks).where(inArray(proposalClocks.proposal_ticket_id, ticketIds)).orderBy(asc(proposalClocks.id));
  for (const row of rows) {
    clocks.set(row.proposal_ticket_id, {
      fields: { clock_started_at: iso(row.started_at), due_at: iso(row.due_at), delivered_at: iso(row.delivered_at), clock_stopped_at: iso(row.stopped_at) },
      requested_at: row.requested_at,
    });
  }
  return clocks;
}
export const clockFieldsOf = (clocks: Map<number, CurrentClock>, ticketId: number): TicketClockFields => clocks.get(ticketId)?.fields ?? NO_CLOCK;

/** A `proposal_clocks` row that is its ticket's current clock (its latest), joined with `proposal_tickets`. */
export const isCurrentClock = sql`${proposalClocks.id} = (select max(l.id) from ${proposalClocks} l where l.proposal_ticket_id = ${proposalTickets.id})`;

/**
 * The ticket's current clock as the queue reads it, from the columns migration 0020's trigger
 * keeps on the ticket (decision 043): 0 running, 1 waiting for the power bill, 2 stopped (or none).
 */
export const CLOCK_RANK = { running: 0, waiting: 1, stopped: 2 } as const;

/** Tickets whose current clock runs past its due time at `now` (proposal_tickets_urgency_idx answers it). */
export const overdueTicket = (now: Date) => and(eq(proposalTickets.clock_rank, CLOCK_RANK.running), lte(proposalTickets.clock_due_at, now));

const REMINDER_BATCH = 200;
/** How often the reminder job looks: a reminder is sent within this of its time. */
export const CLOCK_REMINDER_INTERVAL_MS = 60_000;

const REMINDER_TITLES: Record<ProposalReminder, string> = {
  hours_left: `Proposal due in ${PROPOSAL_REMINDER_HOURS_LEFT} hours`,
  deadline: 'Proposal overdue',
};

function reminderMessage(reminder: ProposalReminder, ticket: { id: number; project_id: number; company_name: string }, dueAt: Date, now: Date): string {
  const name = ticket.company_name || `project #${ticket.project_id}`;
  return reminder === 'hours_left'
    ? `The proposal for ${name} (ticket #${ticket.id}) is due in ${formatSpan(dueAt.getTime() - now.getTime())}.`
    : `The proposal for ${name} (ticket #${ticket.id}) passed its ${PROPOSAL_TURNAROUND_HOURS}-hour deadline without a delivery.`;
}

/**
 * Sends the admin reminders due at `now` (12 hours left, the deadline), once each per clock:
 * each clock is claimed by a conditional update in the transaction that writes its
 * notifications, so even two runs at once cannot send one twice. Returns how many were sent.
 */
export async function sendClockReminders(ctx: AppContext, now: Date = new Date()): Promise<number> {
  const horizon = new Date(now.getTime() + PROPOSAL_REMINDER_HOURS_LEFT * HOUR_MS);
  let sent = 0;
  let afterId = 0;
  for (;;) {
    const candidates = await ctx.db
      .select({ clock: proposalClocks, ticket: { id: proposalTickets.id, project_id: proposalTickets.project_id, company_name: proposalTickets.company_name } })
      .from(proposalClocks)
      .innerJoin(proposalTickets, eq(proposalTickets.id, proposalClocks.proposal_ticket_id))
      .where(and(isNull(proposalClocks.stopped_at), isNotNull(proposalClocks.due_at), lte(proposalClocks.due_at, horizon), isNull(proposalClocks.reminded_deadline_at), sql`${proposalClocks.id} > ${afterId}`))
      .orderBy(asc(proposalClocks.id))
      .limit(REMINDER_BATCH);
    if (candidates.length === 0) return sent;
    afterId = candidates[candidates.length - 1]?.clock.id ?? afterId;
    for (const { clock, ticket } of candidates) {
      const reminder = dueReminder(clock, now);
      const dueAt = clock.due_at;
      if (reminder === null || dueAt === null) continue;
      const { claimed, created } = await ctx.db.transaction(async (tx) => {
        const column = reminder === 'deadline' ? proposalClocks.reminded_deadline_at : proposalClocks.reminded_hours_left_at;
        const claimed = await tx
          .update(proposalClocks)
          .set(reminder === 'deadline' ? { reminded_deadline_at: now } : { reminded_hours_left_at: now })
          .where(and(eq(proposalClocks.id, clock.id), isNull(column), isNull(proposalClocks.stopped_at)))
          .returning({ id: proposalClocks.id });
        if (claimed.length === 0) return { claimed: false, created: [] as NotificationRow[] };
        const rows = await createNotifications(tx, await fullAccessAdminIds(tx), {
          kind: 'proposal_reminders',
          title: REMINDER_TITLES[reminder],
          message: reminderMessage(reminder, ticket, dueAt, now),
          subject: { project_id: ticket.project_id, proposal_ticket_id: ticket.id },
        });
        return { claimed: true, created: rows };
      });
      if (claimed) sent += 1;
      await publishNotifications(ctx, created);
    }
  }
}

/** The reminder job: at start and every minute, in one process of the cluster at a time. */
export function scheduleClockReminders(ctx: AppContext, locks: ClusterLocks): () => Promise<void> {
  return scheduleClusterJob(
    locks,
    'proposal-clock-reminders',
    async () => void (await sendClockReminders(ctx)),
    CLOCK_REMINDER_INTERVAL_MS,
    (error) => ctx.log.error({ err: error }, 'proposal clock reminders failed'),
  );
}
