import { screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_REFERRAL_SETTINGS, LEAD_MESSAGES, referralRules, type Lead, type LeadListResponse, type ReferralResponse } from '@sunin/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildLead, buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { ReferralsPage } from './referrals-page';

const referral: ReferralResponse = { code: 'k7m2q9xa', url: 'https://portal.example/r/k7m2q9xa', clicks: 42, leads: 5, converted: 2 };
const settings = { attribution_window_days: 60, registration_days: 45, max_open_registrations: 10 };

const converted = buildLead({
  id: 12,
  status: 'converted',
  company_name: 'Dockside Foods',
  expires_at: null,
  project: { id: 31, company_name: 'Dockside Foods', project_stage: 'Presentation Ready', expected_earning_usd: 1234.5 },
});
const rejected = buildLead({ id: 13, status: 'rejected', source: 'registration', company_name: 'Pier Bakery', expires_at: null, rejected_reason: 'Roof too small' });
const open = buildLead({ id: 11, status: 'new', company_name: 'Harbor Cold Storage', expires_at: '2027-03-06T10:00:00.000Z' });

const leadList = (leads: Lead[], overrides: Partial<LeadListResponse> = {}): LeadListResponse => ({ leads, settings, open_registrations: 3, ...overrides });

/** The Referrals API; `leads` is read on every GET, so a test can change what the server holds. */
function stubReferralsApi(state: { leads: Lead[] }, onPost?: (call: FetchCall) => Response) {
  return stubFetch((call) => {
    const { pathname } = call.url;
    if (pathname === '/api/user/referral') return jsonResponse(referral);
    if (pathname === '/api/user/referral/qr.svg') return new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' }));
    if (pathname === '/api/user/referral/qr.png') return new Response(new Blob(['png-bytes'], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } });
    if (pathname === '/api/user/leads' && call.method === 'POST') return onPost?.(call) ?? jsonResponse({}, { status: 500 });
    if (pathname === '/api/user/leads') return jsonResponse(leadList(state.leads));
    if (pathname === '/api/user/profile') return jsonResponse(buildUser({ id: 7 }));
    return jsonResponse([]);
  });
}

type User = ReturnType<typeof renderPage>['user'];

async function fillInSite(user: User, form: HTMLElement) {
  await user.type(within(form).getByLabelText('Company name'), 'Lakeside Motors');
  await user.type(within(form).getByLabelText('Site street address'), '9 Shore Dr');
  await user.type(within(form).getByLabelText('City'), 'Round Rock');
  await user.selectOptions(within(form).getByLabelText('State'), 'TX');
  await user.type(within(form).getByLabelText('ZIP code'), '78664');
}

const renderPage = () => renderRoutes([{ path: '/referrals', element: <ReferralsPage /> }], { initialEntries: ['/referrals'] });

beforeEach(() => {
  // jsdom has no object URLs: the downloads save through one.
  URL.createObjectURL = vi.fn(() => 'blob:qr-code');
  URL.revokeObjectURL = vi.fn();
});

