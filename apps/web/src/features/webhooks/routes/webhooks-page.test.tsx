import { screen, waitFor, within } from '@testing-library/react';
import type { WebhookEndpoint } from '@sunin/contract';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { buildUser, buildWebhookEndpoint } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { WebhooksPage } from './webhooks-page';

const SECRET = 'whsec_MfKQ9r8GKYqXnqKsQ9XhW3g3Cj8sFz0b';

function renderPage({ admin = false } = {}) {
  saveSession('jwt', buildUser({ company_role: admin ? 'full_access_admin' : null }));
  return renderRoutes(
    [
      { path: '/webhooks', element: <WebhooksPage /> },
      { path: '/webhooks/:id', element: <p>Endpoint page</p> },
    ],
    { initialEntries: ['/webhooks'] },
  );
}

/** A server with the given endpoints: POST adds one and answers its secret, as the API does. */
function endpointServer(initial: WebhookEndpoint[], overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let endpoints = [...initial];
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.method === 'POST') {
      const { webhook_endpoint: body } = call.body as { webhook_endpoint: Pick<WebhookEndpoint, 'url' | 'events'> & { company_wide?: boolean } };
      const created = buildWebhookEndpoint({ id: 12, url: body.url, events: body.events, company_wide: body.company_wide ?? false });
      endpoints = [...endpoints, created];
      return jsonResponse({ webhook_endpoint: created, secret: SECRET }, { status: 201 });
    }
    return jsonResponse({ webhook_endpoints: endpoints });
  });
}

async function fillEndpoint(form: HTMLElement, user: ReturnType<typeof renderPage>['user'], url: string) {
  await user.type(within(form).getByLabelText('Endpoint URL'), url);
  await user.click(within(form).getByLabelText('A project is created'));
  await user.click(within(form).getByLabelText("A project's stage changes"));
}

afterEach(() => {
  toast.remove();
  clearSession();
});

describe('/webhooks (issue 40 item 3)', { timeout: 15_000 }, () => {
  it('lists the endpoints with their events, state, the reason one is off, and the company-wide badge', async () => {
    endpointServer([
      buildWebhookEndpoint({ id: 1, url: 'https://crm.example.com/a', events: ['project.created', 'payout.paid'], description: 'HubSpot' }),
      buildWebhookEndpoint({ id: 2, url: 'https://crm.example.com/b', enabled: false, disabled_reason: 'failing', company_wide: true }),
    ]);
    renderPage({ admin: true });
    const list = await screen.findByRole('list', { name: 'Your endpoints' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'https://crm.example.com/a' })).toHaveAttribute('href', '/webhooks/1');
    expect(first).toHaveTextContent('HubSpot');
    expect(first).toHaveTextContent('Enabled');
    expect(first).toHaveTextContent('2 events');
    expect(within(first!).queryByText('Company-wide')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Disabled');
    expect(second).toHaveTextContent('Turned off after 5 days of failed deliveries.');
    expect(within(second!).getByText('Company-wide')).toBeInTheDocument();
    expect(second).toHaveTextContent('1 event');
  });

  it('says when there are none, and adds one whose secret is shown once', async () => {
    const calls = endpointServer([]);
    const { user, queryClient } = renderPage();
    expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Add an endpoint' });
    await fillEndpoint(form, user, 'https://crm.example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your endpoint’s signing secret' });
    expect(within(dialog).getByLabelText('Signing secret')).toHaveValue(SECRET);
    expect(dialog).toHaveTextContent('you will not see it again');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      webhook_endpoint: { url: 'https://crm.example.com/hooks', events: ['project.created', 'project.stage_changed'] },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('link', { name: 'https://crm.example.com/hooks' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    // Nor is it kept in the mutation cache.
    await waitFor(() => expect(JSON.stringify(queryClient.getMutationCache().getAll().map((mutation) => mutation.state))).not.toContain(SECRET));
  });

  it('offers "Company-wide" to full access administrators only, and sends it when ticked', async () => {
    endpointServer([]);
    renderPage();
    await screen.findByText('No endpoints yet');
    expect(screen.queryByLabelText('Company-wide (every partner’s data)')).not.toBeInTheDocument();
    clearSession();

    const calls = endpointServer([]);
    const { user, container } = renderPage({ admin: true });
    const form = within(container).getByRole('form', { name: 'Add an endpoint' });
    await fillEndpoint(form, user, 'https://ops.example.com/hooks');
    await user.click(within(form).getByLabelText('Company-wide (every partner’s data)'));
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    await screen.findByRole('dialog', { name: 'Your endpoint’s signing secret' });
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ webhook_endpoint: { company_wide: true } });
  });

  it('checks the URL and the events before sending, and shows the server’s field messages on their fields', async () => {
    const calls = endpointServer([], (call) =>
      call.method === 'POST'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'That address is refused.', fields: { url: 'The URL must not point at a private network address.' } } }, { status: 422 })
        : undefined,
    );
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await user.type(within(form).getByLabelText('Endpoint URL'), 'ftp://files.example.com');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('URL must be an http or https address.')).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one event.')).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Events' })).toHaveAccessibleDescription(/Choose at least one event\./);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText('Endpoint URL'));
    await fillEndpoint(form, user, 'https://10.0.0.5/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByText('The URL must not point at a private network address.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Endpoint URL')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a refusal without fields above the form (403 insufficient_scope)', async () => {
    endpointServer([], (call) =>
      call.method === 'POST' ? jsonResponse({ error: { code: 'insufficient_scope', message: 'This token needs the earnings:read scope for payout.paid.' } }, { status: 403 }) : undefined,
    );
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Add an endpoint' });
    await fillEndpoint(form, user, 'https://crm.example.com/hooks');
    await user.click(within(form).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This token needs the earnings:read scope for payout.paid.');
  });

  it('offers Retry when the list fails to load', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) : jsonResponse({ webhook_endpoints: [buildWebhookEndpoint()] })));
    const { user } = renderPage();
    expect(await screen.findByText('We could not load your webhook endpoints.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'https://crm.example.com/hooks' })).toBeInTheDocument();
  });
});
