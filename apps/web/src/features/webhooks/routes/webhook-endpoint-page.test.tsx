import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookDelivery, WebhookEndpoint } from '@sunin/contract';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { buildUser, buildWebhookDelivery, buildWebhookEndpoint } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { WebhookEndpointPage } from './webhook-endpoint-page';

const succeeded = buildWebhookDelivery({
  id: 40,
  event_type: 'project.created',
  status: 'succeeded',
  attempts: 2,
  next_attempt_at: null,
  completed_at: '2026-11-01T10:05:10.000Z',
  payload: { type: 'project.created', timestamp: '2026-11-01T10:00:00.000Z', data: { id: 77, company_name: 'Late Lumber' } },
  attempt_log: [
    { id: 2, attempted_at: '2026-11-01T10:05:10.000Z', duration_ms: 84, status_code: 200, error: null, response_excerpt: '<b>ok</b> & thanks' },
    { id: 1, attempted_at: '2026-11-01T10:00:01.000Z', duration_ms: 15000, status_code: null, error: 'Timed out after 15 s.', response_excerpt: '' },
  ],
});

function renderPage(path = '/webhooks/9') {
  saveSession('jwt', buildUser());
  return renderRoutes(
    [
      { path: '/webhooks', element: <p>Webhooks list</p> },
      { path: '/webhooks/:id', element: <WebhookEndpointPage /> },
    ],
    { initialEntries: [path] },
  );
}

/** The endpoint and its log as the API keeps them: a test or a replay adds a pending delivery on top. */
function endpointServer(endpointOverrides: Partial<WebhookEndpoint> = {}, initial: WebhookDelivery[] = [succeeded], overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let endpoint = buildWebhookEndpoint(endpointOverrides);
  let deliveries = [...initial];
  let deleted = false;
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const path = call.url.pathname;
    if (deleted) return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
    if (call.method === 'POST' && (path.endsWith('/test') || path.endsWith('/replay'))) {
      const added = buildWebhookDelivery({ id: 100 + deliveries.length, event_type: path.endsWith('/test') ? 'webhook.test' : 'project.created' });
      deliveries = [added, ...deliveries];
      return jsonResponse({ delivery: added }, { status: 201 });
    }
    if (path.endsWith('/deliveries')) return jsonResponse({ deliveries, total: deliveries.length });
    if (call.method === 'PATCH') {
      const changes = (call.body as { webhook_endpoint: Partial<WebhookEndpoint> }).webhook_endpoint;
      endpoint = { ...endpoint, ...changes, disabled_reason: changes.enabled === false ? 'owner' : changes.enabled ? null : endpoint.disabled_reason, updated_at: new Date().toISOString() };
      return jsonResponse({ webhook_endpoint: endpoint });
    }
    if (call.method === 'DELETE') {
      deleted = true;
      return new Response(null, { status: 204 });
    }
    return jsonResponse({ webhook_endpoint: endpoint });
  });
}

const deliveriesReads = (calls: FetchCall[]) => calls.filter((call) => call.method === 'GET' && call.url.pathname.endsWith('/deliveries')).length;

afterEach(() => {
  toast.remove();
  clearSession();
});

