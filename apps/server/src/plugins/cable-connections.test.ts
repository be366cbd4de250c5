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

  it('leaves out removed connections and sockets that are closing', () => {
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

describe('CableConnections ping slots (docs/decisions/025, 066)', () => {
  it('gives neighbouring connections the same slot, in runs that keep the slots even', () => {
    const connections = new CableConnections();
    const slots = Array.from({ length: 10_000 }, () => connections.takePingSlot());

    // Runs of 32 neighbours, the next run the next slot, round the 30 slots and again.
    expect(slots.slice(0, 3)).toEqual([0, 0, 0]);
    expect(new Set(slots.slice(0, 32))).toEqual(new Set([0]));
    expect(slots[32]).toBe(1);
    expect(slots[32 * PING_SLOTS - 1]).toBe(PING_SLOTS - 1);
    expect(slots[32 * PING_SLOTS]).toBe(0);
    const sizes = Array.from({ length: PING_SLOTS }, (_, slot) => slots.filter((taken) => taken === slot).length);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(320);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(352);
  });

  it('holds a slot\'s connections together: what one ping tick and one session re-check read', () => {
    const log: string[] = [];
    const connections = new CableConnections();
    for (let userId = 1; userId <= 100; userId++) connect(connections, userId, log);
    const inSlots = Array.from({ length: PING_SLOTS }, (_, slot) => connections.inSlot(slot).map((connection) => connection.userId));

    expect(inSlots.slice(0, 4)).toEqual([Array.from({ length: 32 }, (_, index) => index + 1), Array.from({ length: 32 }, (_, index) => index + 33), Array.from({ length: 32 }, (_, index) => index + 65), [97, 98, 99, 100]]);
    expect(inSlots.slice(4).every((slot) => slot.length === 0)).toBe(true);
  });
});
