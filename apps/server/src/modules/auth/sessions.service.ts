import type { Session } from '@sunin/contract';
import { and, desc, eq, gt, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { statement, type Executor } from '../../db/client.js';
import { columnList } from '../../db/columns.js';
import { sessions, users, type SessionEndReason, type SessionRow, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { Authenticated, ClientInfo, CredentialSource, LiveSessionUser } from '../../lib/authentication.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { findApiTokenHolder, isApiToken, revokeApiTokensIn } from '../api-tokens/api-tokens.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { deletePushSubscriptionsOfSessions } from '../push/push.service.js';

/**
 * Server-side sessions (DESIGN.md "Sessions", docs/decisions/007): every login or signup is a
 * `sessions` row keyed by its token's jti. Authentication reads the row with the user in one
 * query, so ending a row ends the token at once; ending also closes the token's websockets in
 * every process (the bus).
 */

const UNAUTHORIZED = 'You need to sign in or sign up before continuing.';
/** "Last used" is written at most this often: reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;
/** Ended and expired rows are kept this long (what an account's history may want), then pruned. */
const KEEP_ENDED_MS = 30 * 24 * 60 * 60 * 1000;
const USER_AGENT_MAX = 400;

/** Issues a token and records its session (in the caller's transaction when given one). */
export async function startSession(ctx: AppContext, db: Executor, userId: number, client: ClientInfo, now = Date.now()): Promise<{ token: string; claims: AccessClaims; sessionId: number }> {
  const { token, claims } = await ctx.tokens.issue(userId, now);
  const [row] = await db
    .insert(sessions)
    .values({
      jti: claims.jti,
      user_id: userId,
      created_at: new Date(now),
      last_used_at: new Date(now),
      expires_at: new Date(claims.exp * 1000),
      user_agent: client.userAgent.slice(0, USER_AGENT_MAX),
      ip: client.ip.slice(0, 100),
    })
    .returning({ id: sessions.id });
  if (!row) throw new Error('insert returned no row');
  // The member's own rows long past their expiry go (indexed by user; no job needed).
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), lt(sessions.expires_at, new Date(now - KEEP_ENDED_MS))));
  return { token, claims, sessionId: row.id };
}

/**
 * Whether ending sessions for this reason also revokes the user's API tokens (issue 40 item 1):
 * every change of the account's credentials or standing does, so a token minted by whoever held
 * the account before a password reset, or before an administrator ended every session, stops at
 * once. The member's own sign-outs (one session, "all other sessions") and going idle keep them:
 * tokens have their own revocation on /profile. Exhaustive, so a new reason must choose.
 */
const REVOKES_API_TOKENS: Record<SessionEndReason, boolean> = {
  logout: false,
  idle: false,
  signed_out_by_user: false,
  signed_out_by_admin: true,
  password_changed: true,
  password_reset: true,
  email_changed: true,
  mfa_changed: true,
};

/**
 * Whether ending sessions for this reason also turns off web push on the devices those sessions
 * turned it on (issue 41 item 3, docs/decisions/053): every end somebody chose does, since
 * whoever holds the device is no longer signed in as the member. Going idle does not: a phone in
 * a pocket is idle, and it is there that a member wants to hear of a signed proposal. Exhaustive.
 */
const ENDS_PUSH: Record<SessionEndReason, boolean> = {
  logout: true,
  idle: false,
  signed_out_by_user: true,
  signed_out_by_admin: true,
  password_changed: true,
  password_reset: true,
  email_changed: true,
  mfa_changed: true,
};

/**
 * Ends the user's live sessions that `which` selects, inside `db` (a transaction when the end
 * belongs to a change, like a new password), and for a change of credentials revokes the user's
 * API tokens in the same transaction (REVOKES_API_TOKENS). The devices those sessions turned on
 * for web push stop receiving the member's notifications in the same transaction (issue 41 item
 * 3: whoever holds the device now is no longer signed in as them). Returns the ended tokens' jtis, for
 * closeSockets once the change has committed (API tokens hold no sockets).
 */
export async function endSessionsIn(
  db: Executor,
  userId: number,
  which: { id: number } | { jti: string } | { allExcept: number | null },
  reason: SessionEndReason,
): Promise<string[]> {
  let selection: SQL;
  if ('id' in which) selection = eq(sessions.id, which.id);
  else if ('jti' in which) selection = eq(sessions.jti, which.jti);
  else selection = which.allExcept === null ? sql`true` : ne(sessions.id, which.allExcept);
  const rows = await db
    .update(sessions)
    .set({ ended_at: new Date(), end_reason: reason })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.ended_at), selection))
    .returning({ id: sessions.id, jti: sessions.jti });
  if (ENDS_PUSH[reason]) await deletePushSubscriptionsOfSessions(db, rows.map((row) => row.id));
  if (REVOKES_API_TOKENS[reason]) await revokeApiTokensIn(db, userId, reason);
  return rows.map((row) => row.jti);
}

