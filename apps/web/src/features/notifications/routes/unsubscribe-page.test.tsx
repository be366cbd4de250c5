import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { UnsubscribePage } from './unsubscribe-page';

const TOKEN = 'v1.42.stage_changes.c2lnbmF0dXJl';
const described = (email: boolean) => jsonResponse({ unsubscribe: { event_type: 'stage_changes', label: 'Stage changes', email } });
const invalidToken = () =>
  jsonResponse({ error: { code: 'invalid_token', message: 'This unsubscribe link is not valid.', fields: { token: 'This unsubscribe link is not valid.' } } }, { status: 422 });

/** Under StrictMode, as in development: effects run twice, and still nothing is unsubscribed on load. */
const renderPage = (url: string) =>
  renderRoutes(
    [
      { path: '/unsubscribe', element: <UnsubscribePage /> },
      { path: '/profile', element: <p>Profile page</p> },
    ],
    { initialEntries: [url], strictMode: true },
  );

const posts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'POST');

afterEach(() => clearSession());

describe('/unsubscribe (issue 18 item 4)', { timeout: 15_000 }, () => {
  it('asks first, without changing anything on load, then unsubscribes on the button and confirms', async () => {
    let email = true;
    const calls = stubFetch(({ method }) => {
      if (method === 'POST') email = false;
      return described(email);
    });
    const { user } = renderPage(`/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stop emailing you about Stage changes?' })).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
    expect(calls[0]?.url.pathname).toBe('/api/unsubscribe');
    expect(calls[0]?.url.searchParams.get('token')).toBe(TOKEN);
    expect(screen.getByRole('link', { name: 'Manage all email preferences' })).toHaveAttribute('href', '/profile#notifications');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You will no longer get Stage changes emails.');
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]?.url.searchParams.get('token')).toBe(TOKEN);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage all email preferences' })).toHaveAttribute('href', '/profile#notifications');
  });

  it('sends no bearer token, even when signed in: the link is the authority', async () => {
    saveSession('jwt', buildUser());
    const calls = stubFetch(() => described(true));
    const { user } = renderPage(`/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    await screen.findByText('You will no longer get Stage changes emails.');
    expect(posts(calls)).toHaveLength(1);
    expect(calls.every((call) => !call.headers.has('Authorization'))).toBe(true);
  });

  it('says so when that email is already off, with no button', async () => {
    const calls = stubFetch(() => described(false));
    renderPage(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Already unsubscribed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You already do not get Stage changes emails.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage all email preferences' })).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('explains a link without a token, and calls nothing', () => {
    const calls = stubFetch(() => described(true));
    renderPage('/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is incomplete.');
    expect(screen.getByRole('link', { name: 'Manage all email preferences' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('explains an invalid link (422), with no Retry', async () => {
    stubFetch(invalidToken);
    renderPage('/unsubscribe?token=tampered');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid. It may be incomplete or changed.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage all email preferences' })).toBeInTheDocument();
  });

  it('offers Retry when the server cannot be reached, and then asks', async () => {
    let reachable = false;
    stubFetch(() => (reachable ? described(true) : Promise.reject(new TypeError('Failed to fetch'))));
    const { user } = renderPage(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByText('We could not check this unsubscribe link.')).toBeInTheDocument();
    reachable = true;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Unsubscribe' })).toBeInTheDocument();
  });

  it('keeps the button when unsubscribing fails, so a second press retries', async () => {
    let failPost = true;
    const calls = stubFetch(({ method }) => {
      if (method === 'POST' && failPost) return Promise.reject(new TypeError('Failed to fetch'));
      return described(method !== 'POST');
    });
    const { user } = renderPage(`/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not unsubscribe you. Please try again.');
    failPost = false;
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will no longer get Stage changes emails.')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(2);
  });

  it('explains an invalid link when the button is refused with 422', async () => {
    stubFetch(({ method }) => (method === 'POST' ? invalidToken() : described(true)));
    const { user } = renderPage(`/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid.');
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('leads to the Notifications section of the profile', async () => {
    stubFetch(() => described(true));
    const { user, router } = renderPage(`/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('link', { name: 'Manage all email preferences' }));
    await waitFor(() => expect(router.state.location).toMatchObject({ pathname: '/profile', hash: '#notifications' }));
  });
});
