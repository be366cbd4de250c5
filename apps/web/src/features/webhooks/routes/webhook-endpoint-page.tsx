import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import toast from 'react-hot-toast';
import type { WebhookEndpoint } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Breadcrumb } from '../../../components/ui/breadcrumb';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useDeleteWebhookEndpoint } from '../api/delete-webhook-endpoint';
import { useWebhookEndpoint } from '../api/get-webhook-endpoint';
import { useUpdateWebhookEndpoint } from '../api/update-webhook-endpoint';
import { DeliveryLog } from '../components/delivery-log';
import { EndpointForm } from '../components/endpoint-form';
import { EndpointStatus } from '../components/endpoint-status';

export const ENDPOINT_PAGE_TEXTS = {
  loadFailed: 'We could not load this endpoint.',
  notFound: 'This endpoint does not exist, or it is not yours.',
  saved: 'The endpoint was saved.',
  enabled: 'The endpoint is on: deliveries resume.',
  disabled: 'The endpoint is off: nothing is sent to it.',
  toggleFailed: 'The endpoint could not be changed.',
  deleted: 'The endpoint was deleted.',
  deleteFailed: 'The endpoint could not be deleted.',
} as const;

/** The endpoint's page once loaded: status and actions, its settings, and its delivery log. */
function EndpointDetails({ endpoint }: { endpoint: WebhookEndpoint }) {
  const navigate = useNavigate();
  const update = useUpdateWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const [deleting, setDeleting] = useState(false);

  const toggle = () =>
    update.mutate(
      { id: endpoint.id, changes: { enabled: !endpoint.enabled } },
      {
        onSuccess: (saved) => toast.success(saved.enabled ? ENDPOINT_PAGE_TEXTS.enabled : ENDPOINT_PAGE_TEXTS.disabled),
        onError: (error) => toast.error(errorMessage(error, ENDPOINT_PAGE_TEXTS.toggleFailed)),
      },
    );
  const confirmDelete = () =>
    remove.mutate(endpoint.id, {
      onSuccess: () => {
        toast.success(ENDPOINT_PAGE_TEXTS.deleted);
        void navigate('/webhooks', { replace: true });
      },
      onError: (error) => {
        setDeleting(false);
        toast.error(errorMessage(error, ENDPOINT_PAGE_TEXTS.deleteFailed));
      },
    });

  return (
    <>
      <div className="space-y-3">
        <h1 className="text-2xl font-bold break-all text-ink-900">{endpoint.url}</h1>
        {endpoint.description && <p className="text-sm break-words text-ink-600">{endpoint.description}</p>}
        <EndpointStatus endpoint={endpoint} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={toggle} pending={update.isPending && update.variables.changes.enabled !== undefined}>
            {endpoint.enabled ? 'Disable' : 'Enable'}
          </Button>
          <Button variant="ghost-danger" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        </div>
      </div>

      <Panel title="Deliveries" id="deliveries" description="Every event sent to this endpoint, newest first. Open one to see each attempt and the payload.">
        <DeliveryLog endpointId={endpoint.id} />
      </Panel>

      <Panel title="Settings" id="settings">
        {/* Keyed by the record's version so a save or an enable re-seeds the form. */}
        <EndpointForm key={endpoint.updated_at} endpoint={endpoint} onSaved={() => toast.success(ENDPOINT_PAGE_TEXTS.saved)} />
      </Panel>

      <ConfirmDialog open={deleting} title="Delete this endpoint?" confirmLabel="Delete" pending={remove.isPending} onConfirm={confirmDelete} onCancel={() => setDeleting(false)}>
        <p className="break-all">{`Nothing more is sent to ${endpoint.url}, and its delivery log goes with it. This cannot be undone.`}</p>
      </ConfirmDialog>
    </>
  );
}

/**
 * /webhooks/:id (issue 40 item 3): one endpoint with edit, Enable/Disable, Delete, "Send test
 * event" and its delivery log. Another member's endpoint answers 404, said as "not yours".
 */
export function WebhookEndpointPage() {
  const id = Number(useParams().id);
  const endpoint = useWebhookEndpoint(id);
  useDocumentTitle(endpoint.data ? `Webhook ${endpoint.data.url}` : 'Webhook');
  const missing = !Number.isInteger(id) || id <= 0 || (endpoint.error instanceof ApiError && endpoint.error.status === 404);

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Breadcrumb items={[{ label: 'Webhooks', to: '/webhooks' }, { label: 'Endpoint' }]} />
      {missing ? (
        <Alert tone="error">
          <p>{ENDPOINT_PAGE_TEXTS.notFound}</p>
          <TextLink to="/webhooks" className="mt-2 inline-block">
            Back to your webhooks
          </TextLink>
        </Alert>
      ) : endpoint.isPending ? (
        <PageSpinner label="Loading the endpoint…" />
      ) : endpoint.isError ? (
        <LoadError message={ENDPOINT_PAGE_TEXTS.loadFailed} onRetry={() => endpoint.refetch()} retrying={endpoint.isFetching} />
      ) : (
        <EndpointDetails endpoint={endpoint.data} />
      )}
    </div>
  );
}