/**
 * Closes the realtime sockets of ended sessions in every process. A failure is logged: the
 * tokens are already refused, and a socket re-checks its token whenever it reconnects.
 */
export async function closeSockets(ctx: AppContext, userId: number, jtis: string[]): Promise<void> {
  if (jtis.length === 0) return;
  // This process refuses the tokens before the answer; the others on the bus message.
  ctx.sessions.dropSessions(jtis);
  try {
    await ctx.bus.publish({ userId, revoke: { jtis } });
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'could not close the sockets of ended sessions');
  }
}

/**
 * After a change to users' rows has committed: every process drops their cached sessions
 * (docs/decisions/028), so the next request reads the changed row. `'all'` for a change to many.
 * A failure to publish is logged; the other processes' entries expire within
 * SESSION_CACHE_SECONDS.
 */
export async function userChanged(ctx: AppContext, userIds: number[] | 'all'): Promise<void> {
  if (userIds !== 'all' && userIds.length === 0) return;
  ctx.sessions.dropUsers(userIds);
  try {
    await ctx.bus.publish({ usersChanged: userIds });
  } catch (error) {
    ctx.log.error({ err: error }, 'could not tell the other processes of a changed user');
  }
}

/** Ends sessions and closes their sockets; the number ended. */
export async function endSessions(ctx: AppContext, userId: number, which: Parameters<typeof endSessionsIn>[2], reason: SessionEndReason): Promise<number> {
  const jtis = await endSessionsIn(ctx.db, userId, which, reason);
  await closeSockets(ctx, userId, jtis);
  return jtis.length;
}

/**
 * The query behind every authenticated request, in one round trip: the user and the session of
 * the token. Plain SQL prepared once per connection (issue 19 item 1: no query building and no
 * result mapping per request). The user's columns are listed, never `u.*` (db/columns.ts).
 */
const AUTHENTICATION = statement(
  'authenticate_session',
  `select ${columnList(users, 'u')}, s.id as session_id, s.ended_at as session_ended_at, s.last_used_at as session_last_used_at from users u join sessions s on s.user_id = u.id and s.jti = $2 where u.id = $1 limit 1`,
);

interface AuthenticationRow extends UserRow {
  session_id: number;
  session_ended_at: Date | null;
  session_last_used_at: Date;
}

const BEARER_HEADER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)$/;
/** A bare credential (the cookie's value, the websocket's `token`): the token's characters and nothing else, no padding. */
const BARE_CREDENTIAL = /^[A-Za-z0-9._~+/=-]+$/;

/**
 * Resolves a credential to its user and session, or throws the one 401 for anything missing,
 * forged, expired, ended or idle past SESSION_IDLE_TIMEOUT_MINUTES. `credential` is the whole
 * Authorization header (`Bearer ...`) from the header, the bare token from the cookie or the
 * websocket. An API token is refused here, in one place, unless it came in the header.
 */
export async function authenticate(ctx: AppContext, credential: string | undefined, from: CredentialSource): Promise<Authenticated> {
  const bearer = from === 'authorization_header' ? credential?.match(BEARER_HEADER)?.[1] : credential?.match(BARE_CREDENTIAL)?.[0];
  if (bearer && isApiToken(bearer)) {
    if (from !== 'authorization_header') throw new AppError('unauthorized', UNAUTHORIZED);
    return authenticateApiToken(ctx, bearer);
  }
  const claims = bearer ? await ctx.tokens.verify(bearer) : null;
  if (!claims) throw new AppError('unauthorized', UNAUTHORIZED);
  const now = Date.now();
  // A session read in the last SESSION_CACHE_SECONDS (docs/decisions/028), unless it is about to
  // go idle: the database decides that. Near its entry's end it is read again in the background.
  const cached = ctx.sessions.get(claims.jti, now);
  if (cached && now - cached.lastUsedAt <= ctx.config.sessionIdleTimeoutMs) {
    if (ctx.sessions.claimRefresh(claims.jti, now)) {
      void readSession(ctx, claims, now).catch((error: unknown) => {
        // Ended or gone since: the next request reads it and is refused.
        if (error instanceof AppError && error.code === 'unauthorized') ctx.sessions.dropSessions([claims.jti]);
        else ctx.log.warn({ err: error }, 'could not read a session again');
      });
    }
    return cached.auth;
  }
  return readSession(ctx, claims, now);
}

