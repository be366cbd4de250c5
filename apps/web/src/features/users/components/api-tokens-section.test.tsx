import { screen, waitFor, within } from '@testing-library/react';
import type { ApiToken } from '@sunin/contract';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { buildApiToken, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { ApiTokensSection } from './api-tokens-section';

const SECRET = 'sunin_pat_9fJq2mXv7LkPz0aBcDeFgHiJkLmNwxyz';

function renderSection({ admin = false } = {}) {
  saveSession('jwt', buildUser({ company_role: admin ? 'full_access_admin' : null }));
  return renderRoutes([{ path: '/profile', element: <ApiTokensSection /> }, { path: '/webhooks', element: <p>Webhooks page</p> }], { initialEntries: ['/profile'] });
}

/** A server with the given tokens: POST adds one, DELETE removes it, as the API does. */
function tokenServer(initial: ApiToken[], overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let tokens = [...initial];
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const one = call.url.pathname.match(/^\/api\/user\/api_tokens\/(\d+)$/);
    if (call.method === 'DELETE' && one) {
      tokens = tokens.filter((token) => token.id !== Number(one[1]));
      return new Response(null, { status: 204 });
    }
    if (call.method === 'POST') {
      const { api_token: body } = call.body as { api_token: { name: string; scopes: ApiToken['scopes']; expires_in_days: number | null } };
      const created = buildApiToken({ id: 50, name: body.name, scopes: body.scopes, token_hint: 'wxyz', expires_at: body.expires_in_days ? '2027-02-01T10:00:00.000Z' : null });
      tokens = [created, ...tokens];
      return jsonResponse({ api_token: created, token: SECRET }, { status: 201 });
    }
    return jsonResponse({ api_tokens: tokens });
  });
}

afterEach(() => {
  toast.remove();
  clearSession();
});

describe('API tokens on /profile (issue 40 item 1)', { timeout: 15_000 }, () => {
  it('lists each token with its scopes, dates, last use, hint and an expired badge', async () => {
    tokenServer([
      buildApiToken({ id: 1, name: 'HubSpot sync', scopes: ['projects:read', 'projects:write'], token_hint: 'abcd', last_used_at: new Date(Date.now() - 3 * 3_600_000).toISOString() }),
      buildApiToken({ id: 2, name: 'Old script', scopes: ['earnings:read'], token_hint: 'ef12', expires_at: '2026-01-01T10:00:00.000Z', active: false }),
    ]);
    renderSection();
    const list = await screen.findByRole('list', { name: 'Your API tokens' });
    const [hubspot, old] = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(within(hubspot!).getByRole('list', { name: 'Scopes of HubSpot sync' })).toHaveTextContent('Read projectsWrite projects');
    expect(hubspot).toHaveTextContent('…abcd');
    expect(hubspot).toHaveTextContent('ExpiresNever');
    expect(hubspot).toHaveTextContent('Last used3 hours ago');
    expect(within(hubspot!).queryByText('Expired')).not.toBeInTheDocument();
    expect(within(old!).getAllByText('Expired')[0]).toBeInTheDocument();
    expect(old).toHaveTextContent('Never used');
    expect(old).toHaveTextContent('Read earnings');
    // The API reference is the server's page (a plain link); Webhooks is a page of the app.
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', '/api/docs');
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('href', '/webhooks');
  });

  it('shows a new token once, with Copy and the warning, and never again after Done', async () => {
    const calls = tokenServer([]);
    const { user, queryClient } = renderSection();
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Create an API token' });
    await user.type(within(form).getByLabelText('Token name'), 'Zapier');
    await user.click(within(form).getByLabelText('Write projects'));
    await user.selectOptions(within(form).getByLabelText('Expires'), 'Never');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));

    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(dialog).getByLabelText('API token')).toHaveValue(SECRET);
    expect(dialog).toHaveTextContent('you will not see it again');
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ api_token: { name: 'Zapier', scopes: ['projects:read', 'projects:write'], expires_in_days: null } });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Zapier')).toBeInTheDocument();
    expect(screen.getByText('…wxyz')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
    // Nor is it kept in the mutation cache.
    await waitFor(() => expect(JSON.stringify(queryClient.getMutationCache().getAll().map((mutation) => mutation.state))).not.toContain(SECRET));
    expect(within(form).getByLabelText('Token name')).toHaveValue('');
  });

  it('offers the admin scope only to full access administrators', async () => {
    tokenServer([]);
    renderSection();
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    expect(within(form).getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['Read projects', 'Write projects', 'Read earnings']);
    clearSession();

    tokenServer([]);
    const { unmount } = renderSection({ admin: true });
    const forms = await screen.findAllByRole('form', { name: 'Create an API token' });
    expect(within(forms.at(-1)!).getByLabelText('Administration')).toBeInTheDocument();
    unmount();
  });

  it('checks the form with the contract before sending, and puts the server’s field messages on their fields', async () => {
    const calls = tokenServer([], (call) =>
      call.method === 'POST'
        ? jsonResponse({ error: { code: 'validation_failed', message: 'Name is taken.', fields: { name: 'You already have a token named Zapier.' } } }, { status: 422 })
        : undefined,
    );
    const { user } = renderSection();
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    await user.click(within(form).getByLabelText('Read projects'));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText("Name can't be blank.")).toBeInTheDocument();
    expect(within(form).getByText('Choose at least one scope.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Token name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(form).getByLabelText('Token name'), 'Zapier');
    await user.click(within(form).getByLabelText('Read earnings'));
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('You already have a token named Zapier.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when creating is refused (403 insufficient_scope)', async () => {
    tokenServer([], (call) =>
      call.method === 'POST' ? jsonResponse({ error: { code: 'insufficient_scope', message: 'This token may not do that: it needs the admin scope.' } }, { status: 403 }) : undefined,
    );
    const { user } = renderSection();
    const form = await screen.findByRole('form', { name: 'Create an API token' });
    await user.type(within(form).getByLabelText('Token name'), 'Zapier');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This token may not do that: it needs the admin scope.');
  });

  it('revokes a token only after confirming', async () => {
    const calls = tokenServer([buildApiToken({ id: 7, name: 'HubSpot sync' })]);
    const { user } = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Revoke HubSpot sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this token?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke HubSpot sync' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this token?' })).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The token was revoked.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/user/api_tokens/7']);
    expect(await screen.findByText('No API tokens yet')).toBeInTheDocument();
  });

  it('offers Retry when the list fails to load', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) : jsonResponse({ api_tokens: [buildApiToken()] })));
    const { user } = renderSection();
    expect(await screen.findByText('We could not load your API tokens.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('HubSpot sync')).toBeInTheDocument();
  });
});
