import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_API_TOKEN_SCOPES, API_TOKEN_PREFIX, MFA_MESSAGES, API_TOKENS_PER_USER, type ApiToken, type ApiTokenCreateBody, type ApiTokenCreated, type ApiTokenScope } from '@sunin/contract';
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.js';
import { statement } from '../../db/client.js';
import { columnList } from '../../db/columns.js';
import type { Executor } from '../../db/client.js';
import { apiTokens, users, type ApiTokenRow, type SessionEndReason, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ApiTokenRequest } from '../../lib/authentication.js';
import { recordAudit } from '../audit/audit.service.js';
import { adminStanding } from '../../lib/admin-standing.js';

/**
 * Personal API tokens (issue 40 item 1; docs/decisions/051). A token is shown once and kept as
 * the SHA-256 of its text: 32 random bytes need no slow hash, and a digest lets authentication
 * find the row by an index. Lookups are not cached, so a revoked token answers 401 at once in
 * every process; the one indexed query replaces the session's.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** "Last used" is written at most this often: a token's reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;
const NOT_FOUND = 'API token not found.';

/** The digest a token is stored and looked up by. */
export const apiTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether a bearer value is an API token rather than a session's JWT (which has no underscore prefix). */
export const isApiToken = (bearer: string): boolean => bearer.startsWith(API_TOKEN_PREFIX);

/** What createApiToken makes: the prefix and 32 random bytes in base64url (43 characters). */
const API_TOKEN_FORMAT = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);

function toApiToken(row: ApiTokenRow, now: number): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes,
    token_hint: row.token_hint,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    active: row.revoked_at === null && (row.expires_at === null || row.expires_at.getTime() > now),
  };
}

/** Tokens that still work: not revoked, not expired. */
const activeTokens = (userId: number, now: Date) => and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at), or(isNull(apiTokens.expires_at), gt(apiTokens.expires_at, now)));

/**
 * POST /api/user/api_tokens: a new token, shown in this answer only. The `admin` scope is for
 * full access administrators in good standing; at most API_TOKENS_PER_USER work at once (the
 * user's row is locked, so two creations cannot both pass the count). Audited without the secret.
 */
export async function createApiToken(ctx: AppContext, user: UserRow, input: ApiTokenCreateBody['api_token']): Promise<ApiTokenCreated> {
  if (input.scopes.some((scope) => ADMIN_API_TOKEN_SCOPES.includes(scope))) {
    const standing = adminStanding(ctx.config, user);
    // As the admin routes answer (ADMIN_MFA_REQUIRED, docs/decisions/010): an administrator learns that enrolment is what is missing.
    if (standing === 'mfa_enrollment_required') throw new AppError('mfa_enrollment_required', MFA_MESSAGES.enrollmentRequired);
    if (standing !== 'admin') throw new AppError('forbidden', 'Only a full access administrator can create a token with the admin scope.');
  }
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const now = new Date();
    const [active] = await tx.select({ n: count() }).from(apiTokens).where(activeTokens(user.id, now));
    if ((active?.n ?? 0) >= API_TOKENS_PER_USER) {
      throw new AppError('rule_broken', `You can hold at most ${API_TOKENS_PER_USER} API tokens at once. Revoke one you no longer use first.`);
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({
        user_id: user.id,
        name: input.name,
        scopes: input.scopes,
        token_hash: apiTokenHash(token),
        token_hint: token.slice(-4),
        created_at: now,
        expires_at: input.expires_in_days === null ? null : new Date(now.getTime() + input.expires_in_days * DAY_MS),
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await recordAudit(tx, {
      actorId: user.id,
      action: 'created',
      entityType: 'api_token',
      entityId: created.id,
      changes: {
        name: { before: null, after: created.name },
        scopes: { before: null, after: created.scopes },
        expires_at: { before: null, after: created.expires_at?.toISOString() ?? null },
      },
    });
    return created;
  });
  return { api_token: toApiToken(row, Date.now()), token };
}

/** GET /api/user/api_tokens: the member's tokens not revoked (expired ones too, inactive), newest first. */
export async function listApiTokens(ctx: AppContext, userId: number): Promise<ApiToken[]> {
  const rows = await ctx.db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)))
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id));
  const now = Date.now();
  return rows.map((row) => toApiToken(row, now));
}

