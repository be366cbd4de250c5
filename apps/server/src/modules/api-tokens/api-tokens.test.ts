import { createHash } from 'node:crypto';
import { API_TOKEN_PREFIX, API_TOKENS_PER_USER, type ApiToken, type ApiTokenCreated, type ApiTokenScope } from '@sunin/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiTokens, auditEntries } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * Personal API tokens (issue 40 item 1): made, listed and revoked from a session only, shown
 * once, kept as a digest; unknown, revoked and expired tokens answer the same 401 as a bad JWT.
 */
let t: TestApp;
let member: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  member = await t.signIn({ first_name: 'Tess' });
  other = await t.signIn({ first_name: 'Olga' });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
});
afterAll(async () => t?.close());

const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'You need to sign in or sign up before continuing.' } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function createToken(who: SignedIn, scopes: ApiTokenScope[] = ['projects:read'], expires_in_days: number | null = 30, name = 'CRM sync'): Promise<ApiTokenCreated> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: who.auth, payload: { api_token: { name, scopes, expires_in_days } } });
  expect(res.statusCode, res.body).toBe(201);
  // The secret is in this answer only: never cached.
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as ApiTokenCreated;
}
const listTokens = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/api_tokens', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { api_tokens: ApiToken[] }).api_tokens;
};
const whoAmI = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: bearer(token) });

