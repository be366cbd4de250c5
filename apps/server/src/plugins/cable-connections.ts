import type { CableEvent } from '@sunin/contract';
import type { WebSocket } from 'ws';

/** ActionCable's refusal: the real client stops and does not reconnect. */
const UNAUTHORIZED_FRAME = JSON.stringify({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
const PING_INTERVAL_MS = 3_000;
/**
 * Each connection is pinged every 3 s, but not all at once: they are spread over this many
 * slots, one slot every PING_INTERVAL_MS / PING_SLOTS ms. Pinging 10,000 sockets in one go
 * held the event loop for ~100 ms every 3 s, and a delivery that arrived then waited for it.
 */
export const PING_SLOTS = 30;
/**
 * New connections join the slots in runs of this many, the next run the next slot: a slot's
 * sockets are neighbours, allocated together (as a broadcast walks them, decision 066), not
 * every 30th connection. At 10,000 sockets a slot holds 320-352.
 */
const PING_RUN = 32;

export interface CableConnection {
  readonly socket: WebSocket;
  readonly userId: number;
  /**
   * A full_access_admin who may use the admin area (adminStanding): hears admin_changed events.
   * Set when it connects, and changed only through `CableConnections.setAdmin` when the user's
   * standing changes.
   */
  isAdmin: boolean;
  /** The session it was opened with: ending that session closes it (ASVS V7.4). */
  readonly jti: string;
  /** Fires when the token expires: a socket lives no longer than its token (ASVS 7.3.2). */
  readonly expiry: NodeJS.Timeout;
  /**
   * Confirmed identifier (exactly as the client sent it) -> the opening of every frame for it,
   * `{"identifier":"<the identifier, JSON-escaped>","message":`, as bytes. A delivery appends
   * the event, serialized once however many sockets hear it, and the closing brace.
   */
  readonly subscriptions: Map<string, Buffer>;
  /** Which ping slot the connection is in. */
  readonly pingSlot: number;
}

const CLOSING_BRACE = Buffer.from('}');

/**
 * Sends a text frame if the socket is still open. Bytes go as text too (`binary: false`): the
 * browser client reads nothing else.
 */
export function sendFrame(socket: WebSocket, frame: string | Buffer): void {
  if (socket.readyState === socket.OPEN) socket.send(frame, { binary: false });
}

/** ActionCable's refusal, then close: the client does not reconnect with this token. */
export function refuse(socket: WebSocket): void {
  sendFrame(socket, UNAUTHORIZED_FRAME);
  socket.close();
}

/** Its own memory, not a slice of Node's shared 8 KiB pool, which it would keep alive. */
export function frameOpening(identifier: string): Buffer {
  const text = `{"identifier":${JSON.stringify(identifier)},"message":`;
  const opening = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  opening.write(text);
  return opening;
}

/**
 * Every subscription of the connection hears the event, already serialized. The frame is put
 * together from bytes: a string would be flattened and encoded again for every socket, which
 * was about half of the JavaScript time of a fan-out.
 */
function deliver(connection: CableConnection, event: Buffer): void {
  const { socket } = connection;
  if (socket.readyState !== socket.OPEN) return;
  for (const opening of connection.subscriptions.values()) socket.send(Buffer.concat([opening, event, CLOSING_BRACE]), { binary: false });
}

function serialize(event: CableEvent): Buffer {
  return Buffer.from(JSON.stringify(event));
}

/**
 * The authenticated sockets of this process, found by user, by role and by ping slot, and the
 * fan-out to them. Each event is serialized once per message, not once per socket.
 */
export class CableConnections {
  private readonly byUser = new Map<number, CableConnection[]>();
  private readonly admins = new Set<CableConnection>();
  private readonly pingSlots = Array.from({ length: PING_SLOTS }, () => new Set<CableConnection>());
  /** Connections that took a slot, modulo a full turn of runs. */
  private joined = 0;
  private pingTick = 0;
  private pingTimer: NodeJS.Timeout | undefined;

  /** The slot a new connection joins: runs of PING_RUN in turn keep the slots even. */
  takePingSlot(): number {
    const slot = Math.floor(this.joined / PING_RUN);
    this.joined = (this.joined + 1) % (PING_RUN * PING_SLOTS);
    return slot;
  }

  add(connection: CableConnection): void {
    const sockets = this.byUser.get(connection.userId);
    if (sockets) sockets.push(connection);
    else this.byUser.set(connection.userId, [connection]);
    if (connection.isAdmin) this.admins.add(connection);
    this.pingSlots[connection.pingSlot]?.add(connection);
  }

  remove(connection: CableConnection): void {
    const sockets = this.byUser.get(connection.userId);
    const index = sockets?.indexOf(connection) ?? -1;
    if (sockets && index !== -1) {
      sockets.splice(index, 1);
      if (sockets.length === 0) this.byUser.delete(connection.userId);
    }
    this.admins.delete(connection);
    this.pingSlots[connection.pingSlot]?.delete(connection);
  }

  /** The open connections of one slot of PING_SLOTS: each connection is in one, spread evenly. */
  inSlot(slot: number): CableConnection[] {
    return [...(this.pingSlots[slot % PING_SLOTS] ?? [])];
  }

  /** The open connections of these users, or of everyone (in the order of toEveryone). */
  of(userIds: readonly number[] | 'all'): CableConnection[] {
    if (userIds === 'all') return [...this.byUser.values()].flat();
    return [...new Set(userIds)].flatMap((userId) => this.byUser.get(userId) ?? []);
  }

  /** The user got or lost the administrator role: the connection starts or stops hearing admin_changed. */
  setAdmin(connection: CableConnection, isAdmin: boolean): void {
    // One that closed while its user was read again stays out.
    if (!this.pingSlots[connection.pingSlot]?.has(connection)) return;
    connection.isAdmin = isAdmin;
    if (isAdmin) this.admins.add(connection);
    else this.admins.delete(connection);
  }

  toUser(userId: number, event: CableEvent): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const serialized = serialize(event);
    for (const connection of sockets) deliver(connection, serialized);
  }

  toAdmins(event: CableEvent): void {
    if (this.admins.size === 0) return;
    const serialized = serialize(event);
    for (const connection of this.admins) deliver(connection, serialized);
  }

  /**
   * In the order the users connected, not slot by slot: neighbouring connections' sockets, kernel
   * and ws state were allocated together, and a broadcast that visits them in that order writes
   * its 10,000 frames about a tenth faster (and the reader, which meets them in the same order,
   * reads them faster) than one that strides across memory 30 slots wide (docs/decisions/066).
   */
  toEveryone(event: CableEvent): void {
    const serialized = serialize(event);
    for (const sockets of this.byUser.values()) for (const connection of sockets) deliver(connection, serialized);
  }

  /** Closes the user's sockets opened with these (ended) sessions. */
  revoke(userId: number, jtis: string[]): void {
    const ended = new Set(jtis);
    // A copy: closing removes the connection from the list being read.
    for (const connection of [...(this.byUser.get(userId) ?? [])]) if (ended.has(connection.jti)) refuse(connection.socket);
  }

  /** `{"type":"ping","message":<unix seconds>}` to one slot every 100 ms: each socket every 3 s. */
  startPings(): void {
    this.pingTimer = setInterval(() => {
      const slot = this.pingSlots[this.pingTick];
      this.pingTick = (this.pingTick + 1) % PING_SLOTS;
      if (!slot || slot.size === 0) return;
      // One frame for the whole slot: ws sends a buffer as it is (server frames are not masked).
      const frame = Buffer.from(`{"type":"ping","message":${Math.floor(Date.now() / 1000)}}`);
      for (const connection of slot) sendFrame(connection.socket, frame);
    }, PING_INTERVAL_MS / PING_SLOTS);
    this.pingTimer.unref();
  }

  stopPings(): void {
    clearInterval(this.pingTimer);
  }
}