/** DELETE /api/user/api_tokens/{id}: the token answers 401 from its next request. Another member's, or a revoked one, is 404. */
export async function revokeApiToken(ctx: AppContext, userId: number, tokenId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const at = new Date();
    const [revoked] = await tx
      .update(apiTokens)
      .set({ revoked_at: at })
      .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)))
      .returning({ id: apiTokens.id, name: apiTokens.name });
    if (!revoked) throw new AppError('not_found', NOT_FOUND);
    await recordAudit(tx, {
      actorId: userId,
      action: 'revoked',
      entityType: 'api_token',
      entityId: revoked.id,
      changes: { name: { before: revoked.name, after: revoked.name }, revoked_at: { before: null, after: at.toISOString() } },
    });
  });
}

/**
 * Revokes every working token of the user, inside the transaction that ends their sessions for
 * a change of credentials (sessions.service endSessionsIn), each revocation audited with why.
 */
export async function revokeApiTokensIn(db: Executor, userId: number, reason: SessionEndReason): Promise<void> {
  const at = new Date();
  const revoked = await db
    .update(apiTokens)
    .set({ revoked_at: at })
    .where(and(eq(apiTokens.user_id, userId), isNull(apiTokens.revoked_at)))
    .returning({ id: apiTokens.id, name: apiTokens.name });
  for (const token of revoked) {
    await recordAudit(db, {
      actorId: null,
      action: 'revoked',
      entityType: 'api_token',
      entityId: token.id,
      changes: { name: { before: token.name, after: token.name }, revoked_at: { before: null, after: at.toISOString() }, reason: { before: null, after: reason } },
    });
  }
}

/**
 * The one query behind a token's request: its user and the token, if it still works (prepared
 * once per connection; the user's columns listed, never `u.*`: db/columns.ts).
 */
const TOKEN_AUTHENTICATION = statement(
  'authenticate_api_token',
  `select ${columnList(users, 'u')}, t.id as token_id, t.name as token_name, t.scopes as token_scopes, t.expires_at as token_expires_at, t.last_used_at as token_last_used_at from api_tokens t join users u on u.id = t.user_id where t.token_hash = $1 and t.revoked_at is null and (t.expires_at is null or t.expires_at > $2::timestamptz) limit 1`,
);

interface TokenAuthenticationRow extends UserRow {
  token_id: number;
  token_name: string;
  token_scopes: ApiTokenScope[];
  token_expires_at: Date | null;
  token_last_used_at: Date | null;
}

export interface TokenHolder {
  user: UserRow;
  token: { id: number; name: string; scopes: readonly ApiTokenScope[]; expiresAt: Date | null; lastUsedAt: Date | null };
}

/**
 * The user and token of a bearer API token, or null for one unknown, revoked or expired. Text
 * that is not a token's exact form is null without a query.
 */
export async function findApiTokenHolder(ctx: AppContext, bearer: string, now = Date.now()): Promise<TokenHolder | null> {
  if (!API_TOKEN_FORMAT.test(bearer)) return null;
  const [row] = await ctx.run<TokenAuthenticationRow>(TOKEN_AUTHENTICATION, [apiTokenHash(bearer), new Date(now).toISOString()]);
  if (!row) return null;
  const { token_id: id, token_name: name, token_scopes: scopes, token_expires_at: expiresAt, token_last_used_at: lastUsedAt, ...user } = row;
  const asDate = (value: Date | null) => (value === null ? null : new Date(value));
  return { user, token: { id, name, scopes, expiresAt: asDate(expiresAt), lastUsedAt: asDate(lastUsedAt) } };
}

/**
 * Notes a token's use, at most once a minute: called once the request has passed the token's
 * scope and limit, so a refused request does not count as use.
 */
export async function noteApiTokenUse(ctx: AppContext, token: { id: number; lastUsedAt: Date | null }, now = Date.now()): Promise<void> {
  if (token.lastUsedAt !== null && now - token.lastUsedAt.getTime() <= TOUCH_INTERVAL_MS) return;
  await ctx.db.update(apiTokens).set({ last_used_at: new Date(now) }).where(eq(apiTokens.id, token.id));
}

/**
 * Issue 40 item 1 "audited as the token": a request made with a token that succeeded, by its
 * route pattern and parameters (never the query string or the body, which may carry personal data).
 */
export async function recordApiTokenRequest(ctx: AppContext, request: ApiTokenRequest): Promise<void> {
  await recordAudit(ctx.db, {
    actorId: request.userId,
    action: 'request',
    entityType: 'api_token',
    entityId: request.tokenId,
    changes: {
      method: { before: null, after: request.method },
      route: { before: null, after: request.route },
      params: { before: null, after: request.params },
      status: { before: null, after: request.status },
    },
  });
}