describe('creating, listing and revoking tokens', () => {
  it('shows the token once, keeps only its SHA-256, and lists it newest first without its text', async () => {
    const first = await createToken(member, ['projects:read'], 30, 'First');
    const created = await createToken(member, ['projects:read', 'earnings:read'], null, 'HubSpot');
    expect(created.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(created.api_token).toMatchObject({ name: 'HubSpot', scopes: ['projects:read', 'earnings:read'], token_hint: created.token.slice(-4), expires_at: null, last_used_at: null, active: true });
    const expiring = Date.parse(first.api_token.expires_at!) - Date.parse(first.api_token.created_at);
    expect(expiring).toBe(30 * 24 * 3600 * 1000);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.api_token.id));
    expect(row!.token_hash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(API_TOKEN_PREFIX.length));

    const listed = await listTokens(member);
    expect(listed.map((token) => token.name).slice(0, 2)).toEqual(['HubSpot', 'First']);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect((await listTokens(other)).map((token) => token.id)).not.toContain(created.api_token.id);
  });

  it('authenticates as its member, notes when it was last used, and answers 401 right after it is revoked', async () => {
    const { token, api_token } = await createToken(member);
    const me = await whoAmI(token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ id: member.user.id });
    expect((await listTokens(member)).find((row) => row.id === api_token.id)?.last_used_at).toEqual(expect.any(String));

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/user/api_tokens/${api_token.id}`, headers: member.auth });
    expect(revoked.statusCode, revoked.body).toBe(204);
    const after = await whoAmI(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(UNAUTHORIZED);
    expect((await listTokens(member)).map((row) => row.id)).not.toContain(api_token.id);
    // Revoking it again, or another member's token, is 404; the other member's token still works.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/api_tokens/${api_token.id}`, headers: member.auth })).statusCode).toBe(404);
    const theirs = await createToken(other);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/user/api_tokens/${theirs.api_token.id}`, headers: member.auth });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: { code: 'not_found', message: 'API token not found.' } });
    expect((await whoAmI(theirs.token)).statusCode).toBe(200);
  });

  it('answers the same 401 to an unknown, an altered and an expired token; an expired one is listed inactive', async () => {
    const { token } = await createToken(member);
    for (const guess of [`${API_TOKEN_PREFIX}${'A'.repeat(43)}`, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`]) {
      const res = await whoAmI(guess);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(UNAUTHORIZED);
    }
    // Its clock moved on: a token (of the right form) whose expiry has passed.
    const expired = `${API_TOKEN_PREFIX}${'E'.repeat(39)}${String(Date.now() % 10_000).padStart(4, '0')}`;
    const [row] = await t.db
      .insert(apiTokens)
      .values({ user_id: member.user.id, name: 'Old', scopes: ['projects:read'], token_hash: createHash('sha256').update(expired).digest('hex'), token_hint: expired.slice(-4), created_at: new Date(Date.now() - 31 * 86_400_000), expires_at: new Date(Date.now() - 1000) })
      .returning();
    const res = await whoAmI(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(UNAUTHORIZED);
    expect((await listTokens(member)).find((token) => token.id === row!.id)).toMatchObject({ name: 'Old', active: false });
  });

  it('answers anything but the exact form of a token with the same 401, without a query', async () => {
    const { token } = await createToken(member);
    const run = vi.spyOn(t.app.ctx, 'run');
    try {
      for (const malformed of [`${token}A`, token.slice(0, -1), `${token.slice(0, -1)}.`, `${API_TOKEN_PREFIX}`, `${API_TOKEN_PREFIX}${'A'.repeat(42)}=`]) {
        const res = await whoAmI(malformed);
        expect(res.statusCode, malformed).toBe(401);
        expect(res.json()).toEqual(UNAUTHORIZED);
      }
      expect(run).not.toHaveBeenCalled();
      expect((await whoAmI(token)).statusCode).toBe(200);
      expect(run).toHaveBeenCalledWith(expect.objectContaining({ name: 'authenticate_api_token' }), expect.any(Array));
    } finally {
      run.mockRestore();
    }
  });

  it('does not note as use a request refused by its scope or its limit', async () => {
    const { token, api_token } = await createToken(member, ['earnings:read']);
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects', headers: bearer(token) });
    expect(refused.json().error.code).toBe('insufficient_scope');
    expect((await listTokens(member)).find((row) => row.id === api_token.id)?.last_used_at).toBeNull();
    expect((await whoAmI(token)).statusCode).toBe(200);
    expect((await listTokens(member)).find((row) => row.id === api_token.id)?.last_used_at).toEqual(expect.any(String));
  });

  it('gives the admin scope only to a full access administrator', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: member.auth, payload: { api_token: { name: 'Sneaky', scopes: ['projects:read', 'admin'], expires_in_days: 30 } } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'Only a full access administrator can create a token with the admin scope.' } });
    const engineer = await t.signIn({ company_role: 'project_engineer' });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: engineer.auth, payload: { api_token: { name: 'x', scopes: ['admin'], expires_in_days: null } } })).statusCode).toBe(403);
    expect((await createToken(admin, ['admin'], 365)).api_token.scopes).toEqual(['admin']);
  });

  it('refuses a body that is not the contract: unknown keys, a bad scope, more than a year', async () => {
    for (const api_token of [
      { name: 'x', scopes: ['projects:read'], expires_in_days: 30, extra: 1 },
      { name: 'x', scopes: ['everything'], expires_in_days: 30 },
      { name: 'x', scopes: ['projects:read'], expires_in_days: 366 },
      { name: ' ', scopes: ['projects:read'], expires_in_days: 30 },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: member.auth, payload: { api_token } });
      expect(res.statusCode, JSON.stringify(api_token)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it(`holds at most ${API_TOKENS_PER_USER} working tokens a member; revoked and expired ones do not count`, async () => {
    const holder = await t.signIn();
    const made: ApiTokenCreated[] = [];
    for (let i = 0; i < API_TOKENS_PER_USER; i++) made.push(await createToken(holder, ['projects:read'], 30, `Token ${i}`));
    const refused = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: holder.auth, payload: { api_token: { name: 'One more', scopes: ['projects:read'], expires_in_days: 30 } } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: { code: 'rule_broken' } });
    await t.db.update(apiTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, made[0]!.api_token.id));
    await createToken(holder, ['projects:read'], 30, 'Replaces an expired one');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/api_tokens/${made[1]!.api_token.id}`, headers: holder.auth })).statusCode).toBe(204);
    await createToken(holder, ['projects:read'], 30, 'Replaces a revoked one');
  });

  it('cannot be used to make, list or revoke tokens, whatever its scopes', async () => {
    const { token, api_token } = await createToken(admin, ['projects:read', 'projects:write', 'earnings:read', 'admin'], 30);
    const requests = [
      { method: 'POST' as const, url: '/api/user/api_tokens', payload: { api_token: { name: 'Child', scopes: ['admin'], expires_in_days: null } } },
      { method: 'GET' as const, url: '/api/user/api_tokens' },
      { method: 'DELETE' as const, url: `/api/user/api_tokens/${api_token.id}` },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: bearer(token) });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
    }
    expect((await whoAmI(token)).statusCode).toBe(200);
  });
});

describe('the audit trail', () => {
  it('records a token made and revoked, by its member, never with its text', async () => {
    const { token, api_token } = await createToken(other, ['earnings:read'], 90, 'Books');
    await t.app.inject({ method: 'DELETE', url: `/api/user/api_tokens/${api_token.id}`, headers: other.auth });
    const entries = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'api_token'), eq(auditEntries.entity_id, api_token.id))).orderBy(asc(auditEntries.id));
    expect(entries.map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['created', other.user.id],
      ['revoked', other.user.id],
    ]);
    expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: 'Books' }, scopes: { before: null, after: ['earnings:read'] } });
    expect(JSON.stringify(entries)).not.toContain(token.slice(API_TOKEN_PREFIX.length, API_TOKEN_PREFIX.length + 20));
  });
});
