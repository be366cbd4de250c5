import type { ApiTokenCreated } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiTokens } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * Issue 40 item 1: a token's requests are limited per token (API_TOKEN_RATE_LIMIT_PER_MINUTE,
 * 3 here), every answer says how much is left, and past it 429 with Retry-After. The clock stands
 * still one second into a minute, so that no window ends during the test.
 */
let t: TestApp;
let member: SignedIn;

beforeAll(async () => {
  t = await createTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
  member = await t.signIn();
});
afterAll(async () => t?.close());
afterEach(() => vi.restoreAllMocks());

async function tokenHeader(name: string): Promise<{ authorization: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: member.auth, payload: { api_token: { name, scopes: ['projects:read'], expires_in_days: 30 } } });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${(res.json() as ApiTokenCreated).token}` };
}
const lastUsedOf = async (name: string) => (await t.db.select({ at: apiTokens.last_used_at }).from(apiTokens).where(eq(apiTokens.name, name)))[0]?.at;

describe('the per-token limit', () => {
  it('answers with RateLimit-* headers, refuses the request past the limit with 429 and Retry-After, and counts each token alone', async () => {
    const first = await tokenHeader('First');
    const second = await tokenHeader('Second');
    const minuteStart = Math.floor(Date.now() / 60_000) * 60_000 + 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(minuteStart + 1_000);

    const seen: Array<[number, string | undefined]> = [];
    for (let i = 0; i < 3; i++) {
      // A refusal for scope is a request of the token's too.
      const res = await t.app.inject({ method: 'GET', url: i === 2 ? '/api/user/earnings' : '/api/projects', headers: first });
      seen.push([res.statusCode, res.headers['ratelimit-remaining'] as string | undefined]);
      expect(res.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-reset': '59', 'ratelimit-policy': '3;w=60' });
    }
    expect(seen).toEqual([
      [200, '2'],
      [200, '1'],
      [403, '0'],
    ]);
    const refused = await t.app.inject({ method: 'GET', url: '/api/projects', headers: first });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect(refused.headers).toMatchObject({ 'retry-after': '59', 'ratelimit-remaining': '0', 'ratelimit-limit': '3' });
    // A refused request is not a use: "last used" stays where it was.
    await t.db.update(apiTokens).set({ last_used_at: null }).where(eq(apiTokens.name, 'First'));
    expect((await t.app.inject({ method: 'GET', url: '/api/projects', headers: first })).statusCode).toBe(429);
    expect(await lastUsedOf('First')).toBeNull();

    // Another token of the same member, and the member's own session, are not held back.
    const other = await t.app.inject({ method: 'GET', url: '/api/projects', headers: second });
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
    const session = await t.app.inject({ method: 'GET', url: '/api/projects', headers: member.auth });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-limit']).toBeUndefined();

    // The next minute the token works again.
    vi.spyOn(Date, 'now').mockReturnValue(minuteStart + 61_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/projects', headers: first })).statusCode).toBe(200);
    expect(await lastUsedOf('First')).toEqual(new Date(minuteStart + 61_000));
  });
});