/** The user and session of verified claims from the database, remembered for SESSION_CACHE_SECONDS; 401 for one ended or idle. */
async function readSession(ctx: AppContext, claims: AccessClaims, now: number): Promise<Authenticated> {
  const generation = ctx.sessions.generation;
  const [row] = await ctx.run<AuthenticationRow>(AUTHENTICATION, [Number(claims.sub), claims.jti]);
  if (!row || row.session_ended_at) throw new AppError('unauthorized', UNAUTHORIZED);
  const { session_id: sessionId, session_ended_at: _ended, session_last_used_at: lastUsed, ...user } = row;
  let lastUsedAt = lastUsed.getTime();
  const idleFor = now - lastUsedAt;
  if (idleFor > ctx.config.sessionIdleTimeoutMs) {
    await endSessions(ctx, user.id, { id: sessionId }, 'idle');
    throw new AppError('unauthorized', UNAUTHORIZED);
  }
  if (idleFor > TOUCH_INTERVAL_MS) {
    await ctx.db.update(sessions).set({ last_used_at: new Date(now) }).where(eq(sessions.id, sessionId));
    lastUsedAt = now;
  }
  const auth: Authenticated = { user, claims, sessionId };
  ctx.sessions.set(claims.jti, { auth, lastUsedAt }, generation, now);
  return auth;
}

/**
 * A personal API token (issue 40 item 1), looked up by its digest on every request (never
 * cached: a revoked token answers 401 at once everywhere); unknown, revoked and expired tokens
 * get the same 401 as a bad JWT. No session stands behind it, so its jti and session id are ones
 * no session can hold (session ids are positive serials, jtis UUIDs): nothing keyed by them (the
 * re-authentication counter, "end the other sessions", the session cache) meets a session's.
 */
async function authenticateApiToken(ctx: AppContext, bearer: string): Promise<Authenticated> {
  const holder = await findApiTokenHolder(ctx, bearer);
  if (!holder) throw new AppError('unauthorized', UNAUTHORIZED);
  const { user, token } = holder;
  const exp = token.expiresAt ? Math.floor(token.expiresAt.getTime() / 1000) : Number.MAX_SAFE_INTEGER;
  return {
    user,
    claims: { sub: String(user.id), jti: `api_token:${token.id}`, iat: 0, exp },
    sessionId: -token.id,
    apiToken: { id: token.id, name: token.name, scopes: token.scopes, lastUsedAt: token.lastUsedAt },
  };
}

/** Sessions read again per query, so that a check of every open socket is a few queries. */
const RECHECK_BATCH = 1_000;

/**
 * For connections that authenticated earlier and stay open (websockets): which of these
 * sessions `authenticate` would still accept as far as the rows say (the session not ended nor
 * idle past SESSION_IDLE_TIMEOUT_MINUTES, its user still there), each with its user as now. A
 * jti missing from the answer is no longer signed in. The token's own expiry is the
 * connection's to keep.
 */
export async function liveSessionUsers(ctx: AppContext, jtis: readonly string[]): Promise<Map<string, LiveSessionUser>> {
  const live = new Map<string, LiveSessionUser>();
  const activeSince = new Date(Date.now() - ctx.config.sessionIdleTimeoutMs);
  for (let start = 0; start < jtis.length; start += RECHECK_BATCH) {
    const rows = await ctx.db
      .select({ jti: sessions.jti, company_role: users.company_role, mfa_enabled_at: users.mfa_enabled_at })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(inArray(sessions.jti, jtis.slice(start, start + RECHECK_BATCH)), isNull(sessions.ended_at), gt(sessions.last_used_at, activeSince)));
    for (const { jti, ...user } of rows) live.set(jti, user);
  }
  return live;
}

/** The caller's live sessions, the most recently used first. */
export async function listSessions(ctx: AppContext, userId: number, currentSessionId: number): Promise<Session[]> {
  const now = Date.now();
  const rows: SessionRow[] = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.ended_at),
        gt(sessions.expires_at, new Date(now)),
        gt(sessions.last_used_at, new Date(now - ctx.config.sessionIdleTimeoutMs)),
      ),
    )
    .orderBy(desc(sessions.last_used_at), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    user_agent: row.user_agent,
    ip: row.ip,
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the caller's own live sessions; another member's id, or an ended one, is 404. */
export async function endOwnSession(ctx: AppContext, userId: number, sessionId: number): Promise<void> {
  const ended = await endSessions(ctx, userId, { id: sessionId }, 'signed_out_by_user');
  if (ended === 0) throw new AppError('not_found', 'Session not found.');
}

/** Every session of a user ends (an administrator's action, ASVS 7.4.5); 404 for no such user. */
export async function endAllSessionsOf(ctx: AppContext, userId: number, adminId: number): Promise<number> {
  const [user] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found', 'User not found.');
  const jtis = await ctx.db.transaction(async (tx) => {
    const ended = await endSessionsIn(tx, userId, { allExcept: null }, 'signed_out_by_admin');
    await recordAudit(tx, { actorId: adminId, action: 'sessions_ended', entityType: 'user', entityId: userId, changes: { sessions_ended: { before: null, after: ended.length } } });
    return ended;
  });
  await closeSockets(ctx, userId, jtis);
  return jtis.length;
}
