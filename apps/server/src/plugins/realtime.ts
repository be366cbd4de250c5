import websocket from '@fastify/websocket';
import { ADMIN_CHANGED_EVENT, ADMIN_ROLE, NOTIFICATIONS_CHANNEL } from '@sunin/contract';
import type { FastifyInstance, onResponseHookHandler } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (a file parsed and answered, nothing saved): no admin_changed. */
    changesNothing?: boolean;
  }
}
import type { WebSocket } from 'ws';
import { authenticate } from '../modules/auth/sessions.service.js';

/** ActionCable's wire protocol (the real @rails/actioncable client speaks it unchanged). */
const PROTOCOL = 'actioncable-v1-json';
const PING_INTERVAL_MS = 3_000;
const MAX_FRAME_BYTES = 16 * 1024;
const MAX_SUBSCRIPTIONS = 20;
/** ActionCable's refusal: the real client stops and does not reconnect. */
const UNAUTHORIZED_FRAME = { type: 'disconnect', reason: 'unauthorized', reconnect: false };

interface Connection {
  socket: WebSocket;
  userId: number;
  /** A full_access_admin when it connected: hears admin_changed events. */
  isAdmin: boolean;
  /** The session it was opened with: ending that session closes it (ASVS V7.4). */
  jti: string;
  /** Fires when the token expires: a socket lives no longer than its token (ASVS 7.3.2). */
  expiry: NodeJS.Timeout;
  /** identifier string (exactly as the client sent it) -> the user it listens to */
  subscriptions: Map<string, number>;
}

function send(socket: WebSocket, message: unknown): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

/** ActionCable's refusal, then close: the client does not reconnect with this token. */
function refuse(socket: WebSocket): void {
  send(socket, UNAUTHORIZED_FRAME);
  socket.close();
}

/** The channel and user of a subscription identifier, or null for anything else. */
function parseIdentifier(identifier: unknown): { channel: string; userId: string } | null {
  if (typeof identifier !== 'string' || identifier.length > 512) return null;
  try {
    const parsed = JSON.parse(identifier) as { channel?: unknown; user_id?: unknown };
    if (typeof parsed.channel !== 'string') return null;
    const userId = typeof parsed.user_id === 'number' || typeof parsed.user_id === 'string' ? String(parsed.user_id) : '';
    return { channel: parsed.channel, userId };
  } catch {
    return null;
  }
}