describe('/referrals (issue 39 items 1, 3 and 4)', { timeout: 30_000 }, () => {
  it('shows the link with Copy, its QR code fetched with the token, the three counts and the rules in force', async () => {
    saveSession('jwt-partner', buildUser({ id: 7 }));
    const calls = stubReferralsApi({ leads: [] });
    const { user } = renderPage();
    // After user-event's setup, which puts a clipboard of its own in place.
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    expect(await screen.findByRole('heading', { level: 1, name: 'Referrals' })).toBeInTheDocument();
    const field = await screen.findByLabelText('Your referral link');
    expect(field).toHaveValue(referral.url);
    expect(field).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(referral.url);
    const copied = await screen.findByText('Link copied.');
    expect(copied).toHaveAttribute('role', 'status');

    const qr = await screen.findByRole('img', { name: `QR code of your referral link, ${referral.url}` });
    // A data: URL, which the page's CSP allows for images (a blob: URL it would block).
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const qrCall = calls.find((call) => call.url.pathname === '/api/user/referral/qr.png');
    expect(qrCall?.headers.get('Authorization')).toBe('Bearer jwt-partner');
    expect(screen.getByRole('button', { name: 'Download PNG' })).toBeInTheDocument();
    // A download is fetched with the token too (an <a href> would carry only the cookie), then saved from an object URL.
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Download SVG' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const saved = click.mock.contexts[0] as HTMLAnchorElement;
    expect(saved.download).toBe('sunin-referral-k7m2q9xa.svg');
    click.mockRestore();
    expect(calls.find((call) => call.url.pathname === '/api/user/referral/qr.svg')?.headers.get('Authorization')).toBe('Bearer jwt-partner');

    for (const [term, value] of [['Clicks', '42'], ['Leads', '5'], ['Converted', '2']] as const) {
      expect(screen.getByText(term, { selector: 'dt' }).parentElement).toHaveTextContent(value);
    }
    // The rules of the settings in force, not the defaults.
    for (const rule of referralRules(settings)) expect(await screen.findByText(rule)).toBeInTheDocument();
    expect(screen.queryByText(referralRules(DEFAULT_REFERRAL_SETTINGS)[1]!)).not.toBeInTheDocument();
    expect(screen.getByText('No leads yet')).toBeInTheDocument();
    expect(screen.getByText(/You hold 3 of 10 open registrations/)).toBeInTheDocument();
  });

  it("lists each lead's status, source, dates and reason, and a converted lead's project stage (linked) and expected earning", async () => {
    stubReferralsApi({ leads: [open, converted, rejected] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Your leads' });
    const [first, second, third] = within(list).getAllByRole('listitem');

    expect(first).toHaveTextContent('Harbor Cold Storage');
    expect(first).toHaveTextContent('500 Dock Rd, Austin, TX 78702');
    expect(within(first!).getByText('New')).toBeInTheDocument();
    expect(first).toHaveTextContent('Referral link');
    expect(first).toHaveTextContent('RegisteredDecember 6, 2026');
    expect(first).toHaveTextContent('ExpiresMarch 6, 2027');

    expect(within(second!).getByText('Converted')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Presentation Ready' })).toHaveAttribute('href', '/projects/31');
    expect(second).toHaveTextContent('Expected earning$1,234.50');
    expect(second).not.toHaveTextContent('Expires');

    expect(within(third!).getByText('Rejected')).toBeInTheDocument();
    expect(third).toHaveTextContent('Registered by the partner');
    expect(third).toHaveTextContent('Rejected becauseRoof too small');
  });

  it('shows a loading state, then an error with Retry when the leads cannot be read', async () => {
    let fail = true;
    stubFetch(({ url }) => {
      if (url.pathname === '/api/user/leads') return fail ? jsonResponse({ error: { code: 'internal', message: 'Boom' } }, { status: 500 }) : jsonResponse(leadList([open]));
      if (url.pathname === '/api/user/referral') return jsonResponse(referral);
      return new Response(new Blob(['png']));
    });
    const { user } = renderPage();
    expect(screen.getByRole('status', { name: 'Loading your leads…' })).toBeInTheDocument();
    expect(await screen.findByText('Your leads could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Your leads' })).toHaveTextContent('Harbor Cold Storage');
  });

  it('registers a lead: checked with the contract first, sent, then the list reads again', async () => {
    const state = { leads: [] as Lead[] };
    const calls = stubReferralsApi(state, (call) => {
      const body = call.body as { lead: Lead };
      const lead = buildLead({ ...body.lead, id: 20, source: 'registration' });
      state.leads = [lead];
      return jsonResponse(lead, { status: 201 });
    });
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Register a lead' });

    await user.click(within(form).getByRole('button', { name: 'Register lead' }));
    expect(within(form).getByLabelText('Company name')).toHaveAccessibleDescription('Give the company name.');
    expect(within(form).getByLabelText('ZIP code')).toHaveAccessibleDescription('The ZIP code is 5 digits (or ZIP+4).');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await fillInSite(user, form);
    await user.click(within(form).getByRole('button', { name: 'Register lead' }));

    expect(await within(form).findByText('Lakeside Motors is registered to you.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ lead: { company_name: 'Lakeside Motors', address_1: '9 Shore Dr', city: 'Round Rock', state: 'TX', zip: '78664' } });
    expect(await screen.findByRole('list', { name: 'Your leads' })).toHaveTextContent('Lakeside Motors');
    expect(within(form).getByLabelText('Company name')).toHaveValue('');
  });

  it.each([
    ['a site someone holds (409 site_taken)', 409, 'site_taken', LEAD_MESSAGES.site_registered, { conflict: 'site_registered' }],
    ['a site already a project (409 site_taken)', 409, 'site_taken', LEAD_MESSAGES.site_is_project, { conflict: 'site_is_project' }],
    ['the limit of open registrations (422 registration_limit)', 422, 'registration_limit', LEAD_MESSAGES.registrationLimit(10), undefined],
  ])('shows the refusal of %s as the server says it, keeping what was typed', async (_what, status, code, message, fields) => {
    stubReferralsApi({ leads: [] }, () => jsonResponse({ error: { code, message, ...(fields ? { fields } : {}) } }, { status }));
    const { user } = renderPage();
    const form = await screen.findByRole('form', { name: 'Register a lead' });
    await fillInSite(user, form);
    await user.click(within(form).getByRole('button', { name: 'Register lead' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
    expect(within(form).getByLabelText('Company name')).toHaveValue('Lakeside Motors');
  });
});
