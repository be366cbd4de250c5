import { adapters } from '@rails/actioncable';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../router';
import { disconnectCable } from '../../lib/cable';
import { FakeCableSocket } from '../../lib/fake-cable-socket';
import { clearSession, saveSession } from '../../lib/session';
import { buildUser } from '../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch } from '../../lib/test-utils';

const member = buildUser({ id: 7 });

const notification = (id: number) => ({
  id,
  user_id: member.id,
  title: `Update ${id}`,
  message: `Something changed (${id}).`,
  read: false,
  viewed_on: null,
  created_at: new Date(Date.UTC(2026, 10, 20, 12, id)).toISOString(),
});

const realSocket = adapters.WebSocket;
beforeEach(() => {
  FakeCableSocket.all = [];
  adapters.WebSocket = FakeCableSocket as unknown as typeof WebSocket;
  saveSession('jwt', member);
  // Real time keeps running (queries, rendering); the test jumps the cable's monitor forward.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  disconnectCable();
  clearSession();
  adapters.WebSocket = realSocket;
  vi.useRealTimers();
});

describe('live notifications across a dropped connection (issue 14 item 6)', () => {
  it('refetches the list and unread count after the cable reconnects, so what came meanwhile shows', async () => {
    const onServer = [notification(3), notification(2), notification(1)];
    const calls = stubFetch(({ url }) => {
      if (url.pathname === '/api/user/profile') return jsonResponse(member);
      if (url.pathname === `/api/users/${member.id}/notifications`) {
        return jsonResponse(onServer, { headers: { 'X-Total-Count': String(onServer.length), 'X-Unread-Count': String(onServer.filter((n) => !n.read).length) } });
      }
      return jsonResponse([]);
    });
    const listCalls = () => calls.filter((call) => call.url.pathname === `/api/users/${member.id}/notifications`).length;
    renderRoutes(routes, { initialEntries: ['/home'] });

    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeInTheDocument();
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(1));
    const first = FakeCableSocket.latest();
    first.serverOpens();
    first.confirmSubscriptions();
    await waitFor(() => expect(listCalls()).toBeGreaterThanOrEqual(2));

    // The connection drops; a notification is created meanwhile, and its event is lost with it.
    first.drop();
    onServer.unshift(notification(4));
    const before = listCalls();

    // ActionCable's monitor notices the stale connection and opens a new socket.
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(FakeCableSocket.all).toHaveLength(2));
    const second = FakeCableSocket.latest();
    second.serverOpens();
    second.confirmSubscriptions();

    expect(await screen.findByRole('link', { name: 'Notifications, 4 unread' })).toBeInTheDocument();
    expect(listCalls()).toBeGreaterThan(before);
  });
});