describe('/webhooks/:id (issue 40 item 3)', { timeout: 15_000 }, () => {
  it('shows the delivery log: status, attempts, and each attempt’s answer and the payload when opened', async () => {
    const calls = endpointServer();
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'https://crm.example.com/hooks' })).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    const [item] = within(log).getAllByRole('listitem').filter((li) => li.parentElement === log);
    expect(item).toHaveTextContent('project.created');
    expect(item).toHaveTextContent('Succeeded');
    expect(item).toHaveTextContent('2 attempts');

    await user.click(within(item!).getByText('Attempts and payload'));
    const attempts = within(item!).getAllByRole('listitem');
    expect(attempts[0]).toHaveTextContent('HTTP 200');
    expect(attempts[0]).toHaveTextContent('84 ms');
    // The receiver's answer is text, never markup.
    const excerpt = within(attempts[0]!).getByText('<b>ok</b> & thanks');
    expect(excerpt.tagName).toBe('PRE');
    expect(excerpt.querySelector('b')).toBeNull();
    expect(attempts[1]).toHaveTextContent('Timed out after 15 s.');
    expect(attempts[1]).toHaveTextContent('15000 ms');
    expect(attempts[1]).toHaveTextContent('Empty response');
    expect(within(item!).getByText(/"company_name": "Late Lumber"/)).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname.endsWith('/deliveries'))?.url.searchParams.get('per_page')).toBe('25');
  });

  it('replays a delivery and shows the new one, pending with its next attempt', async () => {
    const calls = endpointServer();
    const { user } = renderPage();
    const log = await screen.findByRole('list', { name: 'Deliveries' });
    await user.click(within(log).getByRole('button', { name: /^Replay project\.created/ }));
    expect(await screen.findByText('The delivery is sent again.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/webhook_endpoints/9/deliveries/40/replay']);
    expect(await within(log).findByText('Pending')).toBeInTheDocument();
    expect(log).toHaveTextContent(/Next attempt Nov 1, 2026/);
  });

  it('sends a test event and refreshes the log', async () => {
    const calls = endpointServer({}, []);
    const { user } = renderPage();
    expect(await screen.findByText('No deliveries yet')).toBeInTheDocument();
    const before = deliveriesReads(calls);
    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    expect(await screen.findByText('webhook.test')).toBeInTheDocument();
    expect(deliveriesReads(calls)).toBeGreaterThan(before);
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/webhook_endpoints/9/test')).toBe(true);
  });

  it('reads the log again with Refresh', async () => {
    const calls = endpointServer();
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Deliveries' });
    const before = deliveriesReads(calls);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(deliveriesReads(calls)).toBe(before + 1));
  });

  it('turns the endpoint off and on, saying why it is off', async () => {
    const calls = endpointServer({ enabled: false, disabled_reason: 'failing', disabled_at: '2026-11-06T10:00:00.000Z' });
    const { user } = renderPage();
    expect(await screen.findByText('Turned off after 5 days of failed deliveries.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('The endpoint is on: deliveries resume.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Disable' })).toBeInTheDocument();
    expect(screen.queryByText('Turned off after 5 days of failed deliveries.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Turned off by its owner.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([{ webhook_endpoint: { enabled: true } }, { webhook_endpoint: { enabled: false } }]);
  });

  it('edits the URL, description and events', async () => {
    const calls = endpointServer();
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Edit the endpoint' });
    expect(within(form).getByLabelText('Endpoint URL')).toHaveValue('https://crm.example.com/hooks');
    expect(within(form).getByLabelText('A project is created')).toBeChecked();
    await user.clear(within(form).getByLabelText('Endpoint URL'));
    await user.type(within(form).getByLabelText('Endpoint URL'), 'https://crm.example.com/v2');
    await user.type(within(form).getByLabelText('Description'), 'HubSpot');
    await user.click(within(form).getByLabelText('A payout is paid'));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The endpoint was saved.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      webhook_endpoint: { url: 'https://crm.example.com/v2', description: 'HubSpot', events: ['project.created', 'payout.paid'] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'https://crm.example.com/v2' })).toBeInTheDocument();
  });

  it('deletes only after confirming, then goes back to the list', async () => {
    const calls = endpointServer();
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this endpoint?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete this endpoint?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/webhooks'));
    expect(await screen.findByText('The endpoint was deleted.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/webhook_endpoints/9']);
  });

  it('says plainly when the endpoint is not there or not the member’s', async () => {
    stubFetch(() => jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 }));
    renderPage('/webhooks/404');
    expect(await screen.findByText('This endpoint does not exist, or it is not yours.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your webhooks' })).toHaveAttribute('href', '/webhooks');
  });
});
