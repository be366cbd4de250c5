import { adapters } from '@rails/actioncable';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { disconnectCable } from '../../lib/cable';
import { FakeCableSocket } from '../../lib/fake-cable-socket';
import { clearSession, saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';
import { routes } from '../router';

const admin = buildUser({ id: 1, account_type: 'admin', company_role: 'full_access_admin', first_name: 'Avery', last_name: 'Admin' });
const notification = (id: number) => ({
  id,
  user_id: admin.id,
  title: 'New proposal request',
  message: `Sam Seller requested a proposal (${id}).`,
  read: false,
  viewed_on: null,
  project_id: 10 + id,
  proposal_ticket_id: id,
  created_at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
});

const realSocket = adapters.WebSocket;
beforeEach(() => {
  FakeCableSocket.all = [];
  adapters.WebSocket = FakeCableSocket as unknown as typeof WebSocket;
  saveSession('jwt', admin);
});
afterEach(() => {
  disconnectCable();
  clearSession();
  adapters.WebSocket = realSocket;
});

describe('the admin shell is live (issue 15 item 1)', { timeout: 20_000 }, () => {
  it('has the bell with the unread count, and a new notification refreshes the open Proposal Requests without a reload', async () => {
    const notifications = [notification(1)];
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/user/profile') return jsonResponse(admin);
      if (url.pathname === `/api/users/${admin.id}/notifications`) {
        return jsonResponse(notifications, { headers: { 'X-Total-Count': String(notifications.length), 'X-Unread-Count': String(notifications.length) } });
      }
      return jsonResponse([], { headers: { 'X-Total-Count': '0' } });
    });
    const ticketCalls = () => calls.filter((call) => call.url.pathname === '/api/admin/proposal_tickets').length;
    renderRoutes(routes, { initialEntries: ['/admin/proposal-management'] });

    const bell = await screen.findByRole('link', { name: 'Notifications, 1 unread' });
    expect(bell).toHaveAttribute('href', '/admin/notifications');
    await waitFor(() => expect(ticketCalls()).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const socket = FakeCableSocket.latest();
    socket.serverOpens();
    socket.confirmSubscriptions();
    const subscribed = socket.sent.find((sent) => sent.command === 'subscribe');
    await waitFor(() => expect(ticketCalls()).toBeGreaterThanOrEqual(1));
    const before = ticketCalls();

    // A member requests a proposal: the server pushes the admin's new notification.
    notifications.unshift(notification(2));
    socket.frame({ identifier: subscribed!.identifier, message: { type: 'notification_created', payload: notification(2) } });

    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await waitFor(() => expect(ticketCalls()).toBeGreaterThan(before));
  });

  it("re-reads the open lists when another administrator changes something, and leaves the bell alone", async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/user/profile') return jsonResponse(admin);
      if (url.pathname === `/api/users/${admin.id}/notifications`) return jsonResponse([], { headers: { 'X-Total-Count': '0', 'X-Unread-Count': '0' } });
      return jsonResponse([], { headers: { 'X-Total-Count': '0' } });
    });
    const projectCalls = () => calls.filter((call) => call.url.pathname === '/api/admin/projects').length;
    renderRoutes(routes, { initialEntries: ['/admin/all-projects'] });
    await waitFor(() => expect(projectCalls()).toBeGreaterThanOrEqual(1));
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const socket = FakeCableSocket.latest();
    socket.serverOpens();
    socket.confirmSubscriptions();
    const subscribed = socket.sent.find((sent) => sent.command === 'subscribe');
    await waitFor(() => expect(projectCalls()).toBeGreaterThanOrEqual(1));
    const before = projectCalls();

    socket.frame({ identifier: subscribed!.identifier, message: { type: 'admin_changed', payload: { path: '/api/admin/projects/:id' } } });
    await waitFor(() => expect(projectCalls()).toBeGreaterThan(before));
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('re-reads the payables and the payouts history when another administrator pays someone (issue 37 item 1)', async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/user/profile') return jsonResponse(admin);
      if (url.pathname === `/api/users/${admin.id}/notifications`) return jsonResponse([], { headers: { 'X-Total-Count': '0', 'X-Unread-Count': '0' } });
      if (url.pathname === '/api/admin/payables') return jsonResponse({ payables: [], total_usd: 0 });
      return jsonResponse([], { headers: { 'X-Total-Count': '0' } });
    });
    const reads = (path: string) => calls.filter((call) => call.url.pathname === path).length;
    renderRoutes(routes, { initialEntries: ['/admin/payables'] });
    expect(await screen.findByText('Nobody is owed a payout now')).toBeInTheDocument();
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const socket = FakeCableSocket.latest();
    socket.serverOpens();
    socket.confirmSubscriptions();
    const subscribed = socket.sent.find((sent) => sent.command === 'subscribe');
    await waitFor(() => expect(reads('/api/admin/payouts')).toBeGreaterThanOrEqual(1));
    const [payables, payouts] = [reads('/api/admin/payables'), reads('/api/admin/payouts')];

    socket.frame({ identifier: subscribed!.identifier, message: { type: 'admin_changed', payload: { path: '/api/admin/payout_runs' } } });
    await waitFor(() => expect(reads('/api/admin/payables')).toBeGreaterThan(payables));
    await waitFor(() => expect(reads('/api/admin/payouts')).toBeGreaterThan(payouts));
  });

  it('re-reads the leads queue when another administrator converts or a business owner sends a lead (issue 39 item 3)', async () => {
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/user/profile') return jsonResponse(admin);
      if (url.pathname === `/api/users/${admin.id}/notifications`) return jsonResponse([], { headers: { 'X-Total-Count': '0', 'X-Unread-Count': '0' } });
      if (url.pathname === '/api/admin/leads') return jsonResponse({ leads: [] }, { headers: { 'X-Total-Count': '0' } });
      return jsonResponse([], { headers: { 'X-Total-Count': '0' } });
    });
    const reads = () => calls.filter((call) => call.url.pathname === '/api/admin/leads').length;
    renderRoutes(routes, { initialEntries: ['/admin/leads'] });
    expect(await screen.findByText('No Leads Yet')).toBeInTheDocument();
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const socket = FakeCableSocket.latest();
    socket.serverOpens();
    socket.confirmSubscriptions();
    const subscribed = socket.sent.find((sent) => sent.command === 'subscribe');
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(1));
    const before = reads();

    socket.frame({ identifier: subscribed!.identifier, message: { type: 'admin_changed', payload: { path: '/api/admin/leads/:id/convert' } } });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('has a notifications page inside the admin area', async () => {
    stubFetch(({ url }) => {
      if (url.pathname === '/api/user/profile') return jsonResponse(admin);
      if (url.pathname === `/api/users/${admin.id}/notifications`) return jsonResponse([notification(1)], { headers: { 'X-Total-Count': '1', 'X-Unread-Count': '1' } });
      return jsonResponse([]);
    });
    renderRoutes(routes, { initialEntries: ['/admin/notifications'] });
    expect(await screen.findByText('Sam Seller requested a proposal (1).')).toBeInTheDocument();
    expect(screen.getAllByRole('navigation', { name: 'Admin' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/admin');
  });
});
