import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../../lib/test-utils';
import { publicShareQueryOptions, PUBLIC_SHARE_REFRESH_MS } from '../api/get-public-share';
import { buildGone, buildPublicShare, buildSignedShare, TOKEN } from '../share-fixtures';
import { CustomerSharePage } from './customer-share-page';

function renderPage(token = TOKEN) {
  return renderRoutes([{ path: '/p/:token', element: <CustomerSharePage /> }], { initialEntries: [`/p/${token}`] });
}

const metaContent = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;

describe('the customer page /p/:token (issue 36 item 2)', () => {
  it('shows the partner, the customer, the current proposal, earlier versions, the estimate, financing and the next steps', async () => {
    const calls = stubFetch(() => jsonResponse(buildPublicShare()));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Proposal for Acme Foods' })).toBeInTheDocument();
    expect(screen.getByText('100 Main St, Austin, TX 78701')).toBeInTheDocument();
    expect(screen.getByText('Prepared for Dana Owner')).toBeInTheDocument();

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('img', { name: 'SunIn' })).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Bright Solar LLC logo' })).toHaveAttribute('src', `/api/public/shares/${TOKEN}/logo`);
    expect(within(header).getByText('Ana Lopez')).toBeInTheDocument();
    expect(within(header).getByText('Bright Solar LLC')).toBeInTheDocument();
    expect(within(header).getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:5125550100');
    expect(within(header).getByRole('link', { name: 'ana@bright.example' })).toHaveAttribute('href', 'mailto:ana@bright.example');

    const proposal = screen.getByRole('region', { name: 'Your proposal' });
    expect(within(proposal).getByText('Version 2, delivered November 20, 2026')).toBeInTheDocument();
    const link = within(proposal).getByRole('link', { name: /Design proposal/ });
    expect(link).toHaveAttribute('href', 'https://docs.example/proposal-v2.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(proposal).getByText(/Version 1 \(superseded\)/)).toBeInTheDocument();

    const estimate = screen.getByRole('region', { name: 'Your savings estimate' });
    for (const [term, value] of [
      ['System size', '67.5 kW DC'],
      ['Annual production', '108,000 kWh'],
      ['Cost', '$141,750'],
      ['Net cost', '$99,225'],
      ['First-year savings', '$19,440'],
      ['Payback', '4.86 years'],
      ['Net present value', '$34,123'],
      ['Internal rate of return', '12.34 %'],
    ]) {
      expect(within(estimate).getByText(term!, { selector: 'dt' }).nextElementSibling).toHaveTextContent(value!);
    }
    expect(within(estimate).getByText(/Federal tax credit \(30 %\)/).nextElementSibling).toHaveTextContent('$42,525');
    const financing = within(estimate).getByRole('table', { name: 'Financing options' });
    expect(within(financing).getByRole('row', { name: /10 years/ })).toHaveTextContent('8.99 %$1,794.86');
    expect(within(estimate).getByRole('table', { name: 'Monthly bills before and after solar' })).toBeInTheDocument();
    expect(within(estimate).getByText(/What this estimate assumes/)).toBeInTheDocument();
    expect(within(estimate).getByText('Cost per watt:')).toBeInTheDocument();

    const steps = screen.getByRole('region', { name: 'What happens next' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Getting started',
      'Proposal ready',
      'Financing and paperwork',
      'Site survey and final design',
      'Installed',
    ]);
    expect(screen.getByRole('region', { name: 'Accept and sign' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Request changes' })).toBeInTheDocument();

    // Never indexed, no referrer; one public call with no session involved.
    expect(metaContent('robots')).toBe('noindex, nofollow');
    expect(metaContent('referrer')).toBe('no-referrer');
    expect(document.title).toBe('Proposal for Acme Foods · SunIn');
    expect(calls.map((call) => call.url.pathname)).toEqual([`/api/public/shares/${TOKEN}`]);
  });

  it("sends no session token even when a partner is signed in, and a 401 does not send them to /login", async () => {
    saveSession('jwt-of-a-partner', buildUser());
    const calls = stubFetch(() => jsonResponse({ error: { code: 'unauthorized', message: 'Sign in.' } }, { status: 401 }));
    const { router } = renderPage();
    expect(await screen.findByRole('heading', { name: 'The proposal could not be loaded' })).toBeInTheDocument();
    expect(calls.every((call) => !call.headers.has('Authorization'))).toBe(true);
    expect(router.state.location.pathname).toBe(`/p/${TOKEN}`);
  });

  it('says the proposal is being prepared before the first delivery, and offers no signature yet', async () => {
    stubFetch(() => jsonResponse(buildPublicShare({ proposal: null, superseded: [] })));
    renderPage();
    const proposal = await screen.findByRole('region', { name: 'Your proposal' });
    expect(within(proposal).getByText(/Your proposal is being prepared/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign proposal' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Request changes' })).toBeInTheDocument();
  });

  it('becomes the status page once signed: who signed, the download, the stages with dates', async () => {
    stubFetch(() => jsonResponse(buildSignedShare()));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Signed on November 27, 2026 by Dana Owner' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download the signed proposal' })).toHaveAttribute('href', `/api/public/shares/${TOKEN}/signature/document`);
    const status = screen.getByRole('region', { name: 'Where your project is' });
    const items = within(status).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('(Done)');
    expect(items[2]).toHaveAttribute('aria-current', 'step');
    expect(items[2]).toHaveTextContent('Current step since November 27, 2026');
    expect(items[3]).toHaveTextContent(/Expected around \w+ \d+, 2026|Expected around \w+ \d+, 2027/);
    expect(items[4]).toHaveTextContent(/Expected around/);
    expect(screen.queryByRole('region', { name: 'Accept and sign' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Request changes' })).not.toBeInTheDocument();
  });

  it('says when a newer version was delivered after the signature: it needs a new link and signature', async () => {
    const signed = buildSignedShare();
    stubFetch(() => jsonResponse(buildSignedShare({ signature: { ...signed.signature!, proposal_version: 1 } })));
    renderPage();
    expect(await screen.findByText(/Version 2 of the proposal was delivered after you signed version 1/)).toBeInTheDocument();
  });

  it('says plainly when a signed project is archived', async () => {
    stubFetch(() => jsonResponse(buildSignedShare({ archived: true, stage: 'Archived' })));
    renderPage();
    const status = await screen.findByRole('region', { name: 'Where your project is' });
    expect(within(status).getByText(/This project is no longer active/)).toBeInTheDocument();
    expect(within(status).queryByRole('list')).not.toBeInTheDocument();
  });

  it.each([
    ['expired', 'This link has expired'],
    ['revoked', 'This link was withdrawn'],
  ] as const)('a %s link (410) says so, with the partner to ask for a new one', async (reason, title) => {
    const calls = stubFetch(() => jsonResponse(buildGone(reason), { status: 410 }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText('Ask Ana Lopez at Bright Solar LLC for a new link.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ana@bright.example' })).toHaveAttribute('href', 'mailto:ana@bright.example');
    expect(screen.getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:5125550100');
    expect(metaContent('robots')).toBe('noindex, nofollow');
    // Gone stays gone: asked once, not retried.
    expect(calls).toHaveLength(1);
  });

  it('an unknown link (404) is "not valid"; a malformed one is not even asked for', async () => {
    const calls = stubFetch(() => jsonResponse({ error: { code: 'not_found', message: 'This link is not valid.' } }, { status: 404 }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('does not call the server for a token that cannot be one', async () => {
    const calls = stubFetch(() => jsonResponse(buildPublicShare()));
    renderPage('short');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is not valid' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('refreshes every 30 seconds while the link works (no websocket for customers), and stops once gone', () => {
    const interval = publicShareQueryOptions(TOKEN).refetchInterval as (query: { state: { error: unknown } }) => number | false;
    expect(PUBLIC_SHARE_REFRESH_MS).toBe(30_000);
    expect(interval({ state: { error: null } })).toBe(30_000);
    expect(interval({ state: { error: new (class extends Error {})() } })).toBe(30_000);
    expect(publicShareQueryOptions(TOKEN).refetchOnWindowFocus).toBe(true);
  });

  it('shows a stage moved by an admin on the next refresh', async () => {
    let share = buildSignedShare();
    stubFetch(() => jsonResponse(share));
    const { queryClient } = renderPage();
    const status = await screen.findByRole('region', { name: 'Where your project is' });
    expect(within(status).getAllByRole('listitem')[2]).toHaveAttribute('aria-current', 'step');
    share = buildSignedShare({ stage: 'Site Survey and Finalization', stages: buildSignedShare().stages.map((stage, index) => ({ ...stage, state: index < 3 ? 'done' : index === 3 ? 'current' : 'next', entered_at: index === 3 ? '2026-12-02T10:00:00.000Z' : stage.entered_at })) });
    await queryClient.refetchQueries({ queryKey: ['public-share', TOKEN] });
    await waitFor(() => expect(within(status).getAllByRole('listitem')[3]).toHaveAttribute('aria-current', 'step'));
  });
});
