import { PROPOSAL_TURNAROUND_HOURS } from './constants.js';
import { ATTACHING_PROPOSAL_STATUSES, REJECTING_PROPOSAL_STATUSES } from './proposals.js';

/**
 * The 48-hour proposal promise (DOMAIN.md 3): "The engineering team returns a customised
 * proposal within 48 hours of receiving the utility bill." Pure rules shared by the server
 * (which stores each clock) and the web app (which shows it); the promise's hours are
 * PROPOSAL_TURNAROUND_HOURS.
 */
/** Admins are reminded when this much time is left, and again at the deadline. */
export const PROPOSAL_REMINDER_HOURS_LEFT = 12;

export const HOUR_MS = 3_600_000;

/**
 * One clock: a request (status 1) or a revision request (5) opens it; it starts when the
 * power bill is received (at once if it already is) and is due 48 hours later; attaching a
 * proposal (3, 7) delivers it and a rejection (4, 8) stops it.
 */
export interface ProposalClock {
  requested_at: Date;
  started_at: Date | null;
  due_at: Date | null;
  stopped_at: Date | null;
  delivered_at: Date | null;
}

/** A new clock for a request or revision made at `at`. */
export function openClock(at: Date, billReceived: boolean): ProposalClock {
  return { requested_at: at, ...(billReceived ? startTimes(at) : { started_at: null, due_at: null }), stopped_at: null, delivered_at: null };
}

const startTimes = (at: Date) => ({ started_at: at, due_at: new Date(at.getTime() + PROPOSAL_TURNAROUND_HOURS * HOUR_MS) });

/** The power bill was received at `at`: a clock still waiting for it starts; any other is unchanged. */
export function startClock(clock: ProposalClock, at: Date): ProposalClock {
  if (clock.started_at !== null || clock.stopped_at !== null) return clock;
  return { ...clock, ...startTimes(at) };
}

export type ClockAction = 'open' | 'deliver' | 'stop' | 'none';

/**
 * What moving a ticket to `status` does to its current clock (null before the first): a
 * request or revision request opens a new clock unless one is still running (an admin moving
 * an open ticket between 1 and 5 does not reset the promise); attaching a proposal delivers
 * the running clock; a rejection stops it; other statuses (accepted) leave it running.
 */
export function clockAction(current: ProposalClock | null, status: number): ClockAction {
  const running = current !== null && current.stopped_at === null;
  if (status === 1 || status === 5) return running ? 'none' : 'open';
  if (!running) return 'none';
  if ((ATTACHING_PROPOSAL_STATUSES as readonly number[]).includes(status)) return 'deliver';
  if ((REJECTING_PROPOSAL_STATUSES as readonly number[]).includes(status)) return 'stop';
  return 'none';
}

/** The clock after `action` at `at`. */
export function applyClockAction(clock: ProposalClock, action: 'deliver' | 'stop', at: Date): ProposalClock {
  return { ...clock, stopped_at: at, delivered_at: action === 'deliver' ? at : null };
}

export type ProposalReminder = 'hours_left' | 'deadline';

/**
 * The admin reminder due for a running clock at `now`, given those already sent: the one at
 * 12 hours left, then the one at the deadline, each once per clock. Past the deadline only the
 * deadline one is sent (a late job run does not send both at once).
 */
export function dueReminder(
  clock: Pick<ProposalClock, 'due_at' | 'stopped_at'> & { reminded_hours_left_at: Date | null; reminded_deadline_at: Date | null },
  now: Date,
): ProposalReminder | null {
  if (clock.due_at === null || clock.stopped_at !== null) return null;
  const left = clock.due_at.getTime() - now.getTime();
  if (left <= 0) return clock.reminded_deadline_at === null ? 'deadline' : null;
  if (left <= PROPOSAL_REMINDER_HOURS_LEFT * HOUR_MS) return clock.reminded_hours_left_at === null && clock.reminded_deadline_at === null ? 'hours_left' : null;
  return null;
}

/** The clock fields of a ticket's JSON (ISO times), as the member and the admin read them. */
export interface TicketClockFields {
  clock_started_at: string | null;
  due_at: string | null;
  delivered_at: string | null;
  clock_stopped_at: string | null;
}

export type ClockState =
  | { kind: 'waiting_for_bill' }
  | { kind: 'running'; ms_left: number }
  | { kind: 'overdue'; ms_over: number }
  /** `ms_late`: how long after the deadline it arrived (0 when on time or the clock never started). */
  | { kind: 'delivered'; ms_taken: number | null; ms_late: number }
  | { kind: 'stopped' };

/** Where a ticket's current clock stands at `now`. */
export function clockState(ticket: TicketClockFields, now: Date): ClockState {
  if (ticket.delivered_at !== null) {
    const delivered = Date.parse(ticket.delivered_at);
    return {
      kind: 'delivered',
      ms_taken: ticket.clock_started_at === null ? null : delivered - Date.parse(ticket.clock_started_at),
      ms_late: ticket.due_at === null ? 0 : Math.max(0, delivered - Date.parse(ticket.due_at)),
    };
  }
  if (ticket.clock_stopped_at !== null) return { kind: 'stopped' };
  if (ticket.due_at === null) return { kind: 'waiting_for_bill' };
  const left = Date.parse(ticket.due_at) - now.getTime();
  return left > 0 ? { kind: 'running', ms_left: left } : { kind: 'overdue', ms_over: -left };
}

/** Delivered after its deadline: it reads as late (issue 34 item 7), not like one on time. */
export const isDeliveredLate = (state: ClockState): boolean => state.kind === 'delivered' && state.ms_late > 0;

/**
 * How a delivery reads wherever the clock shows: "Delivered in 22 hours", and a late one
 * "Delivered in 56 hours (8 hours late)" (issue 34 item 7). `delivered` names a delivery
 * whose start is unknown.
 */
export function deliveredText(state: Extract<ClockState, { kind: 'delivered' }>, delivered: string): string {
  if (state.ms_taken === null) return delivered;
  const taken = `Delivered in ${formatSpan(state.ms_taken)}`;
  return state.ms_late > 0 ? `${taken} (${formatSpan(state.ms_late)} late)` : taken;
}

/** Running with no more than the reminder window left: the admins have been told, the member should see it. */
export const isDueSoon = (state: ClockState): boolean => state.kind === 'running' && state.ms_left <= PROPOSAL_REMINDER_HOURS_LEFT * HOUR_MS;

/**
 * A span as people say it: minutes under an hour, hours under three days, days beyond;
 * rounded to the nearest, never zero ("1 minute").
 */
export function formatSpan(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.max(1, Math.round(ms / HOUR_MS));
  if (hours < 72) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.round(ms / (24 * HOUR_MS));
  return `${days} days`;
}

export const CLOCK_WAITING_TEXT = `The ${PROPOSAL_TURNAROUND_HOURS}-hour clock starts when the utility bill is received`;

/** The member's line for a ticket (issue 18 item 1), or null when there is no clock to show. */
export function clockText(state: ClockState): string | null {
  switch (state.kind) {
    case 'waiting_for_bill':
      return CLOCK_WAITING_TEXT;
    case 'running':
      return `Proposal due in ${formatSpan(state.ms_left)}`;
    case 'overdue':
      return `Overdue by ${formatSpan(state.ms_over)}`;
    case 'delivered':
      return deliveredText(state, 'Proposal delivered');
    case 'stopped':
      return null;
  }
}
