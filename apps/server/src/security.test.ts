import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** The routes anyone may call; every other /api route needs a token. A new route is protected unless listed here. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/signup',
  'POST /api/login',
  'POST /api/password',
  'PATCH /api/password',
  'POST /api/verify_email',
  'GET /api/username-is-valid',
  'GET /api/email-is-valid',
  'GET /api/billing/config',
  'POST /api/webhooks/stripe',
]);

describe('authentication on every route', () => {
  it('answers 401 in the error shape, before reading the body, on every protected /api route', async () => {
    const routes = t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(80);
    const checked: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC_ROUTES.has(key)) continue;
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      // A body that fails every schema: a protected route must still say 401, not 400 or 422.
      const res = await t.app.inject({ method: route.method as 'GET', url, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { nonsense: true } }) });
      expect(res.statusCode, key).toBe(401);
      expect(res.json(), key).toEqual({ error: { code: 'unauthorized', message: 'You need to sign in or sign up before continuing.' } });
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(70);
  });

  it('keeps the public list honest: each listed route exists', () => {
    const all = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    for (const key of PUBLIC_ROUTES) expect(all.has(key), key).toBe(true);
  });
});
