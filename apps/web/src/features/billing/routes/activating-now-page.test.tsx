import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { createTestQueryClient, jsonResponse, stubFetch } from '../../../lib/test-utils';
import { ACTIVATION_TIPS } from '../components/activation-tips';
import { ActivatingNowPage } from './activating-now-page';

const TIMEOUT_TEXT = 'Sorry, this is taking longer than expected. Please reach out to our customer support team at support@sunin.example';

const sales = buildUser({ account_type: 'sales_partner', subscription_status: null });
const active = buildUser({ account_type: 'sales_partner', subscription_status: 'active' });

/** Renders the page with fake timers; the profile answers `answers[n]` for the n-th poll (the last one after that). */
function renderActivation(answers: Array<typeof sales>) {
  const calls = stubFetch(({ url }) => {
    const polls = calls.filter((call) => call.url.pathname === '/api/user/profile').length;
    if (url.pathname !== '/api/user/profile') return jsonResponse({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
    return jsonResponse(answers[Math.min(polls, answers.length) - 1]);
  });
  saveSession('jwt', sales);
  const router = createMemoryRouter(
    [
      { path: '/activating-now', element: <ActivatingNowPage /> },
      { path: '/home', element: <p>Home page</p> },
    ],
    { initialEntries: ['/activating-now'] },
  );
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const polls = () => calls.filter((call) => call.url.pathname === '/api/user/profile').length;
  return { polls, router };
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('/activating-now (member-app.md 9: 6 s minimum, 3 s polls, 30 s timeout, tips every 3 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls the profile at once and every 3 seconds, rotating the tips every 3 seconds', async () => {
    const { polls } = renderActivation([sales]);
    await advance(0);
    expect(polls()).toBe(1);
    expect(screen.getByText(ACTIVATION_TIPS[0])).toBeInTheDocument();
    await advance(2999);
    expect(polls()).toBe(1);
    expect(screen.getByText(ACTIVATION_TIPS[0])).toBeInTheDocument();
    await advance(1);
    expect(polls()).toBe(2);
    expect(screen.getByText(ACTIVATION_TIPS[1])).toBeInTheDocument();
    await advance(3000);
    expect(polls()).toBe(3);
    expect(screen.getByText(ACTIVATION_TIPS[2])).toBeInTheDocument();
  });

  it('shows success no sooner than 6 seconds, even when the account is active at once, then offers /home', async () => {
    const { polls, router } = renderActivation([active]);
    await advance(0);
    expect(polls()).toBe(1);
    await advance(5999);
    expect(screen.getByRole('heading', { name: 'Activating your account…' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Go to Home' })).not.toBeInTheDocument();
    // Active already: no further polls.
    expect(polls()).toBe(1);
    await advance(1);
    expect(screen.getByRole('heading', { name: 'Your account is active!' })).toBeInTheDocument();
    const home = screen.getByRole('link', { name: 'Go to Home' });
    expect(home).toHaveAttribute('href', '/home');
    await act(async () => {
      home.click();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows success at the poll that finds the account active after the minimum', async () => {
    const { polls } = renderActivation([sales, sales, sales, sales, active]);
    await advance(9000);
    expect(polls()).toBe(4);
    expect(screen.queryByText('Your account is active!')).not.toBeInTheDocument();
    await advance(3000);
    expect(polls()).toBe(5);
    expect(screen.getByRole('heading', { name: 'Your account is active!' })).toBeInTheDocument();
  });

  it('needs a sales partner whose subscription_status is active', async () => {
    renderActivation([buildUser({ account_type: 'referral_partner', subscription_status: 'active' }), buildUser({ account_type: 'sales_partner', subscription_status: 'pending_cancelation' })]);
    await advance(12_000);
    expect(screen.queryByText('Your account is active!')).not.toBeInTheDocument();
  });

  it('gives up after 30 seconds with the support address, and stops polling', async () => {
    const { polls } = renderActivation([sales]);
    await advance(29_999);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await advance(1);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(TIMEOUT_TEXT);
    expect(alert.textContent).toBe(TIMEOUT_TEXT);
    expect(screen.getByRole('link', { name: 'support@sunin.example' })).toHaveAttribute('href', 'mailto:support@sunin.example');
    const count = polls();
    await advance(9000);
    expect(polls()).toBe(count);
  });

  it('keeps waiting through a failed poll', async () => {
    const calls = stubFetch(() => (calls.length === 1 ? jsonResponse({ error: { code: 'internal', message: 'x' } }, { status: 500 }) : jsonResponse(active)));
    saveSession('jwt', sales);
    const router = createMemoryRouter([{ path: '/activating-now', element: <ActivatingNowPage /> }], { initialEntries: ['/activating-now'] });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    await advance(0);
    await advance(3000);
    expect(calls).toHaveLength(2);
    expect(screen.queryByText('Your account is active!')).not.toBeInTheDocument();
    await advance(3000);
    expect(calls).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Your account is active!' })).toBeInTheDocument();
  });
});
