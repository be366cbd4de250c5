import type { WebhookAttempt, WebhookDelivery, WebhookDeliveryStatus } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { formatShortDateTime } from '../../../lib/format-date-time';

const STATUS_BADGES: Record<WebhookDeliveryStatus, { label: string; tone: 'amber' | 'green' | 'red' }> = {
  pending: { label: 'Pending', tone: 'amber' },
  succeeded: { label: 'Succeeded', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
};

const RETRYING = { label: 'Retrying', tone: 'amber' } as const;

const attemptsCount = (count: number) => (count === 1 ? '1 attempt' : `${count} attempts`);
/** A block of text the receiver or SunIn wrote, as text (React escapes it), wrapped so a phone never scrolls sideways. */
const preClasses = 'mt-1 max-h-64 overflow-auto rounded-lg bg-ink-50 p-3 font-mono text-xs break-all whitespace-pre-wrap text-ink-800';

function AttemptRow({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="rounded-lg border border-ink-200 p-3">
      <p className="flex flex-wrap gap-x-3 gap-y-1">
        <time dateTime={attempt.attempted_at} className="font-medium text-ink-900">
          {formatShortDateTime(attempt.attempted_at)}
        </time>
        <span className={attempt.status_code !== null && attempt.status_code < 300 ? 'text-brand-800' : 'text-danger-700'}>
          {attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'No answer')}
        </span>
        {attempt.status_code !== null && attempt.error && <span className="text-danger-700">{attempt.error}</span>}
        <span className="text-ink-600">{`${attempt.duration_ms} ms`}</span>
      </p>
      {attempt.response_excerpt ? (
        <>
          <p className="mt-2 text-xs font-medium text-ink-600">Response</p>
          <pre className={preClasses}>{attempt.response_excerpt}</pre>
        </>
      ) : (
        <p className="mt-2 text-xs text-ink-500">Empty response</p>
      )}
    </li>
  );
}

/**
 * One delivery of the log (issue 40 item 3): its event, status (when pending, the next attempt's
 * time), attempts and Replay; expanded, each attempt's time, HTTP status or error, duration and
 * the answer's excerpt, and the payload sent. A <details> opens with Enter or Space.
 */
export function DeliveryItem({ delivery, onReplay, replaying }: { delivery: WebhookDelivery; onReplay: (delivery: WebhookDelivery) => void; replaying: boolean }) {
  // A pending delivery that has failed before is waiting for its retry, not for its first attempt.
  const status = delivery.status === 'pending' && delivery.attempts > 0 ? RETRYING : STATUS_BADGES[delivery.status];
  return (
    <li className="py-4 text-sm">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-medium break-all text-ink-900">{delivery.event_type}</span>
            <Badge tone={status.tone}>{status.label}</Badge>
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-ink-600">
            <time dateTime={delivery.created_at}>{formatShortDateTime(delivery.created_at)}</time>
            <span>{attemptsCount(delivery.attempts)}</span>
            {delivery.status === 'pending' && delivery.next_attempt_at && <span>{`Next attempt ${formatShortDateTime(delivery.next_attempt_at)}`}</span>}
          </p>
        </div>
        <Button variant="secondary" className="w-full shrink-0 sm:w-auto" pending={replaying} onClick={() => onReplay(delivery)} aria-label={`Replay ${delivery.event_type} of ${formatShortDateTime(delivery.created_at)}`}>
          Replay
        </Button>
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer rounded font-medium text-brand-700 hover:text-brand-800">Attempts and payload</summary>
        <div className="mt-3 space-y-3">
          {delivery.attempt_log.length === 0 ? (
            <p className="text-ink-600">Not attempted yet.</p>
          ) : (
            <ol aria-label="Attempts" className="space-y-2">
              {delivery.attempt_log.map((attempt) => (
                <AttemptRow key={attempt.id} attempt={attempt} />
              ))}
            </ol>
          )}
          <div>
            <p className="text-xs font-medium text-ink-600">{`Payload (webhook-id ${delivery.message_id})`}</p>
            <pre className={preClasses}>{JSON.stringify(delivery.payload, null, 2)}</pre>
          </div>
        </div>
      </details>
    </li>
  );
}
