import { API_TOKEN_SCOPES, type ApiTokenCreated, type ApiTokenScope } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../test/test-app.js';
import { call as callApp } from './resources.js';
import { apiRoutes, expectedTokenScope, TOKEN_ROUTES } from './routes.js';

/**
 * The token matrix (issue 40 item 1), generated from app.routeTable like the authorization
 * matrix: on every protected route, a token with every scope is refused unless the route takes
 * tokens (the inventory in routes.ts), and a token without the route's scope is refused, both
 * with 403 insufficient_scope before the body is read. A new route stays closed to tokens unless
 * it says otherwise (or falls under a default of route-table.ts), and either fails here until the
 * literal inventory of routes.ts lists it.
 */
let t: TestApp;
let admin: SignedIn;
/** A token with every scope, and one per scope holding every other. */
let everything: { authorization: string };
const without = {} as Record<ApiTokenScope, { authorization: string }>;

async function tokenWith(scopes: ApiTokenScope[]): Promise<{ authorization: string }> {
  const res = await callApp(t, 'POST', '/api/user/api_tokens', admin.auth, { api_token: { name: scopes.join(' '), scopes, expires_in_days: 1 } });
  expect(res.statusCode, res.body).toBe(201);
  return { authorization: `Bearer ${(res.json() as ApiTokenCreated).token}` };
}

beforeAll(async () => {
  // Hundreds of requests with a few tokens: the per-token limit has its own test.
  t = await createTestApp({ API_TOKEN_RATE_LIMIT_PER_MINUTE: '1000000' });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  everything = await tokenWith([...API_TOKEN_SCOPES]);
  for (const scope of API_TOKEN_SCOPES) without[scope] = await tokenWith(API_TOKEN_SCOPES.filter((other) => other !== scope));
}, 60_000);
afterAll(async () => t?.close());

const protectedRoutes = () => apiRoutes(t.app.routeTable).filter((route) => route.kind !== 'public');
const send = (method: string, url: string, headers: Record<string, string>) =>
  // A body that fails every schema: the refusal must come before validation.
  callApp(t, method, url.replace(/:[A-Za-z]+/g, '1'), headers, method === 'GET' || method === 'DELETE' ? undefined : { nonsense: true });

describe('API tokens on every protected route', () => {
  it('take exactly the scopes the inventory lists, compared both ways with the route table', () => {
    const taken = Object.fromEntries(protectedRoutes().flatMap((route) => (route.tokenScope ? [[route.key, route.tokenScope]] : [])));
    expect(taken).toEqual(TOKEN_ROUTES);
  });

  it('refuse a token with every scope where the route takes no token', async () => {
    const closed = protectedRoutes().filter((route) => expectedTokenScope(route) === undefined);
    expect(closed.length).toBeGreaterThan(40);
    expect(closed.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'POST /api/user/api_tokens',
        'GET /api/user/api_tokens',
        'DELETE /api/user/api_tokens/:id',
        'POST /api/password/edit',
        'DELETE /api/user/mfa',
        'DELETE /api/logout',
        // The admin writes on money and account security need a person (issue 40 item 1).
        'POST /api/admin/payouts',
        'POST /api/admin/payout_runs',
        'POST /api/admin/earnings/adjustments',
        'POST /api/admin/earnings/clawbacks',
        'POST /api/admin/earnings/:entryId/approve',
        'POST /api/admin/projects/:id/deal/cancel',
        'PUT /api/admin/payout-settings',
        'PUT /api/admin/earnings-settings',
        'DELETE /api/admin/users/:id/sessions',
        'DELETE /api/admin/users/:id/mfa',
        'PUT /api/admin/users/:id',
      ]),
    );
    for (const route of closed) {
      const res = await send(route.method, route.url, everything);
      expect(res.statusCode, `${route.key}: ${res.body}`).toBe(403);
      expect(res.json(), route.key).toEqual({ error: { code: 'insufficient_scope', message: 'An API token cannot be used for this request; sign in to the portal to do it.' } });
    }
  });

  it("refuse a token without the route's scope", async () => {
    const scoped = protectedRoutes().flatMap((route) => {
      const scope = expectedTokenScope(route);
      return scope && scope !== 'any' ? [{ route, scope }] : [];
    });
    expect(new Set(scoped.map(({ scope }) => scope))).toEqual(new Set(API_TOKEN_SCOPES));
    expect(scoped.length).toBeGreaterThan(110);
    for (const { route, scope } of scoped) {
      const res = await send(route.method, route.url, without[scope]);
      expect(res.statusCode, `${route.key}: ${res.body}`).toBe(403);
      expect(res.json(), route.key).toEqual({ error: { code: 'insufficient_scope', message: `This request needs an API token with the ${scope} scope.` } });
    }
  });

  it('let any token read the routes open to every token', async () => {
    const open = protectedRoutes().filter((route) => expectedTokenScope(route) === 'any' && route.method === 'GET');
    expect(open.map((route) => route.key)).toContain('GET /api/user/profile');
    for (const route of open) {
      const res = await send(route.method, route.url, without['projects:read']);
      expect(res.json()?.error?.code, `${route.key}: ${res.body}`).not.toBe('insufficient_scope');
      expect(res.statusCode, route.key).toBeLessThan(500);
    }
  });
});
