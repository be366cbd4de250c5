import { screen, within } from '@testing-library/react';
import type { AdminAnalytics, UserAnalytics } from '@sunin/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { AdminAnalyticsPage } from './admin-analytics-page';
import { AnalyticsPage } from './analytics-page';

const months = ['2025-01', '2025-02', '2025-03'];
const range = { from: '2025-01-01', to: '2025-03-31', months };
const stages = ['Project Initiation', 'Presentation Ready', 'Financing and Documentation', 'Site Survey and Finalization', 'Project Completion'] as const;

function userAnalytics(overrides: Partial<UserAnalytics> = {}): UserAnalytics {
  return {
    range,
    advanced: true,
    projects_by_stage: [...stages, 'Archived' as const].map((stage, index) => ({ stage, count: index === 2 ? 3 : 0 })),
    projects_per_month: months.map((month, index) => ({ month, count: index === 0 ? 3 : 0 })),
    days_in_stage: stages.slice(0, 4).map((stage, index) => ({ stage, stays: index === 0 ? 2 : 0, average_days: index === 0 ? 6.5 : null })),
    proposal_turnaround: { clocks: 4, stopped: 3, on_time: 2, late: 2, pending: 0, median_hours: 36, on_time_share: 0.5 },
    pipeline_by_stage: stages.map((stage, index) => ({ stage, projects: index === 2 ? 1 : 0, contract_value_usd: index === 2 ? 20000.5 : 0 })),
    earnings_by_month: months.map((month, index) => ({ month, expected_usd: 0, approved_usd: 0, paid_usd: index === 2 ? -50.25 : 0, total_usd: index === 2 ? -50.25 : 0 })),
    ...overrides,
  };
}

let saved: Blob[] = [];
/** The saved file's text, byte order mark included (jsdom's Blob has no text()). */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
beforeEach(() => {
  saved = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (saved.push(blob), 'blob:analytics')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('/analytics', () => {
  it("asks for the URL's range and shows the advanced set with tables and CSV downloads", async () => {
    const calls = stubFetch(() => jsonResponse(userAnalytics()));
    const { user } = renderRoutes([{ path: '/analytics', element: <AnalyticsPage /> }], { initialEntries: ['/analytics?from=2025-01-01&to=2025-03-31'] });
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    const byStage = await screen.findByRole('region', { name: 'Projects by stage' });
    expect(calls[0]!.url.pathname).toBe('/api/user/analytics');
    expect(calls[0]!.url.search).toBe('?from=2025-01-01&to=2025-03-31');
    expect(screen.getByText(/Jan 2025 to Mar 2025/)).toBeInTheDocument();

    await user.click(within(byStage).getByText('Show as a table'));
    const table = within(byStage).getByRole('table', { name: 'Projects by stage' });
    expect(within(table).getByRole('rowheader', { name: 'Financing and Documentation' }).closest('tr')).toHaveTextContent('Financing and Documentation3');

    const turnaround = screen.getByRole('region', { name: /Proposal turnaround/ });
    expect(within(turnaround).getByText('Median turnaround').parentElement).toHaveTextContent('36 h');
    expect(within(turnaround).getByText('On time').parentElement).toHaveTextContent('50 %2 of 4 within 48 hours');

    const pipeline = screen.getByRole('region', { name: 'Pipeline value by stage' });
    await user.click(within(pipeline).getByText('Show as a table'));
    expect(within(pipeline).getByRole('rowheader', { name: 'Financing and Documentation' }).closest('tr')).toHaveTextContent('1$20,000.50');

    const earnings = screen.getByRole('region', { name: 'Earnings by month' });
    await user.click(within(earnings).getByRole('button', { name: 'Download CSV: Earnings by month' }));
    expect(saved).toHaveLength(1);
    expect(await textOf(saved[0]!)).toBe(
      '\uFEFFMonth,Expected (USD),Approved (USD),Paid (USD),Total (USD)\r\n2025-01,0,0,0,0\r\n2025-02,0,0,0,0\r\n2025-03,0,0,-50.25,-50.25\r\n',
    );
  });

  it('shows the basic set to a referral partner, with empty states', async () => {
    stubFetch(() =>
      jsonResponse(
        userAnalytics({
          advanced: false,
          pipeline_by_stage: null,
          earnings_by_month: null,
          projects_by_stage: userAnalytics().projects_by_stage.map((row) => ({ ...row, count: 0 })),
        }),
      ),
    );
    renderRoutes([{ path: '/analytics', element: <AnalyticsPage /> }], { initialEntries: ['/analytics'] });
    const byStage = await screen.findByRole('region', { name: 'Projects by stage' });
    expect(within(byStage).getByText('No projects created in this range.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Average days in each stage' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pipeline value by stage' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Earnings by month' })).not.toBeInTheDocument();
  });

  it('keeps the range in the URL, refuses a reversed one, and offers Retry when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = false;
    const calls = stubFetch(() => (fail ? jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 }) : jsonResponse(userAnalytics())));
    const { user, router } = renderRoutes([{ path: '/analytics', element: <AnalyticsPage /> }], { initialEntries: ['/analytics'] });
    await screen.findByRole('region', { name: 'Projects by stage' });
    expect(calls[0]!.url.search).toBe('');

    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    expect(from).toHaveValue('2025-01-01');
    await user.clear(from);
    await user.type(from, '2025-04-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('from must be on or before to.');
    expect(router.state.location.search).toBe('');

    await user.clear(from);
    await user.type(from, '2025-02-01');
    await user.clear(to);
    await user.type(to, '2025-02-28');
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(router.state.location.search).toBe('?from=2025-02-01&to=2025-02-28');
    expect(await screen.findByText('The analytics could not be loaded.')).toBeInTheDocument();
    expect(calls.at(-1)!.url.search).toBe('?from=2025-02-01&to=2025-02-28');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Projects by stage' })).toBeInTheDocument();
  });
});

