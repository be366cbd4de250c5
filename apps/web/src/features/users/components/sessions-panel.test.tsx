import { screen, within } from '@testing-library/react';
import type { Session } from '@sunin/contract';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { SessionsPanel } from './sessions-panel';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const current: Session = { id: 1, created_at: ago(3 * 24 * HOUR), last_used_at: ago(5 * 60_000), user_agent: FIREFOX_LINUX, ip: '203.0.113.5', current: true };
const phone: Session = { id: 2, created_at: ago(2 * HOUR), last_used_at: ago(30 * 60_000), user_agent: SAFARI_IPHONE, ip: '198.51.100.7', current: false };

function renderPanel() {
  saveSession('jwt', buildUser());
  return renderRoutes([{ path: '/profile', element: <SessionsPanel /> }], { initialEntries: ['/profile'] });
}

const PASSWORD = 'my current passphrase';

/** A server with the given sessions: DELETEs with the right password end them, as the API does. */
function sessionServer(initial: Session[], overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  let sessions = [...initial];
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    const one = call.url.pathname.match(/^\/api\/user\/sessions\/(\d+)$/);
    if (call.method === 'DELETE' && (call.body as { current_password?: string } | undefined)?.current_password !== PASSWORD) {
      return jsonResponse({ error: { code: 'rule_broken', message: 'Current password is incorrect.', fields: { current_password: 'Current password is incorrect.' } } }, { status: 422 });
    }
    if (call.method === 'DELETE' && one) {
      sessions = sessions.filter((session) => session.id !== Number(one[1]));
      return new Response(null, { status: 204 });
    }
    if (call.method === 'DELETE' && call.url.pathname === '/api/user/sessions') {
      const ended = sessions.filter((session) => !session.current).length;
      sessions = sessions.filter((session) => session.current);
      return jsonResponse({ ended });
    }
    return jsonResponse(sessions);
  });
}

afterEach(() => toast.remove());

describe('sessions panel (issue 13 item 4, ASVS 7.5.2)', { timeout: 15_000 }, () => {
  it('lists each session in plain words with its address, times and the current one marked', async () => {
    sessionServer([current, phone]);
    renderPanel();
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Firefox on Linux');
    expect(within(first!).getByText('This device')).toBeInTheDocument();
    expect(first).toHaveTextContent('203.0.113.5');
    expect(first).toHaveTextContent('Signed in 3 days ago');
    expect(first).toHaveTextContent('Active 5 minutes ago');
    // The exact time is in the tooltip.
    expect(within(first!).getByText('3 days ago')).toHaveAttribute('title', expect.stringMatching(/\d{4} at /));
    // No "Sign out" for the current session (Log out does that).
    expect(within(first!).queryByRole('button')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Safari on iPhone');
    expect(second).toHaveTextContent('Signed in 2 hours ago');
    expect(within(second!).queryByText('This device')).not.toBeInTheDocument();
  });

  it('signs out one other session after confirming', async () => {
    const calls = sessionServer([current, phone]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    expect(dialog).toHaveTextContent('Safari on iPhone at 198.51.100.7');
    await user.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('That session was signed out.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/user/sessions/2')).toBe(true);
    await screen.findByText('You are not signed in anywhere else.');
    expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument();
  });

  it('asks for the current password again, and keeps the dialog open with the message when it is wrong or missing', async () => {
    const calls = sessionServer([current, phone]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out this session?' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('Enter your current password to sign out other sessions.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.type(within(dialog).getByLabelText('Current password'), 'a wrong one');
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await within(dialog).findByText('Current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sign out this session?' })).toBeInTheDocument();
    expect(screen.getByText('Safari on iPhone', { selector: 'p *, p' })).toBeInTheDocument();
  });

  it('cancel leaves the session alone', async () => {
    const calls = sessionServer([current, phone]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(screen.getByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('signs out all other sessions after confirming and says how many', async () => {
    const calls = sessionServer([current, phone, { ...phone, id: 3, user_agent: FIREFOX_LINUX.replace('X11; Linux x86_64', 'Windows NT 10.0; Win64; x64') }]);
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other sessions?' });
    await user.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out all others' }));

    expect(await screen.findByText('Signed out of 2 other sessions.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/user/sessions')).toBe(true);
    expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();
  });

  it('disables "Sign out of all other sessions" when there are none', async () => {
    sessionServer([current]);
    renderPanel();
    expect(await screen.findByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled();
    expect(screen.getByText('You are not signed in anywhere else.')).toBeInTheDocument();
  });

  it('shows the server message when ending a session fails, and refreshes the list', async () => {
    const calls = sessionServer([current, phone], (call) =>
      call.method === 'DELETE' ? jsonResponse({ error: { code: 'not_found', message: 'Session not found.' } }, { status: 404 }) : undefined,
    );
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iPhone/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Session not found.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/user/sessions').length).toBeGreaterThanOrEqual(2);
  });

  it('offers Retry when the list fails to load', async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Boom.' } }, { status: 500 }) : jsonResponse([current])));
    const { user } = renderPanel();
    expect(await screen.findByText('We could not load your sessions.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Firefox on Linux')).toBeInTheDocument();
  });
});
