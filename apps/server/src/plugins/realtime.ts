import websocket from '@fastify/websocket';
import { ADMIN_CHANGED_EVENT, NOTIFICATIONS_CHANNEL } from '@sunin/contract';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest, onResponseHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import type { AppContext } from '../app-context.js';
import { adminStanding } from '../lib/admin-standing.js';
import { requireSessionAuthority, type SessionAuthority } from '../lib/authentication.js';
import { CableConnections, frameOpening, PING_SLOTS, refuse, sendFrame, type CableConnection } from './cable-connections.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A POST that only reads (a file parsed and answered, nothing saved): no admin_changed. */
    changesNothing?: boolean;
  }
}

/** ActionCable's wire protocol (the real @rails/actioncable client speaks it unchanged). */
const PROTOCOL = 'actioncable-v1-json';
const MAX_FRAME_BYTES = 16 * 1024;
const MAX_SUBSCRIPTIONS = 20;
const WELCOME_FRAME = JSON.stringify({ type: 'welcome' });
/**
 * Every open socket's session is read again this often, so that one whose session went idle
 * (SESSION_IDLE_TIMEOUT_MINUTES) is closed within a minute of it, as its next request would be
 * refused. A slot of the pings' (PING_SLOTS) at a time, one every SESSION_RECHECK_MS /
 * PING_SLOTS: at 10,000 sockets, 320-352 every 2 s in one query, instead of 10,000 at once holding
 * the event loop while deliveries wait.
 */
export const SESSION_RECHECK_MS = 60_000;

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
 * Users' rows changed (docs/decisions/028), or, for `'all'`, Redis came back and any change may
 * have been missed, or a slot's minute passed: their open sockets are checked again as a new one
 * would be. A socket whose session ended or went idle, or whose user is gone, is refused; the others
 * hear admin_changed as their user's standing now says (adminStanding, as the admin routes).
 * One query per thousand sockets: a change to one user is one query, and only in the processes
 * that hold their sockets.
 */
async function recheckConnections(ctx: AppContext, authority: SessionAuthority, connections: CableConnections, which: number[] | 'all' | { slot: number }): Promise<void> {
  const open = typeof which === 'object' && 'slot' in which ? connections.inSlot(which.slot) : connections.of(which);
  if (open.length === 0) return;
  const live = await authority.liveSessionUsers(open.map((connection) => connection.jti));
  for (const connection of open) {
    const user = live.get(connection.jti);
    if (user) connections.setAdmin(connection, adminStanding(ctx.config, user) === 'admin');
    else refuse(connection.socket);
  }
}

/** The sessions a socket authenticates against, from buildApp (modules/auth/session-authority.ts). */
export interface RealtimePluginOptions {
  authority: SessionAuthority;
}

/**
 * /cable?token=...: a token check at connect, `welcome`, a ping every 3 s, subscribe and
 * unsubscribe with a JSON identifier, NotificationsChannel confirmed only for the token's own
 * user. Events reach a process through the bus, whichever process created them; the fan-out
 * to this process's sockets is CableConnections (docs/decisions/025).
 */
export const realtimePlugin = fp(async (app: FastifyInstance, options: RealtimePluginOptions) => {
  const authority = requireSessionAuthority('realtime', options.authority);
  const connections = new CableConnections();

  const onSocketError = (error: Error, socket: WebSocket) => {
    app.log.debug({ err: error }, 'websocket error');
    socket.terminate();
  };
  await app.register(websocket, {
    options: {
      maxPayload: MAX_FRAME_BYTES,
      // The client closes for good unless the server picks its subprotocol (DESIGN.md).
      handleProtocols: (protocols: Set<string>) => (protocols.has(PROTOCOL) ? PROTOCOL : false),
    },
    errorHandler: onSocketError,
  });
  /** Each /cable request's upgrade answer, to let go of it once the socket is open. */
  const upgradeResponses = new WeakMap<FastifyRequest, ServerResponse>();

  // Re-checks run one at a time, in the order the bus told them, and an admin_changed heard
  // while one is under way waits for it: the event reaches the administrators as of the change
  // published before it (a demoted administrator does not hear the write that demoted them).
  let queue: Promise<void> | undefined;
  const inTurn = (step: () => void | Promise<void>) => {
    const next = (queue ?? Promise.resolve()).then(step).catch((error: unknown) => app.log.error({ err: error }, 'could not check open sockets again'));
    queue = next;
    void next.then(() => {
      if (queue === next) queue = undefined;
    });
  };

  const stopListening = app.ctx.bus.onMessage((message) => {
    if ('admins' in message) {
      if (queue) inTurn(() => connections.toAdmins(message.event));
      else connections.toAdmins(message.event);
    } else if ('everyone' in message) connections.toEveryone(message.event);
    else if ('revoke' in message) connections.revoke(message.userId, message.revoke.jtis);
    else if ('usersChanged' in message) inTurn(() => recheckConnections(app.ctx, authority, connections, message.usersChanged));
    else connections.toUser(message.userId, message.event);
  });
  connections.startPings();
  let recheckSlot = 0;
  const sessionRecheck = setInterval(() => {
    const slot = recheckSlot;
    recheckSlot = (recheckSlot + 1) % PING_SLOTS;
    inTurn(() => recheckConnections(app.ctx, authority, connections, { slot }));
  }, SESSION_RECHECK_MS / PING_SLOTS);
  sessionRecheck.unref();

  app.addHook('onClose', async () => {
    clearInterval(sessionRecheck);
    connections.stopPings();
    stopListening();
    await queue;
  });

  const rememberUpgradeResponse: preHandlerHookHandler = (request, reply, done) => {
    upgradeResponses.set(request, reply.raw);
    done();
  };

  app.get('/cable', { websocket: true, schema: { hide: true }, preHandler: rememberUpgradeResponse }, (socket, request) => {
    // Let go of the upgrade request. Otherwise the HTTP response stays assigned to the socket and
    // @fastify/websocket's error listener keeps the request and reply alive: together about half
    // of a connection's memory for as long as it is open (docs/decisions/025). The error
    // handling stays the same.
    const response = upgradeResponses.get(request);
    upgradeResponses.delete(request);
    if (response?.socket) response.detachSocket(response.socket);
    socket.removeAllListeners('error');
    socket.on('error', (error) => onSocketError(error, socket));

    // Commands may arrive before the token is checked (the client subscribes at once): queue them.
    const early: string[] = [];
    let connection: CableConnection | null = null;

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
          connection.subscriptions.set(identifier, frameOpening(identifier));
          sendFrame(socket, JSON.stringify({ identifier, type: 'confirm_subscription' }));
        } else {
          sendFrame(socket, JSON.stringify({ identifier, type: 'reject_subscription' }));
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
      connections.remove(connection);
    });

    const token = new URL(request.url, 'http://cable').searchParams.get('token');
    // Issue 40 item 1: the websocket is the web app's own; authenticate refuses an API token from here.
    authority.authenticate(token ?? undefined, 'websocket_query')
      .then(({ user, claims }) => {
        if (socket.readyState !== socket.OPEN) return;
        // setTimeout holds at most ~24.8 days; tokens live 2 days.
        const expiry = setTimeout(() => refuse(socket), Math.max(0, claims.exp * 1000 - Date.now()));
        expiry.unref();
        connection = { socket, userId: user.id, isAdmin: adminStanding(app.ctx.config, user) === 'admin', jti: claims.jti, expiry, subscriptions: new Map(), pingSlot: connections.takePingSlot() };
        connections.add(connection);
        sendFrame(socket, WELCOME_FRAME);
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
