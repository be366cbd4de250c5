import { useState } from 'react';
import { Panel } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadError } from '../../../components/ui/load-error';
import { SecretOnceDialog } from '../../../components/ui/secret-once-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink, textLinkClasses } from '../../../components/ui/text-link';
import { isAdmin } from '../../../lib/access';
import { useDocumentTitle } from '../../../lib/document-title';
import { readSession } from '../../../lib/session';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { EndpointForm } from '../components/endpoint-form';
import { EndpointsList } from '../components/endpoints-list';

export const WEBHOOKS_TEXTS = {
  title: 'Webhooks',
  loadFailed: 'We could not load your webhook endpoints.',
  none: 'No endpoints yet',
  secretTitle: 'Your endpoint’s signing secret',
} as const;

function Endpoints() {
  const endpoints = useWebhookEndpoints();
  if (endpoints.isPending) return <PageSpinner label="Loading your endpoints…" />;
  if (endpoints.isError) return <LoadError message={WEBHOOKS_TEXTS.loadFailed} onRetry={() => endpoints.refetch()} retrying={endpoints.isFetching} />;
  if (endpoints.data.length === 0) return <EmptyState title={WEBHOOKS_TEXTS.none}>Add one below: your system is told of each change as it happens.</EmptyState>;
  return <EndpointsList endpoints={endpoints.data} />;
}

/**
 * /webhooks (issue 40 item 3): the member's endpoints (an administrator's company-wide ones too)
 * and "Add endpoint", whose signing secret is shown once.
 */
export function WebhooksPage() {
  useDocumentTitle(WEBHOOKS_TEXTS.title);
  const [secret, setSecret] = useState<string | null>(null);
  const admin = isAdmin(readSession());
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-ink-900">{WEBHOOKS_TEXTS.title}</h1>
        <p className="mt-1 text-sm text-ink-600">
          SunIn sends a signed POST request to your endpoint when a project, proposal, earning, payout or lead changes, following the Standard Webhooks
          specification, and retries for days when it does not answer. See the{' '}
          <a className={textLinkClasses} href="/api/docs">
            API reference
          </a>{' '}
          to verify the signatures, and <TextLink to="/profile#api-tokens">API tokens</TextLink> to call the API.
        </p>
      </div>
      <Panel title="Your endpoints">
        <Endpoints />
      </Panel>
      <Panel title="Add an endpoint" id="add-endpoint">
        <EndpointForm admin={admin} onCreated={(created) => setSecret(created.secret)} />
      </Panel>
      <SecretOnceDialog
        secret={secret}
        title={WEBHOOKS_TEXTS.secretTitle}
        label="Signing secret"
        noun="secret"
        note="Your receiver checks each request's webhook-signature header with it."
        onDone={() => setSecret(null)}
      />
    </div>
  );
}
