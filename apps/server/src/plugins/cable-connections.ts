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
const PING_SLOTS = 30;

export interface CableConnection {
  readonly socket: WebSocket;
  readonly userId: number;
  /** A full_access_admin when it connected: hears admin_changed events. */
  readonly isAdmin: boolean;
  /** The session it was opened with: ending that session closes it (ASVS V7.4). */
  readonly jti: string;
  /** Fires when the token expires: a socket lives no longer than its token (ASVS 7.3.2). */
  readonly expiry: NodeJS.Timeout;
  /**
   * Confirmed identifier (exactly as the client sent it) -> the opening of every frame for it,
   * `{"identifier":"<the identifier, JSON-escaped>","message":`. A delivery appends the event,
   * serialized once however many sockets hear it, and the closing brace.
   */
  readonly subscriptions: Map<string, string>;
  /** Which ping slot the connection is in. */
  readonly pingSlot: number;
}

/** Sends a text frame if the socket is still open. */
export function sendFrame(socket: WebSocket, frame: string): void {
  if (socket.readyState === socket.OPEN) socket.send(frame);
}

/** ActionCable's refusal, then close: the client does not reconnect with this token. */
export function refuse(socket: WebSocket): void {
  sendFrame(socket, UNAUTHORIZED_FRAME);
  socket.close();
}

export function frameOpening(identifier: string): string {
  return `{"identifier":${JSON.stringify(identifier)},"message":`;
}

/** Every subscription of the connection hears the event (already serialized). */
function deliver(connection: CableConnection, eventJson: string): void {
  if (connection.socket.readyState !== connection.socket.OPEN) return;
  for (const opening of connection.subscriptions.values()) connection.socket.send(`${opening}${eventJson}}`);
}

/**
 * The authenticated sockets of this process, found by user, by role and by ping slot, and the
 * fan-out to them. Each event is serialized once per message, not once per socket.
 */
export class CableConnections {
  private readonly byUser = new Map<number, CableConnection[]>();
  private readonly admins = new Set<CableConnection>();
  private readonly pingSlots = Array.from({ length: PING_SLOTS }, () => new Set<CableConnection>());
  private nextSlot = 0;
  private pingTick = 0;
  private pingTimer: NodeJS.Timeout | undefined;

  /** The slot a new connection joins: round robin keeps the slots even. */
  takePingSlot(): number {
    const slot = this.nextSlot;
    this.nextSlot = (this.nextSlot + 1) % PING_SLOTS;
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

  toUser(userId: number, event: CableEvent): void {
    const sockets = this.byUser.get(userId);
    if (!sockets) return;
    const eventJson = JSON.stringify(event);
    for (const connection of sockets) deliver(connection, eventJson);
  }

  toAdmins(event: CableEvent): void {
    if (this.admins.size === 0) return;
    const eventJson = JSON.stringify(event);
    for (const connection of this.admins) deliver(connection, eventJson);
  }

  toEveryone(event: CableEvent): void {
    const eventJson = JSON.stringify(event);
    for (const slot of this.pingSlots) for (const connection of slot) deliver(connection, eventJson);
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
      const frame = `{"type":"ping","message":${Math.floor(Date.now() / 1000)}}`;
      for (const connection of slot) sendFrame(connection.socket, frame);
    }, PING_INTERVAL_MS / PING_SLOTS);
    this.pingTimer.unref();
  }

  stopPings(): void {
    clearInterval(this.pingTimer);
  }
}
