import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { CableConnections, frameOpening, PING_SLOTS, type CableConnection } from './cable-connections.js';

/** A socket that records what it was sent, in order, into one log shared by all of them. */
function fakeSocket(name: string, log: string[]): WebSocket {
  return { OPEN: 1, readyState: 1, send: (frame: Buffer) => log.push(`${name} ${frame.toString()}`) } as unknown as WebSocket;
}

function connect(connections: CableConnections, userId: number, log: string[], name = `user ${userId}`): CableConnection {
  const identifier = JSON.stringify({ channel: 'NotificationsChannel', user_id: userId });
  const connection: CableConnection = {
    socket: fakeSocket(name, log),
    userId,
    isAdmin: false,
    jti: `jti-${name}`,
    expiry: setTimeout(() => undefined, 0),
    subscriptions: new Map([[identifier, frameOpening(identifier)]]),
    pingSlot: connections.takePingSlot(),
  };
  clearTimeout(connection.expiry);
  connections.add(connection);
  return connection;
}

const EVENT = { type: 'notification_created', payload: { id: 0, user_id: 0, title: 'To everyone', message: 'Hello', read: false, viewed_on: null, created_at: '2026-12-07T00:00:00.000Z', project_id: null, proposal_ticket_id: null, kind: 'welcome' } } as const;

describe('CableConnections.toEveryone (docs/decisions/025, 066)', () => {
  it('writes every subscription one frame, in the order the users connected rather than slot by slot', () => {
    const log: string[] = [];
    const connections = new CableConnections();
    // More users than ping slots, so that slot order (0, 30, 60, 1, 31, ...) and connection order differ.
    const users = Array.from({ length: PING_SLOTS * 2 + 5 }, (_, index) => index + 1);
    for (const userId of users) connect(connections, userId, log);
    // A second tab of the first user, opened last: it is heard with that user's first.
    connect(connections, 1, log, 'user 1, second tab');

    connections.toEveryone(EVENT);

    expect(log.map((line) => line.slice(0, line.indexOf(' {')))).toEqual(['user 1', 'user 1, second tab', ...users.slice(1).map((userId) => `user ${userId}`)]);
    const third = log[2] ?? '';
    expect(third.startsWith('user 2 {')).toBe(true);
    expect(JSON.parse(third.slice('user 2 '.length))).toEqual({ identifier: JSON.stringify({ channel: 'NotificationsChannel', user_id: 2 }), message: EVENT });
  });

  it('leaves out closed connections and those not open yet', () => {
    const log: string[] = [];
    const connections = new CableConnections();
    const gone = connect(connections, 1, log);
    connect(connections, 2, log);
    const closing = connect(connections, 3, log);
    connections.remove(gone);
    (closing.socket as { readyState: number }).readyState = 2;

    connections.toEveryone(EVENT);

    expect(log.map((line) => line.slice(0, 6))).toEqual(['user 2']);
    expect(connections.of('all').map((connection) => connection.userId)).toEqual([2, 3]);
  });
});
