import { clockState, clockText, deliveredText, formatSpan, isDeliveredLate, isDueSoon, type ClockState, type TicketClockFields } from '@sunin/contract';
import { formatDateTime } from '../../lib/format-date-time';
import { useNow } from '../../lib/use-now';

/** Red past the deadline, sun within the reminder window, amber when delivered late, green on time. */
function toneOf(state: ClockState): string {
  if (state.kind === 'overdue') return 'bg-danger-50 text-danger-700 ring-danger-200';
  if (isDueSoon(state)) return 'bg-sun-400/15 text-ink-900 ring-sun-500/60';
  if (isDeliveredLate(state)) return 'bg-late-50 text-late-800 ring-late-200';
  if (state.kind === 'delivered') return 'bg-brand-50 text-brand-800 ring-brand-200';
  return 'bg-ink-50 text-ink-700 ring-ink-200';
}

function ClockIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 shrink-0">
      <path fillRule="evenodd" d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm.75-13a.75.75 0 0 0-1.5 0v5c0 .2.08.39.22.53l3 3a.75.75 0 1 0 1.06-1.06l-2.78-2.78V5Z" clipRule="evenodd" />
    </svg>
  );
}

/**
 * The 48-hour promise of a ticket as the member reads it (issue 18 item 1): "Proposal due in
 * 31 hours", "Delivered in 22 hours", "Delivered in 56 hours (8 hours late)" in its own late
 * colour (issue 34 item 7), "Overdue by 3 hours", or that the clock waits for the
 * utility bill; kept current while the page is open. Nothing once a rejection stopped it.
 */
export function ProposalClock({ ticket }: { ticket: TicketClockFields }) {
  const now = useNow();
  const state = clockState(ticket, now);
  const text = clockText(state);
  if (text === null) return null;
  return (
    <p data-testid="proposal-clock" data-clock={isDeliveredLate(state) ? 'late' : state.kind} className={`inline-flex max-w-full items-start gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium ring-1 ring-inset ${toneOf(state)}`}>
      <ClockIcon />
      <span>
        {text}
        {ticket.due_at && (state.kind === 'running' || state.kind === 'overdue') && (
          <span className="font-normal">
            {' '}
            (due <time dateTime={ticket.due_at}>{formatDateTime(ticket.due_at)}</time>)
          </span>
        )}
      </span>
    </p>
  );
}

/** The admin queue's short form: time left, overdue, waiting for the bill, or how it ended. */
export function clockShortText(state: ClockState): string {
  switch (state.kind) {
    case 'running':
      return `${formatSpan(state.ms_left)} left`;
    case 'overdue':
      return `Overdue by ${formatSpan(state.ms_over)}`;
    case 'waiting_for_bill':
      return 'Waiting for the bill';
    case 'delivered':
      return deliveredText(state, 'Delivered');
    case 'stopped':
      return 'Stopped';
  }
}

/** One queue cell: the short form, red and marked when overdue, in the late colour when delivered late. */
export function ClockCell({ ticket, now }: { ticket: TicketClockFields; now: Date }) {
  const state = clockState(ticket, now);
  const overdue = state.kind === 'overdue';
  const soon = isDueSoon(state);
  const late = isDeliveredLate(state);
  const tone = overdue ? 'font-semibold text-danger-700' : late ? 'font-semibold text-late-800' : soon ? 'font-semibold text-ink-900' : 'text-ink-700';
  return (
    <span data-clock={late ? 'late' : state.kind} className={`text-sm ${late ? '' : 'whitespace-nowrap'} ${tone}`}>
      {ticket.due_at && (state.kind === 'running' || overdue) ? <time dateTime={ticket.due_at} title={`Due ${formatDateTime(ticket.due_at)}`}>{clockShortText(state)}</time> : clockShortText(state)}
    </span>
  );
}
