import { adapters } from '@rails/actioncable';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeCableSocket } from './fake-cable-socket';
import { buildUser } from './test-fixtures';
import { cableUrl, disconnectCable, getCableConsumer, reconnectCable, subscribeToNotifications } from './cable';
import { clearSession, saveSession } from './session';

const FakeSocket = FakeCableSocket;

const realSocket = adapters.WebSocket;
beforeEach(() => {
  FakeSocket.all = [];
  adapters.WebSocket = FakeSocket as unknown as typeof WebSocket;
  saveSession('first-token', buildUser({ id: 7 }));
});
afterEach(() => {
  disconnectCable();
  clearSession();
  adapters.WebSocket = realSocket;
  vi.restoreAllMocks();
});

const latest = () => FakeSocket.all.at(-1)!;

describe('the cable (member-app.md 7)', () => {
  it('builds ws: or wss: addresses with the token as a query parameter', () => {
    expect(cableUrl('a b', { protocol: 'http:', host: 'portal.test' })).toBe('ws://portal.test/cable?token=a%20b');
    expect(cableUrl('t', { protocol: 'https:', host: 'portal.test' })).toBe('wss://portal.test/cable?token=t');
  });

  it('has no consumer without a session, and one shared consumer per token', () => {
    clearSession();
    expect(getCableConsumer()).toBeNull();
    saveSession('first-token', buildUser({ id: 7 }));
    const consumer = getCableConsumer();
    expect(consumer).not.toBeNull();
    expect(getCableConsumer()).toBe(consumer);
  });

  it('subscribes to the member NotificationsChannel and hands on known events only', () => {
    const events: unknown[] = [];
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const unsubscribe = subscribeToNotifications(7, (event) => events.push(event));
    const socket = latest();
    expect(socket.url).toContain('/cable?token=first-token');
    expect(socket.protocols).toContain('actioncable-v1-json');
    socket.serverOpens();
    const subscribe = socket.sent.find((command) => command.command === 'subscribe')!;
    expect(JSON.parse(String(subscribe.identifier))).toEqual({ channel: 'NotificationsChannel', user_id: 7 });

    const identifier = subscribe.identifier;
    socket.frame({ type: 'confirm_subscription', identifier });
    const created = { type: 'notification_created', payload: { id: 1, title: 'Hi', message: 'There', read: false } };
    socket.frame({ identifier, message: created });
    socket.frame({ identifier, message: { type: 'something_else', payload: { id: 2 } } });
    socket.frame({ identifier, message: 'not an event' });
    // One of the partner's leads changed (issue 39 item 4); a malformed one is not handed on.
    const leadsChanged = { type: 'leads_changed', payload: { lead_id: 11 } };
    socket.frame({ identifier, message: leadsChanged });
    socket.frame({ identifier, message: { type: 'leads_changed', payload: { lead_id: 'eleven' } } });
    expect(events).toEqual([created, leadsChanged]);

    unsubscribe();
    expect(socket.sent.at(-1)).toMatchObject({ command: 'unsubscribe', identifier });
  });

  it('reopens with the new token after a password change and subscribes again', async () => {
    subscribeToNotifications(7, () => undefined);
    const first = latest();
    first.serverOpens();

    reconnectCable(); // same token: nothing to do
    expect(FakeSocket.all).toHaveLength(1);

    saveSession('fresh-token', buildUser({ id: 7 }));
    reconnectCable();
    expect(first.readyState).toBe(FakeSocket.CLOSED);
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(2), { timeout: 3_000 });
    const second = latest();
    expect(second.url).toContain('/cable?token=fresh-token');
    second.serverOpens();
    expect(second.sent.some((command) => command.command === 'subscribe')).toBe(true);
    expect(getCableConsumer()).not.toBeNull();
    expect(FakeSocket.all).toHaveLength(2); // the same consumer, not a new one
  });

  it('closes the socket on disconnect (logout)', () => {
    subscribeToNotifications(7, () => undefined);
    const socket = latest();
    socket.serverOpens();
    disconnectCable();
    expect(socket.readyState).toBe(FakeSocket.CLOSED);
  });
});
