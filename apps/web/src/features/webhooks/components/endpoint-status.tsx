import type { WebhookEndpoint } from '@sunin/contract';
import { Badge } from '../../../components/ui/badge';

/** Why an endpoint is off, in the member's words (issue 40 item 3: off after 5 days of failures). */
export const DISABLED_REASON_TEXTS = {
  failing: 'Turned off after 5 days of failed deliveries.',
  owner: 'Turned off by its owner.',
} as const;

/** Enabled or Disabled with the reason, and Company-wide for an administrator's endpoint of every partner's data. */
export function EndpointStatus({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      {endpoint.enabled ? <Badge tone="green">Enabled</Badge> : <Badge tone="red">Disabled</Badge>}
      {endpoint.company_wide && <Badge tone="amber">Company-wide</Badge>}
      {!endpoint.enabled && endpoint.disabled_reason && <span className="text-ink-700">{DISABLED_REASON_TEXTS[endpoint.disabled_reason]}</span>}
    </div>
  );
}