const adminAnalytics: AdminAnalytics = {
  range,
  funnel: stages.map((stage, index) => ({ stage, reached: [8, 6, 2, 1, 1][index] ?? 0, conversion: [null, 0.75, 0.3333, 0.5, 1][index] ?? null })),
  archived: 2,
  days_in_stage: stages.slice(0, 4).map((stage) => ({ stage, stays: 1, average_days: 15 })),
  proposal_turnaround: { clocks: 6, stopped: 5, on_time: 3, late: 3, pending: 0, median_hours: 48, on_time_share: 0.5 },
  projects_per_month: months.map((month) => ({ month, referral_partner: 1, sales_partner: 2, enterprize_partner: 0, other: 0, total: 3 })),
  new_partners_per_month: months.map((month) => ({ month, referral_partner: 0, sales_partner: 0, enterprize_partner: 0, other: 0, total: 0 })),
  subscriptions: { monthly: 1, yearly: 2, trialing: 1, mrr_usd: 362.17 },
  top_partners_by_projects: [{ user_id: 7, name: '=cmd|calc', account_type: 'sales_partner', projects: 3, pipeline_value_usd: 120000.5 }],
  top_partners_by_pipeline: [],
};

describe('/admin/analytics', () => {
  it('shows the funnel, subscriptions and top partners, with a CSV that neutralises formulas', async () => {
    const calls = stubFetch(({ url }) => jsonResponse(url.pathname === '/api/admin/analytics/referral-funnel' ? { rows: [] } : adminAnalytics));
    const { user } = renderRoutes([{ path: '/admin/analytics', element: <AdminAnalyticsPage /> }], { initialEntries: ['/admin/analytics?from=2025-01-01&to=2025-03-31'] });
    const funnel = await screen.findByRole('region', { name: 'Stage funnel' });
    expect(calls[0]!.url.pathname).toBe('/api/admin/analytics');
    expect(within(funnel).getByText(/2 archived in the range/)).toBeInTheDocument();
    await user.click(within(funnel).getByText('Show as a table'));
    expect(within(funnel).getByRole('rowheader', { name: 'Financing and Documentation' }).closest('tr')).toHaveTextContent('Financing and Documentation233.3 %');

    const subscriptions = screen.getByRole('region', { name: 'Subscriptions now' });
    expect(within(subscriptions).getByText('Monthly recurring revenue').parentElement).toHaveTextContent('$362.17');
    expect(within(subscriptions).getByText('Active yearly').parentElement).toHaveTextContent('2');

    const newPartners = screen.getByRole('region', { name: 'New partners per month' });
    expect(within(newPartners).getByText('No new accounts in this range.')).toBeInTheDocument();

    const top = screen.getByRole('region', { name: 'Top partners by projects' });
    expect(within(top).getByRole('link', { name: '=cmd|calc' })).toHaveAttribute('href', '/admin/all-users/7');
    await user.click(within(top).getByRole('button', { name: 'Download CSV: Top partners by projects' }));
    expect(await textOf(saved[0]!)).toBe('\uFEFFPartner,Plan,Projects,Pipeline (USD)\r\n\'=cmd|calc,Sales Partner,3,120000.5\r\n');
    expect(within(screen.getByRole('region', { name: 'Top partners by pipeline value' })).getByText('No partner projects in this range.')).toBeInTheDocument();
    // Issue 39 item 5: the referral funnel, from its own endpoint.
    expect(within(await screen.findByRole('region', { name: 'Referral funnel' })).getByText('No partner has had a click or a lead yet.')).toBeInTheDocument();
  });

  it("says why when the server refuses the URL's range", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubFetch(() => jsonResponse({ error: { code: 'validation_failed', message: 'The range is at most 60 months (5 years).', fields: { from: 'The range is at most 60 months (5 years).' } } }, { status: 422 }));
    renderRoutes([{ path: '/admin/analytics', element: <AdminAnalyticsPage /> }], { initialEntries: ['/admin/analytics?from=2001-01-01&to=2025-01-01'] });
    expect(await screen.findByText('The range is at most 60 months (5 years).')).toBeInTheDocument();
  });
});
