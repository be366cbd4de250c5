import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { NOTIFICATIONS_CHANNEL } from '@sunin/contract';
import WebSocket from 'ws';
import { onCleanup } from './cleanup.js';
import { mintAccessToken } from './tokens.js';

/**
 * Many ActionCable clients in the bench's one process: real websockets on /cable (subprotocol
 * actioncable-v1-json, token in the query string), each subscribed to its own
 * NotificationsChannel and counted once confirm_subscription arrives.
 *
 * Receiving is kept cheap, because 10,000 clients share the bench's one event loop (in real
 * life each is its own browser) and whatever they spend is in the latency figures: a frame is
 * time-stamped when it arrives and its bytes kept, and only after the phase is it checked in
 * full (valid UTF-8 text, JSON, the client's own identifier, the expected event and title).
 * A frame that fails the check does not count as delivered.
 */

const PROTOCOL = 'actioncable-v1-json';
const CONNECT_CONCURRENCY = 200;
const CONNECT_TIMEOUT_MS = 30_000;
/** Open files kept free for everything else the bench or the server opens. */
const SPARE_FILES = 256;
const PING_PREFIX = Buffer.from('{"type":"ping"');

/** What the clients wait for in one phase: a notification_created with this title. */
export interface DeliveryPhase {
  readonly title: string;
  /** The title as it appears in the frame's JSON: the cheap check on arrival. */
  readonly marker: Buffer;
  readonly receivedAt: Float64Array;
  readonly frames: Array<Buffer | undefined>;
  /** 1 where the frame came as binary: the browser client reads only text frames. */
  readonly binary: Uint8Array;
}

export function newDeliveryPhase(title: string, clients: number): DeliveryPhase {
  return { title, marker: Buffer.from(JSON.stringify({ title }).slice(1, -1)), receivedAt: new Float64Array(clients).fill(Number.NaN), frames: new Array<Buffer | undefined>(clients), binary: new Uint8Array(clients) };
}

export interface CableClients {
  readonly userIds: number[];
  readonly identifiers: string[];
  readonly sockets: WebSocket[];
  readonly confirmed: number;
  readonly connectSeconds: number;
  /** Source addresses the sockets were spread over (one has ~28,000 ephemeral ports). */
  readonly sourceAddresses: number;
  /** The phase whose frames are being collected, if any. */
  listen(phase: DeliveryPhase | null): void;
  close(): void;
}

/** The soft limit on open files of a process (Node raises its own to the hard limit at start). */
export function openFileLimit(pid: number | 'self' = 'self'): number {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** How many sockets the bench and the server (pid) can both hold. */
export function socketCapacity(serverPid: number): number {
  return Math.min(openFileLimit('self'), openFileLimit(serverPid)) - SPARE_FILES;
}

function ephemeralPorts(): number {
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  return low !== undefined && high !== undefined && high > low ? high - low + 1 : 28_000;
}

/** Opens one client per user (in order) and resolves once each is confirmed, refused or timed out. */
export async function openCableClients(options: { port: number; jwtSecret: string; userIds: number[] }): Promise<CableClients> {
  const { userIds } = options;
  // One source address has ~28,000 ephemeral ports towards the server's one address and port:
  // beyond that, spread the sockets over 127.0.0.2, 127.0.0.3, ... (all loopback on Linux).
  const sourceAddresses = Math.ceil(userIds.length / Math.floor(ephemeralPorts() * 0.9));
  const identifiers = userIds.map((userId) => JSON.stringify({ channel: NOTIFICATIONS_CHANNEL, user_id: userId }));
  const sockets: WebSocket[] = [];
  const stopCleanup = onCleanup('close websockets', async () => {
    for (const socket of sockets) socket.terminate();
  });
  let phase: DeliveryPhase | null = null;

  const open = (index: number) =>
    new Promise<boolean>((resolve) => {
      const userId = userIds[index] as number;
      const identifier = identifiers[index] as string;
      const socket = new WebSocket(`ws://127.0.0.1:${options.port}/cable?token=${mintAccessToken(options.jwtSecret, userId)}`, PROTOCOL, {
        perMessageDeflate: false,
        // Checked after the phase (isUtf8), not on the clock.
        skipUTF8Validation: true,
        ...(sourceAddresses > 1 ? { localAddress: `127.0.0.${1 + (index % sourceAddresses)}` } : {}),
      });
      sockets.push(socket);
      let confirmed = false;
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        resolve(ok);
      };
      const timer = setTimeout(() => finish(false), CONNECT_TIMEOUT_MS);
      socket.on('open', () => socket.send(JSON.stringify({ command: 'subscribe', identifier })));
      socket.on('error', () => finish(false));
      socket.on('close', () => finish(false));
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        const current = phase;
        if (current && data.includes(current.marker)) {
          if (Number.isNaN(current.receivedAt[index] ?? 0)) {
            current.receivedAt[index] = performance.now();
            current.frames[index] = data;
            if (isBinary) current.binary[index] = 1;
          }
          return;
        }
        if (confirmed || data.compare(PING_PREFIX, 0, PING_PREFIX.length, 0, PING_PREFIX.length) === 0) return;
        const message = JSON.parse(data.toString()) as { type?: string; identifier?: string };
        if (message.type === 'confirm_subscription' && message.identifier === identifier) {
          confirmed = true;
          finish(true);
        }
      });
    });

  let next = 0;
  let confirmed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, userIds.length) }, async () => {
      while (next < userIds.length) if (await open(next++)) confirmed++;
    }),
  );
  const connectSeconds = (performance.now() - started) / 1000;
  return {
    userIds,
    identifiers,
    sockets,
    confirmed,
    connectSeconds,
    sourceAddresses,
    listen: (current) => void (phase = current),
    close: () => void stopCleanup(),
  };
}

/**
 * The full check of a phase's frames: a frame counts as delivered only if it is valid UTF-8
 * JSON in ActionCable's shape for the client's own identifier, carrying notification_created
 * with the phase's title. Returns the latencies (ms from `sentAt[i]`) of those, and how many
 * frames failed.
 */
export function checkDeliveries(phase: DeliveryPhase, clients: CableClients, sentAt: Float64Array): { latencies: number[]; wrong: number } {
  const latencies: number[] = [];
  let wrong = 0;
  phase.frames.forEach((frame, index) => {
    if (!frame) return;
    let ok = phase.binary[index] === 0 && isUtf8(frame);
    if (ok) {
      try {
        const parsed = JSON.parse(frame.toString()) as { identifier?: unknown; message?: { type?: unknown; payload?: { title?: unknown } } };
        ok = parsed.identifier === clients.identifiers[index] && parsed.message?.type === 'notification_created' && parsed.message.payload?.title === phase.title;
      } catch {
        ok = false;
      }
    }
    const sent = sentAt[index] ?? Number.NaN;
    if (ok && !Number.isNaN(sent)) latencies.push((phase.receivedAt[index] ?? Number.NaN) - sent);
    else wrong++;
  });
  latencies.sort((a, b) => a - b);
  return { latencies, wrong };
}