/**
 * /cable?token=...: a token check at connect, `welcome`, a ping every 3 s, subscribe and
 * unsubscribe with a JSON identifier, NotificationsChannel confirmed only for the token's own
 * user. Events reach a process through the bus, whichever process created them.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const connections = new Map<number, Set<Connection>>();

  await app.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // The client closes for good unless the server picks its subprotocol (DESIGN.md).
      handleProtocols: (protocols: Set<string>) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
    },
    errorHandler: (error, socket) => {
      app.log.debug({ err: error }, 'websocket error');
      socket.terminate();
    },
  });

  const stopListening = app.ctx.bus.onMessage((message) => {
    if ('admins' in message) {
      for (const set of connections.values()) {
        for (const connection of set) {
          if (!connection.isAdmin) continue;
          for (const identifier of connection.subscriptions.keys()) send(connection.socket, { identifier, message: message.event });
        }
      }
      return;
    }
    const { userId } = message;
    if ('revoke' in message) {
      const ended = new Set(message.revoke.jtis);
      for (const connection of connections.get(userId) ?? []) if (ended.has(connection.jti)) refuse(connection.socket);
      return;
    }
    for (const connection of connections.get(userId) ?? []) {
      for (const [identifier, subscribedUserId] of connection.subscriptions) {
        if (subscribedUserId === userId) send(connection.socket, { identifier, message: message.event });
      }
    }
  });

  const ping = setInterval(() => {
    const message = { type: 'ping', message: Math.floor(Date.now() / 1000) };
    for (const set of connections.values()) for (const connection of set) send(connection.socket, message);
  }, PING_INTERVAL_MS);
  ping.unref();

  app.addHook('onClose', async () => {
    clearInterval(ping);
    stopListening();
  });

  app.get('/cable', { websocket: true, schema: { hide: true } }, (socket, request) => {
    // Commands may arrive before the token is checked (the client subscribes at once): queue them.
    const early: string[] = [];
    let connection: Connection | null = null;

    const handle = (raw: string) => {
      if (!connection) return;
      let data: { command?: unknown; identifier?: unknown };
      try {
        data = JSON.parse(raw) as typeof data;
      } catch {
        return; // malformed frames are ignored
      }
      if (typeof data !== 'object' || data === null) return;
      const identifier = data.identifier;
      if (data.command === 'subscribe' && typeof identifier === 'string') {
        // The client resends every 500 ms until answered: answer each identifier once.
        if (connection.subscriptions.has(identifier)) return;
        const parsed = parseIdentifier(identifier);
        if (parsed?.channel === NOTIFICATIONS_CHANNEL && parsed.userId === String(connection.userId) && connection.subscriptions.size < MAX_SUBSCRIPTIONS) {
          connection.subscriptions.set(identifier, connection.userId);
          send(socket, { identifier, type: 'confirm_subscription' });
        } else {
          send(socket, { identifier, type: 'reject_subscription' });
        }
      } else if (data.command === 'unsubscribe' && typeof identifier === 'string') {
        connection.subscriptions.delete(identifier);
      }
      // 'message' commands (channel actions) and anything else: NotificationsChannel has none.
    };

    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const raw = data.toString();
      if (connection) handle(raw);
      else if (early.length < 20) early.push(raw);
    });
    socket.on('close', () => {
      if (!connection) return;
      clearTimeout(connection.expiry);
      const set = connections.get(connection.userId);
      set?.delete(connection);
      if (set && set.size === 0) connections.delete(connection.userId);
    });

    const token = new URL(request.url, 'http://cable').searchParams.get('token');
    authenticate(app.ctx, token ? `Bearer ${token}` : undefined)
      .then(({ user, claims }) => {
        if (socket.readyState !== socket.OPEN) return;
        // setTimeout holds at most ~24.8 days; tokens live 2 days.
        const expiry = setTimeout(() => refuse(socket), Math.max(0, claims.exp * 1000 - Date.now()));
        expiry.unref();
        connection = { socket, userId: user.id, isAdmin: user.company_role === ADMIN_ROLE, jti: claims.jti, expiry, subscriptions: new Map() };
        const set = connections.get(user.id) ?? new Set<Connection>();
        set.add(connection);
        connections.set(user.id, set);
        send(socket, { type: 'welcome' });
        for (const raw of early.splice(0)) handle(raw);
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code !== 'unauthorized') app.log.error({ err: error }, 'cable authentication failed');
        refuse(socket);
      });
  });
});

/**
 * onResponse hook of the admin route plugins (issue 15 item 1): after an admin write has
 * answered successfully, every administrator's open pages hear `admin_changed` and read their
 * lists again, in every server process (the bus). After the answer, so it costs the request
 * nothing; a failed publish is logged and the pages catch up at their next read.
 */
export function announceAdminWrites(app: FastifyInstance): onResponseHookHandler {
  return (request, reply, done) => {
    const changesNothing = request.routeOptions.config.changesNothing === true;
    if (request.method !== 'GET' && request.method !== 'HEAD' && !changesNothing && reply.statusCode < 400) {
      app.ctx.bus
        .publish({ admins: true, event: { type: ADMIN_CHANGED_EVENT, payload: { path: request.routeOptions.url ?? request.url } } })
        .catch((error: unknown) => app.log.warn({ err: error }, 'admin change publish failed'));
    }
    done();
  };
}
