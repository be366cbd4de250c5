import type { WebhookEndpoint } from '@sunin/contract';
import { TextLink } from '../../../components/ui/text-link';
import { EndpointStatus } from './endpoint-status';

const eventsCount = (count: number) => (count === 1 ? '1 event' : `${count} events`);

/** The endpoints as stacked cards (no table to scroll on a phone): each URL links to its page and log. */
export function EndpointsList({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  return (
    <ul aria-label="Your endpoints" className="space-y-3">
      {endpoints.map((endpoint) => (
        <li key={endpoint.id} className="rounded-xl border border-ink-200 bg-white p-4 text-sm shadow-sm">
          <article aria-label={endpoint.url}>
            <h3 className="font-semibold break-all">
              <TextLink to={`/webhooks/${endpoint.id}`}>{endpoint.url}</TextLink>
            </h3>
            {endpoint.description && <p className="mt-1 break-words text-ink-600">{endpoint.description}</p>}
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
              <EndpointStatus endpoint={endpoint} />
              <span className="text-ink-600">{eventsCount(endpoint.events.length)}</span>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
