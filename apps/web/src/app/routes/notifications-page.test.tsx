import { adapters } from '@rails/actioncable';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification, NotificationKind } from '@sunin/contract';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router';
import { disconnectCable } from '../../lib/cable';
import { FakeCableSocket } from '../../lib/fake-cable-socket';
import { clearSession, saveSession } from '../../lib/session';
import { buildNotification, buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';

/** Issue 37 item 3: "Mark all as read" and the unread notifications grouped by type on /notifications. */
const member = buildUser({ id: 7 });
const note = (id: number, kind: NotificationKind, read = false): Notification =>
  buildNotification({ id, user_id: member.id, kind, title: `Title ${id}`, message: `Message ${id}`, read, viewed_on: read ? '2026-11-20T12:00:00.000Z' : null, created_at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString() });

const realSocket = adapters.WebSocket;
beforeEach(() => {
  FakeCableSocket.all = [];
  adapters.WebSocket = FakeCableSocket as unknown as typeof WebSocket;
  saveSession('jwt', member);
});
afterEach(() => {
  toast.remove();
  disconnectCable();
  clearSession();
  adapters.WebSocket = realSocket;
  vi.useRealTimers();
});

/** A server with these notifications; POST read_all marks them read, or fails with `failReadAll`. */
function server(initial: Notification[], options: { failReadAll?: boolean } = {}) {
  let rows = initial.map((row) => ({ ...row }));
  const calls = stubFetch(({ url, method }) => {
    if (url.pathname === '/api/user/profile') return jsonResponse(member);
    if (url.pathname === `/api/users/${member.id}/notifications`) {
      return jsonResponse(rows, { headers: { 'X-Total-Count': String(rows.length), 'X-Unread-Count': String(rows.filter((row) => !row.read).length) } });
    }
    if (url.pathname === '/api/notifications/unread_summary') {
      const by_kind: Record<string, number> = {};
      for (const row of rows) if (!row.read) by_kind[row.kind] = (by_kind[row.kind] ?? 0) + 1;
      return jsonResponse({ unread: rows.filter((row) => !row.read).length, by_kind });
    }
    if (url.pathname === '/api/notifications/read_all' && method === 'POST') {
      if (options.failReadAll) return jsonResponse({ error: { code: 'internal', message: 'Something went wrong.' } }, { status: 500 });
      const updated = rows.filter((row) => !row.read).length;
      rows = rows.map((row) => ({ ...row, read: true, viewed_on: row.viewed_on ?? '2026-11-21T00:00:00.000Z' }));
      return jsonResponse({ updated });
    }
    return jsonResponse([], { headers: { 'X-Total-Count': '0' } });
  });
  return {
    calls,
    readAllCalls: () => calls.filter((call) => call.url.pathname === '/api/notifications/read_all').length,
    markAllOnServer: () => fetch('/api/notifications/read_all', { method: 'POST' }),
  };
}

const mixed = () => [note(5, 'proposal_requests'), note(4, 'stall_alerts'), note(3, 'proposal_requests'), note(2, 'earnings', true), note(1, 'welcome')];

describe('/notifications (issue 37 item 3)', () => {
  it('groups the unread notifications by type with their labels and counts, and keeps the paged list of all', async () => {
    server(mixed());
    renderRoutes(routes, { initialEntries: ['/notifications'] });
    const groups = await screen.findByRole('region', { name: 'Unread by type' });
    const requests = within(groups).getByRole('region', { name: /New proposal requests/ });
    expect(within(requests).getByText('2 unread')).toBeInTheDocument();
    expect(within(requests).getAllByRole('listitem').map((item) => item.textContent)).toEqual([expect.stringContaining('Title 5'), expect.stringContaining('Title 3')]);
    expect(within(groups).getByRole('region', { name: /Stall alerts/ })).toHaveTextContent('1 unread');
    expect(within(groups).getByRole('region', { name: /Welcome/ })).toHaveTextContent('Title 1');
    // The read one is in no group, but still in the list of all.
    expect(within(groups).queryByRole('region', { name: /Earnings/ })).not.toBeInTheDocument();
    const all = screen.getByRole('list', { name: 'Notifications' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
  });

  it('marks all as read at once: the badge goes to zero, the groups go, the button is disabled', async () => {
    const { readAllCalls } = server(mixed());
    renderRoutes(routes, { initialEntries: ['/notifications'] });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Unread by type' });
    const button = screen.getByRole('button', { name: 'Mark all as read' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Unread by type' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(readAllCalls()).toBe(1);
    expect(within(screen.getByRole('list', { name: 'Notifications' })).queryAllByText('(unread)')).toEqual([]);
  });

  it('puts everything back and says so when marking fails', async () => {
    server(mixed(), { failReadAll: true });
    renderRoutes(routes, { initialEntries: ['/notifications'] });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('We could not mark your notifications as read. Please try again.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
    expect(await screen.findByRole('region', { name: 'Unread by type' })).toBeInTheDocument();
  });

  it('disables Mark all as read when nothing is unread, and shows no groups', async () => {
    server([note(2, 'earnings', true), note(1, 'welcome', true)]);
    renderRoutes(routes, { initialEntries: ['/notifications'] });
    expect(await screen.findByText('Title 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Unread by type' })).not.toBeInTheDocument();
  });

  it('follows a Mark all as read made in another tab (one live event)', async () => {
    // As in the other live tests: real time runs, the cable's timers can be driven.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { markAllOnServer } = server(mixed());
    renderRoutes(routes, { initialEntries: ['/notifications'] });
    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const socket = FakeCableSocket.latest();
    act(() => {
      socket.serverOpens();
      socket.confirmSubscriptions();
    });
    const subscribed = socket.sent.find((sent) => sent.command === 'subscribe');
    // Another tab marked them all read on the server, which tells this one.
    await markAllOnServer();
    act(() => socket.frame({ identifier: subscribed!.identifier, message: { type: 'notifications_read_all', payload: { updated: 4, read_at: '2026-11-21T00:00:00.000Z' } } }));
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
