import { screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Share } from '@sunin/contract';
import { saveSession } from '../../../../lib/session';
import { buildUser } from '../../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../../lib/test-utils';
import { SharePanel } from './share-panel';
import { viewsSentence } from './share-wording';

const URL_ONCE = 'https://portal.example/p/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

function buildShare(overrides: Partial<Share> = {}): Share {
  return {
    id: 5,
    project_id: 7,
    recipient_name: 'Dana Owner',
    recipient_email: 'dana@acme.example',
    created_by_name: 'Ana Lopez',
    created_at: '2026-11-01T10:00:00.000Z',
    expires_at: '2026-12-01T10:00:00.000Z',
    revoked_at: null,
    emailed_at: null,
    status: 'active',
    view_count: 0,
    last_viewed_at: null,
    signed_at: null,
    signed_file_id: null,
    change_requests: 0,
    ...overrides,
  };
}

function stubSharesApi(initial: Share[]) {
  let shares = [...initial];
  return stubFetch(({ url, method, body }) => {
    const match = /^\/api\/projects\/7\/shares(?:\/(\d+))?$/.exec(url.pathname);
    if (!match) return jsonResponse([]);
    if (method === 'GET') return jsonResponse(shares);
    if (method === 'POST') {
      const input = (body as { share: { recipient_name: string; recipient_email: string } }).share;
      const created = buildShare({ id: 9, recipient_name: input.recipient_name, recipient_email: input.recipient_email });
      shares = [...shares, created];
      return jsonResponse({ ...created, url: URL_ONCE }, { status: 201 });
    }
    shares = shares.map((share) => (share.id === Number(match[1]) ? { ...share, status: 'revoked', revoked_at: new Date().toISOString() } : share));
    return new Response(null, { status: 204 });
  });
}

function renderPanel() {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/', element: <SharePanel projectId={7} /> }]);
}

afterEach(() => {
  toast.remove();
  vi.useRealTimers();
});

describe('Customer link panel (issue 36 items 1 and 3)', { timeout: 15_000 }, () => {
  it('creates a link with the defaults and shows its address once, with Copy', async () => {
    const calls = stubSharesApi([]);
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = renderPanel();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    expect(await screen.findByText('No customer links yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New customer link' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer link' });
    expect(within(dialog).getByLabelText('Days valid')).toHaveValue(30);
    await user.type(within(dialog).getByLabelText('Recipient name'), 'Dana Owner');
    await user.type(within(dialog).getByLabelText('Recipient email'), 'dana@acme.example');
    await user.click(within(dialog).getByLabelText('Email the link to the recipient'));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const created = await screen.findByRole('dialog', { name: 'Link created' });
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      share: { recipient_name: 'Dana Owner', recipient_email: 'dana@acme.example', expires_in_days: 30, send_email: true },
    });
    const field = within(created).getByLabelText('Customer link');
    expect(field).toHaveValue(URL_ONCE);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(/shown only once/);
    await user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(URL_ONCE);
    expect(await within(created).findByText('Link copied.')).toBeInTheDocument();

    // Closed, the address is gone for good: the list shows the recipient only.
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Dana Owner')).toBeInTheDocument();
    expect(screen.queryByDisplayValue(URL_ONCE)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain(URL_ONCE);
  });

  it('selects the link for a manual copy when the clipboard is refused', async () => {
    stubSharesApi([]);
    const { user } = renderPanel();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'New customer link' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer link' });
    await user.type(within(dialog).getByLabelText('Recipient name'), 'Dana Owner');
    await user.type(within(dialog).getByLabelText('Recipient email'), 'dana@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    const created = await screen.findByRole('dialog', { name: 'Link created' });
    await user.click(within(created).getByRole('button', { name: 'Copy' }));
    expect(within(created).getByLabelText('Customer link')).toHaveFocus();
    expect(await within(created).findByText(/Press Ctrl\+C/)).toBeInTheDocument();
  });

  it('checks the fields with the contract before sending: days from 1 to 90', async () => {
    const calls = stubSharesApi([]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'New customer link' }));
    const dialog = await screen.findByRole('dialog', { name: 'New customer link' });
    await user.type(within(dialog).getByLabelText('Recipient name'), 'Dana');
    await user.type(within(dialog).getByLabelText('Recipient email'), 'dana@acme.example');
    await user.clear(within(dialog).getByLabelText('Days valid'));
    await user.type(within(dialog).getByLabelText('Days valid'), '91');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByText('expires_in_days must be at most 90.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('asks before revoking, then revokes', async () => {
    const calls = stubSharesApi([buildShare()]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Revoke the link for Dana Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Revoke the link for Dana Owner' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revoke this link?' })).getByRole('button', { name: 'Revoke link' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual(['/api/projects/7/shares/5']);
    expect(screen.queryByRole('button', { name: /Revoke the link/ })).not.toBeInTheDocument();
  });

  it('shows "Opened 3 times, last yesterday 16:20", the status, the signed file and the change requests', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 28, 9, 30));
    stubSharesApi([
      buildShare({ view_count: 3, last_viewed_at: new Date(2026, 10, 27, 16, 20).toISOString(), status: 'signed', signed_at: new Date(2026, 10, 27, 16, 25).toISOString(), signed_file_id: 41, change_requests: 2 }),
      buildShare({ id: 6, recipient_name: 'Old Link', status: 'expired' }),
    ]);
    renderPanel();
    expect(await screen.findByText('Opened 3 times, last yesterday 16:20')).toBeInTheDocument();
    expect(screen.getByText('Not opened yet')).toBeInTheDocument();
    expect(screen.getByText('Signed', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByText('Expired', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Signed proposal (PDF)' })).toHaveAttribute('href', '/api/projects/7/files/41/download?download=1');
    expect(screen.getByText('2 change requests')).toBeInTheDocument();
    // Neither a signed nor an expired link can be revoked.
    expect(screen.queryByRole('button', { name: /Revoke the link/ })).not.toBeInTheDocument();
  });
});

describe('viewsSentence', () => {
  const now = new Date(2026, 10, 28, 9, 30);
  it.each([
    [0, null, 'Not opened yet'],
    [1, new Date(2026, 10, 28, 8, 5), 'Opened once, last today 08:05'],
    [3, new Date(2026, 10, 27, 16, 20), 'Opened 3 times, last yesterday 16:20'],
    [4, new Date(2026, 10, 20, 23, 59), 'Opened 4 times, last Nov 20, 2026 23:59'],
  ])('%i opens, last %s -> %s', (count, last, words) => {
    expect(viewsSentence({ view_count: count, last_viewed_at: last ? last.toISOString() : null }, now)).toBe(words);
  });
});
