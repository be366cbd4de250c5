import { adapters } from '@rails/actioncable';
import { screen, waitFor, within } from '@testing-library/react';
import type { Lead, LeadListResponse, ReferralResponse } from '@sunin/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { disconnectCable } from '../../lib/cable';
import { FakeCableSocket } from '../../lib/fake-cable-socket';
import { clearSession, saveSession } from '../../lib/session';
import { buildLead, buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';

/*
 * Issue 39 item 4 through the real member shell: its one socket re-reads the Referrals page's
 * queries on leads_changed and on every new notification (a converted lead's project moving on).
 */
const referral: ReferralResponse = { code: 'k7m2q9xa', url: 'https://portal.example/r/k7m2q9xa', clicks: 1, leads: 1, converted: 0 };
const settings = { attribution_window_days: 90, registration_days: 90, max_open_registrations: 25 };
const open = buildLead({ id: 11, status: 'new', company_name: 'Harbor Cold Storage' });
const converted = buildLead({
  id: 11,
  status: 'converted',
  company_name: 'Harbor Cold Storage',
  expires_at: null,
  project: { id: 31, company_name: 'Harbor Cold Storage', project_stage: 'Presentation Ready', expected_earning_usd: 1234.5 },
});

function stubReferralsApi(state: { leads: Lead[] }) {
  return stubFetch(({ url }) => {
    if (url.pathname === '/api/user/referral') return jsonResponse(referral);
    if (url.pathname === '/api/user/referral/qr.png') return new Response(new Blob(['png'], { type: 'image/png' }));
    if (url.pathname === '/api/user/leads') return jsonResponse({ leads: state.leads, settings, open_registrations: 1 } satisfies LeadListResponse);
    if (url.pathname === '/api/user/profile') return jsonResponse(buildUser({ id: 7 }));
    return jsonResponse([]);
  });
}

describe('/referrals live (issue 39 item 4)', { timeout: 30_000 }, () => {
  const realSocket = adapters.WebSocket;
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:qr-code');
    URL.revokeObjectURL = vi.fn();
    FakeCableSocket.all = [];
    adapters.WebSocket = FakeCableSocket as unknown as typeof WebSocket;
    saveSession('jwt', buildUser({ id: 7 }));
  });
  afterEach(() => {
    disconnectCable();
    clearSession();
    adapters.WebSocket = realSocket;
  });

  /** The open page's socket, connected and subscribed; `send` delivers a message on the user's channel. */
  async function connectedSocket() {
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const socket = FakeCableSocket.latest();
    socket.serverOpens();
    await waitFor(() => expect(socket.sent.some((sent) => sent.command === 'subscribe')).toBe(true));
    socket.confirmSubscriptions();
    const identifier = socket.sent.find((sent) => sent.command === 'subscribe')!.identifier;
    return (message: unknown) => socket.frame({ identifier, message });
  }

  it('reads the leads again on leads_changed, and on a notification (the converted project changed stage), without a reload', async () => {
    const state = { leads: [open] };
    stubReferralsApi(state);
    renderRoutes(routes, { initialEntries: ['/referrals'] });
    const list = await screen.findByRole('list', { name: 'Your leads' });
    expect(within(list).getByText('New')).toBeInTheDocument();
    const send = await connectedSocket();

    // The admin marks the lead contacted: the server tells the partner's sockets.
    state.leads = [{ ...open, status: 'contacted' }];
    send({ type: 'leads_changed', payload: { lead_id: open.id } });
    expect(await within(list).findByText('Contacted')).toBeInTheDocument();

    // Converted, then its project moves on: the stage change arrives as a notification.
    state.leads = [converted];
    send({ type: 'leads_changed', payload: { lead_id: open.id } });
    expect(await screen.findByRole('link', { name: 'Presentation Ready' })).toBeInTheDocument();
    state.leads = [{ ...converted, project: { ...converted.project!, project_stage: 'Project Completion' } }];
    send({
      type: 'notification_created',
      payload: { id: 900, user_id: 7, title: 'Stage changed', message: 'Dockside Foods moved to Project Completion.', read: false, viewed_on: null, created_at: '2026-12-06T12:00:00.000Z' },
    });
    expect(await screen.findByRole('link', { name: 'Project Completion' })).toHaveAttribute('href', '/projects/31');
  });
});
