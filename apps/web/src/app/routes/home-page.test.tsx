import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session';
import { buildProject, buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../lib/test-utils';
import { routes } from '../router';

function renderHome(handler: (call: FetchCall) => Response, me = buildUser()) {
  saveSession('jwt', me);
  const calls = stubFetch((call) => (call.url.pathname === '/api/user/profile' ? jsonResponse(me) : handler(call)));
  return { calls, ...renderRoutes(routes, { initialEntries: ['/home'] }) };
}

describe('home (member-app.md 2 "Home")', () => {
  it('shows a banner with "Resend verification email" while the address is unverified, and none once verified (issue 34 item 7)', async () => {
    const unverified = buildUser({ email: 'ana@example.com', email_verified_at: null });
    const { calls, user } = renderHome(({ url }) =>
      url.pathname === '/api/user/verification_email' ? jsonResponse({ message: 'We sent a new verification link to ana@example.com.' }) : jsonResponse([]),
      unverified,
    );
    const banner = await screen.findByRole('region', { name: 'Please confirm your email address' });
    expect(banner).toHaveTextContent('ana@example.com');
    await user.click(within(banner).getByRole('button', { name: 'Resend verification email' }));
    expect(await within(banner).findByText('We sent a new verification link to ana@example.com.')).toBeInTheDocument();
    expect(calls.filter((call) => call.url.pathname === '/api/user/verification_email').map((call) => call.method)).toEqual(['POST']);
  });

  it('shows no verification banner to a verified member', async () => {
    renderHome(() => jsonResponse([]), buildUser({ email_verified_at: '2026-11-01T10:00:00.000Z' }));
    expect(await screen.findByText('Welcome, Ana!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Please confirm your email address' })).not.toBeInTheDocument();
  });

  it("lists the 10 most recently updated projects with stage badges, linking to each and to /projects", async () => {
    const projects = [
      buildProject({ id: 12, company_name: 'Sunny Foods', project_stage: 'Presentation Ready' }),
      buildProject({ id: 9, company_name: 'Old Mill', project_stage: 'Archived' }),
    ];
    const { calls, user, router } = renderHome(({ url }) =>
      url.pathname === '/api/projects/statistics'
        ? jsonResponse({ scope: 'own', total: 14, working: 11, archived: 3, by_stage: {} })
        : jsonResponse(projects, { headers: { 'X-Total-Count': '2' } }),
    );

    const card = await screen.findByRole('region', { name: 'Recent Projects' });
    const rows = await within(card).findAllByRole('link', { name: /#\d+/ });
    expect(rows.map((row) => row.getAttribute('href'))).toEqual(['/projects/12', '/projects/9']);
    expect(within(rows[0]!).getByText('Sunny Foods')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Presentation Ready').className).toContain('brand');
    expect(within(rows[1]!).getByText('Archived').className).toContain('danger');
    expect(within(card).getByRole('link', { name: 'View all projects' })).toHaveAttribute('href', '/projects');
    const list = calls.find((call) => call.url.pathname === '/api/projects');
    expect(list?.url.searchParams.get('per_page')).toBe('10');
    expect(card.querySelector('[style]')).toHaveStyle({ height: '250px' });

    const statistic = screen.getByRole('region', { name: 'Projects statistic' });
    expect(await within(statistic).findByText('14')).toBeInTheDocument();
    expect(within(statistic).getByText('11')).toBeInTheDocument();
    expect(within(statistic).getByText('3')).toBeInTheDocument();
    expect(within(statistic).getByText('Your projects')).toBeInTheDocument();

    await user.click(rows[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects/12'));
  });

  it("says 'No Projects Yet' without projects", async () => {
    renderHome(({ url }) =>
      url.pathname === '/api/projects/statistics' ? jsonResponse({ scope: 'own', total: 0, working: 0, archived: 0, by_stage: {} }) : jsonResponse([]),
    );
    const card = await screen.findByRole('region', { name: 'Recent Projects' });
    expect(await within(card).findByText('No Projects Yet')).toBeInTheDocument();
  });

  it('says a failed project list failed, with Retry, never "No Projects Yet" (issue 34 item 7); no statistic', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderHome(() => jsonResponse({ error: { code: 'internal', message: 'Down.' } }, { status: 500 }));
    expect(await screen.findByText('Welcome, Ana!')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Recent Projects' });
    const alert = await within(card).findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent('Your projects could not be loaded.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(card).queryByText('No Projects Yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Projects statistic' })).not.toBeInTheDocument();
    consoleError.mockRestore();
  });


  it("shows an administrator the company's figures and recent projects, opening in the admin area (issue 14 item 11)", async () => {
    const admin = buildUser({ account_type: 'admin', company_role: 'full_access_admin' });
    const { calls } = renderHome(({ url }) => {
      if (url.pathname === '/api/projects/statistics') return jsonResponse({ scope: 'company', total: 34, working: 30, archived: 4, by_stage: {} });
      if (url.pathname === '/api/admin/projects') return jsonResponse([buildProject({ id: 77, company_name: 'Harbor Cold Storage' })], { headers: { 'X-Total-Count': '34' } });
      return jsonResponse([]);
    }, admin);
    const statistic = await screen.findByRole('region', { name: 'Projects statistic' });
    expect(await within(statistic).findByText('34')).toBeInTheDocument();
    expect(within(statistic).getByText('All projects in the company')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Recent Projects' });
    const row = await within(card).findByRole('link', { name: /#77/ });
    expect(row).toHaveAttribute('href', '/admin/projects/77');
    expect(within(card).getByRole('link', { name: 'View all projects' })).toHaveAttribute('href', '/admin/all-projects');
    expect(within(card).queryByText('No Projects Yet')).not.toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/admin/projects')?.url.searchParams.get('per_page')).toBe('10');
    expect(calls.some((call) => call.url.pathname === '/api/projects')).toBe(false);
  });
});

const months = (counts: number[]) => counts.map((count, index) => ({ month: `2026-${String(index + 1).padStart(2, '0')}`, count }));
const turnaround = { clocks: 10, stopped: 9, on_time: 8, late: 1, pending: 1, median_hours: 30.5, on_time_share: 8 / 9 };

describe('home headline figures (issue 17)', () => {
  it("shows a partner's earnings and own analytics, each linking to its page", async () => {
    renderHome(({ url }) => {
      if (url.pathname === '/api/user/earnings') {
        return jsonResponse({ entries: [], totals: { expected_usd: 5940, approved_usd: 10260, paid_usd: 1000, payable_usd: 10260 }, share_rate: 0.2, minimum_payout_usd: 2500, share_ladder: { referral_partner: 0.2, sales_partner: 0.6, enterprize_partner: 0.7 }, payouts: [], next_tier: null, at_risk: { amount_usd: 0, until: null }, statements: [] });
      }
      if (url.pathname === '/api/user/analytics') {
        return jsonResponse({
          range: { from: '2026-01-01', to: '2026-11-23', months: [] },
          advanced: false,
          projects_by_stage: [{ stage: 'Project Completion', count: 2 }],
          projects_per_month: months([1, 0, 3]),
          days_in_stage: [],
          proposal_turnaround: turnaround,
          pipeline_by_stage: null,
          earnings_by_month: null,
        });
      }
      return jsonResponse([]);
    });
    const figures = await screen.findByRole('region', { name: 'Your figures' });
    const earned = await within(figures).findByRole('link', { name: /Earned\s*\$11,260\.00/ });
    expect(earned).toHaveAttribute('href', '/earnings');
    expect(earned).toHaveTextContent('$5,940.00 expected');
    expect(await within(figures).findByRole('link', { name: /Proposals on time\s*88\.9 %/ })).toHaveAttribute('href', '/analytics');
    // It says what it counts: projects created from the range's first day (issue 34 item 7).
    const created = within(figures).getByRole('link', { name: /Projects created\s*4/ });
    expect(created).toHaveTextContent('Your new projects since Jan 1, 2026; 2 of them now at Project Completion');
    expect(within(figures).queryByText('Projects this year')).not.toBeInTheDocument();
  });

  it("shows an administrator the company's figures, and a dash where a figure could not load", async () => {
    renderHome(({ url }) => (url.pathname === '/api/admin/analytics' ? jsonResponse({ error: { code: 'internal', message: 'Down.' } }, { status: 500 }) : jsonResponse([])), buildUser({ company_role: 'full_access_admin', account_type: 'admin' }));
    const figures = await screen.findByRole('region', { name: 'Company figures' });
    const revenue = within(figures).getByRole('link', { name: /Monthly recurring revenue/ });
    expect(revenue).toHaveAttribute('href', '/admin/analytics');
    await waitFor(() => expect(revenue).toHaveTextContent('–'));
    expect(revenue).toHaveTextContent('Could not be loaded');
  });
});
