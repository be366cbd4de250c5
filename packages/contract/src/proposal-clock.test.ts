import { describe, expect, it } from 'vitest';
import {
  applyClockAction,
  clockAction,
  clockState,
  clockText,
  dueReminder,
  formatSpan,
  isDeliveredLate,
  isDueSoon,
  openClock,
  startClock,
  type ProposalClock,
  type TicketClockFields,
} from './proposal-clock.js';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;
const fields = (clock: ProposalClock): TicketClockFields => ({
  clock_started_at: clock.started_at?.toISOString() ?? null,
  due_at: clock.due_at?.toISOString() ?? null,
  delivered_at: clock.delivered_at?.toISOString() ?? null,
  clock_stopped_at: clock.stopped_at?.toISOString() ?? null,
});

describe('the 48-hour clock (DOMAIN.md 3)', () => {
  it('starts at the request when the power bill is already received, due 48 hours later', () => {
    const clock = openClock(at('2026-11-02T09:00:00Z'), true);
    expect(clock.started_at).toEqual(at('2026-11-02T09:00:00Z'));
    expect(clock.due_at).toEqual(at('2026-11-04T09:00:00Z'));
  });

  it('waits for a bill received after the request, then runs 48 hours from its receipt', () => {
    const waiting = openClock(at('2026-11-02T09:00:00Z'), false);
    expect(waiting).toMatchObject({ started_at: null, due_at: null });
    expect(clockText(clockState(fields(waiting), at('2026-11-05T09:00:00Z')))).toBe('The 48-hour clock starts when the utility bill is received');

    const started = startClock(waiting, at('2026-11-03T15:30:00Z'));
    expect(started.requested_at).toEqual(at('2026-11-02T09:00:00Z'));
    expect(started.due_at).toEqual(at('2026-11-05T15:30:00Z'));
    // A second "received" (the bill toggled No and Yes again) moves nothing.
    expect(startClock(started, at('2026-11-04T00:00:00Z'))).toBe(started);
  });

  it('is delivered by an attached proposal and stopped by a rejection; accepting leaves it running', () => {
    const clock = openClock(at('2026-11-02T09:00:00Z'), true);
    expect(clockAction(clock, 2)).toBe('none');
    expect(clockAction(clock, 6)).toBe('none');
    expect(clockAction(clock, 3)).toBe('deliver');
    expect(clockAction(clock, 7)).toBe('deliver');
    expect(clockAction(clock, 4)).toBe('stop');
    expect(clockAction(clock, 8)).toBe('stop');

    const delivered = applyClockAction(clock, 'deliver', at('2026-11-03T07:00:00Z'));
    expect(clockText(clockState(fields(delivered), at('2026-11-10T00:00:00Z')))).toBe('Delivered in 22 hours');

    // Past the 48 hours it reads as late (issue 34 item 7).
    const late = applyClockAction(clock, 'deliver', at('2026-11-04T17:00:00Z'));
    const lateState = clockState(fields(late), at('2026-11-10T00:00:00Z'));
    expect(clockText(lateState)).toBe('Delivered in 56 hours (8 hours late)');
    expect(isDeliveredLate(lateState)).toBe(true);
    expect(isDeliveredLate(clockState(fields(delivered), at('2026-11-10T00:00:00Z')))).toBe(false);
    // On the deadline to the minute is on time.
    expect(clockText(clockState(fields(applyClockAction(clock, 'deliver', at('2026-11-04T09:00:00Z'))), at('2026-11-10T00:00:00Z')))).toBe('Delivered in 48 hours');

    const rejected = applyClockAction(clock, 'stop', at('2026-11-03T07:00:00Z'));
    expect(rejected.delivered_at).toBeNull();
    expect(clockText(clockState(fields(rejected), at('2026-11-10T00:00:00Z')))).toBeNull();
  });

  it('opens a new clock for a revision once the last one stopped, not while one runs', () => {
    const first = applyClockAction(openClock(at('2026-11-02T09:00:00Z'), true), 'deliver', at('2026-11-03T09:00:00Z'));
    expect(clockAction(first, 5)).toBe('open');
    expect(clockAction(null, 1)).toBe('open');
    const running = openClock(at('2026-11-05T09:00:00Z'), true);
    expect(clockAction(running, 5)).toBe('none');
    expect(clockAction(running, 1)).toBe('none');
    // A stopped clock is not delivered again by a later status change.
    expect(clockAction(first, 7)).toBe('none');

    const revision = openClock(at('2026-11-06T10:00:00Z'), true);
    expect(revision.due_at).toEqual(at('2026-11-08T10:00:00Z'));
  });

  it('tells the member the time left, or how late it is', () => {
    const clock = fields(openClock(at('2026-11-02T09:00:00Z'), true));
    expect(clockText(clockState(clock, at('2026-11-02T09:00:00Z')))).toBe('Proposal due in 48 hours');
    expect(clockText(clockState(clock, new Date(Date.parse('2026-11-02T09:00:00Z') + 17 * HOUR)))).toBe('Proposal due in 31 hours');
    expect(clockText(clockState(clock, new Date(Date.parse('2026-11-04T09:00:00Z') - 20 * 60_000)))).toBe('Proposal due in 20 minutes');
    expect(clockText(clockState(clock, at('2026-11-04T12:00:00Z')))).toBe('Overdue by 3 hours');
    // Due soon from the admins' 12-hour reminder on, until the deadline.
    expect(isDueSoon(clockState(clock, at('2026-11-03T20:59:00Z')))).toBe(false);
    expect(isDueSoon(clockState(clock, at('2026-11-03T21:00:00Z')))).toBe(true);
    expect(isDueSoon(clockState(clock, at('2026-11-04T09:01:00Z')))).toBe(false);
  });

  it('says spans as people do', () => {
    expect(formatSpan(0)).toBe('1 minute');
    expect(formatSpan(59 * 60_000)).toBe('59 minutes');
    expect(formatSpan(HOUR)).toBe('1 hour');
    expect(formatSpan(71 * HOUR)).toBe('71 hours');
    expect(formatSpan(72 * HOUR)).toBe('3 days');
  });

  it('reminds admins at 12 hours left and at the deadline, once each', () => {
    const clock = { ...openClock(at('2026-11-02T09:00:00Z'), true), reminded_hours_left_at: null, reminded_deadline_at: null };
    expect(dueReminder(clock, at('2026-11-03T20:59:00Z'))).toBeNull();
    expect(dueReminder(clock, at('2026-11-03T21:00:00Z'))).toBe('hours_left');
    const reminded = { ...clock, reminded_hours_left_at: at('2026-11-03T21:00:00Z') };
    expect(dueReminder(reminded, at('2026-11-04T08:00:00Z'))).toBeNull();
    expect(dueReminder(reminded, at('2026-11-04T09:00:00Z'))).toBe('deadline');
    expect(dueReminder({ ...reminded, reminded_deadline_at: at('2026-11-04T09:00:00Z') }, at('2026-11-05T09:00:00Z'))).toBeNull();
    // A job that was down through both sends only the deadline reminder.
    expect(dueReminder(clock, at('2026-11-04T10:00:00Z'))).toBe('deadline');
    expect(dueReminder({ ...clock, reminded_deadline_at: at('2026-11-04T10:00:00Z') }, at('2026-11-04T11:00:00Z'))).toBeNull();
    // Nothing for a stopped clock or one still waiting for the bill.
    expect(dueReminder({ ...clock, stopped_at: at('2026-11-03T00:00:00Z') }, at('2026-11-05T00:00:00Z'))).toBeNull();
    expect(dueReminder({ ...openClock(at('2026-11-02T09:00:00Z'), false), reminded_hours_left_at: null, reminded_deadline_at: null }, at('2026-12-01T00:00:00Z'))).toBeNull();
  });
});
