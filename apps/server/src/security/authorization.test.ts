import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { call as callApp, ownEverything, pdfUpload, pngUpload, usageUpload, type Session } from './resources.js';
import { PUBLIC_ROUTES, apiRoutes, fillUrl } from './routes.js';

/**
 * The authorization matrix, generated from app.routeTable so that a new route cannot miss it:
 * no token 401 on every protected route, a member token 403 on every admin route, and another
 * member's ids 404 on every member route that takes ids, with the owner's data unchanged.
 */
let t: TestApp;
let a: Session;
let b: Session;
/** A's resources, keyed like ClassifiedRoute.params (`<segment before>:<param>`). */
let idsOfA: Record<string, number | string>;
let idsOfB: Record<string, number | string>;
const SECRET = `Owner-A-Secret-${Date.now()}`;

const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'You need to sign in or sign up before continuing.' } };
const errorShape = expect.objectContaining({ code: expect.any(String), message: expect.any(String) });

const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) => callApp(t, method, url, headers, payload);

/** Valid bodies, so that a refusal is the authorization check and not validation. */
const VALID_BODIES: Record<string, () => unknown> = {
  'PATCH /api/projects/:id': () => ({ project: { company_name: 'Taken over' } }),
  'POST /api/projects/:id/contacts': () => ({ contact: { contact_first_name: 'Intruder' } }),
  'PATCH /api/projects/:id/contacts/:recordId': () => ({ contact: { contact_first_name: 'Intruder' } }),
  'POST /api/projects/:id/project_links': () => ({ project_link: { link_type: 'Utility', link_title: 'Intruder', link_url: 'https://evil.example' } }),
  'PATCH /api/projects/:id/project_links/:recordId': () => ({ project_link: { link_title: 'Intruder' } }),
  'POST /api/projects/:id/tickets': () => ({ ticket: { title: 'Intruder' } }),
  'PATCH /api/projects/:id/tickets/:recordId': () => ({ ticket: { title: 'Intruder' } }),
  'POST /api/projects/:id/images': () => pngUpload('x'),
  'POST /api/projects/:id/files': () => pdfUpload('x'),
  'POST /api/projects/:id/usage-imports': () => usageUpload(),
  'DELETE /api/projects/:id/images/:recordId': () => ({ source: 'active_storage' }),
  'DELETE /api/projects/:id/files/:recordId': () => ({ source: 'active_storage' }),
  'POST /api/projects/:id/notes': () => ({ note: { body: 'Intruder' } }),
  'POST /api/projects/:projectId/proposal_tickets': () => ({ proposal_ticket: { details: 'Intruder' } }),
  'PATCH /api/projects/:projectId/proposal_tickets/:ticketId': () => ({ proposal_ticket: { status: 5, details: 'Intruder', revision_type: 'Request a revision to the original proposal' } }),
  'PATCH /api/users/:userId/notifications/:id': () => ({ notification: { read: true } }),
  'POST /api/projects/:id/shares': () => ({ share: { recipient_name: 'Intruder', recipient_email: 'intruder@example.com' } }),
  'PATCH /api/webhook_endpoints/:id': () => ({ webhook_endpoint: { description: 'Intruder' } }),
  // B's own password: the session check must still answer 404 for A's session.
  'DELETE /api/user/sessions/:id': () => ({ current_password: b.user.password }),
};

/** Everything A can read about their own data, through the API. */
async function snapshotOfA(): Promise<Record<string, unknown>> {
  const snapshot: Record<string, unknown> = {};
  for (const route of apiRoutes(t.app.routeTable)) {
    if (route.kind !== 'member' || route.method !== 'GET') continue;
    const res = await call(route.method, fillUrl(route, idsOfA), a.auth);
    snapshot[route.key] = res.statusCode === 200 ? (String(res.headers['content-type']).includes('json') ? res.json() : res.rawPayload.toString('base64')) : res.statusCode;
  }
  return snapshot;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await t.signIn({ first_name: 'Owner', email: `${SECRET.toLowerCase()}@example.com` });
  b = await t.signIn({ first_name: 'Intruder' });
  idsOfA = await ownEverything(t, a, SECRET);
  idsOfB = await ownEverything(t, b, 'Intruder Co');
}, 60_000);
afterAll(async () => t?.close());

describe('the route table', () => {
  it('classifies every /api route, and each public route exists', () => {
    const routes = apiRoutes(t.app.routeTable);
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((r) => r.kind === 'admin').length).toBeGreaterThan(40);
    expect(routes.filter((r) => r.kind === 'member').length).toBeGreaterThan(40);
    const all = new Set(routes.map((route) => route.key));
    for (const key of PUBLIC_ROUTES) expect(all.has(key), key).toBe(true);
  });

  it('knows every route parameter: a new parameter needs an id in the map before the matrix can pass', () => {
    for (const route of apiRoutes(t.app.routeTable).filter((r) => r.kind === 'member')) {
      expect(() => fillUrl(route, idsOfA), route.key).not.toThrow();
    }
  });
});

describe('without a token', () => {
  it('answers 401 in the error shape, before reading the body, on every protected /api route', async () => {
    const checked: string[] = [];
    for (const route of apiRoutes(t.app.routeTable)) {
      if (route.kind === 'public') continue;
      const url = route.url.replace(/:[A-Za-z]+/g, '1');
      // A body that fails every schema: a protected route must still say 401, not 400 or 422.
      const res = await call(route.method, url, {}, route.method === 'GET' || route.method === 'DELETE' ? undefined : { nonsense: true });
      expect(res.statusCode, route.key).toBe(401);
      expect(res.json(), route.key).toEqual(UNAUTHORIZED);
      checked.push(route.key);
    }
    expect(checked.length).toBeGreaterThan(90);
  });
});

describe('admin routes', () => {
  it('answer 403 in the error shape to a member and to a non-admin company role, on every admin route', async () => {
    const engineer = await t.signIn({ company_role: 'project_engineer' });
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    for (const route of apiRoutes(t.app.routeTable).filter((r) => r.kind === 'admin')) {
      // A's own ids, so that a 403 cannot be a 404 in disguise; with a body an admin would accept.
      const url = route.url.replace(/:[A-Za-z]+/g, String(idsOfA['projects:id']));
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : { project: { company_name: 'x' } };
      for (const who of [a, engineer]) {
        const res = await call(route.method, url, who.auth, payload);
        expect(res.statusCode, `${route.key} as ${who.user.company_role ?? 'member'}`).toBe(403);
        expect(res.json(), route.key).toEqual({ error: { code: 'forbidden', message: 'You are not allowed to do that.' } });
      }
    }
    // The same check lets the admin through (the matrix would pass on a route nobody can call).
    const ok = await call('GET', `/api/admin/projects/${idsOfA['projects:id']}`, admin.auth);
    expect(ok.statusCode).toBe(200);
    expect((await snapshotOfA())['GET /api/projects/:id']).toMatchObject({ company_name: SECRET });
  });
});

describe("another member's ids", () => {
  it("answer 404 in the error shape on every member route that takes ids, and leave the owner's data unchanged", async () => {
    const before = await snapshotOfA();
    expect(before['GET /api/projects/:id']).toMatchObject({ id: idsOfA['projects:id'], company_name: SECRET });
    const routes = apiRoutes(t.app.routeTable).filter((r) => r.kind === 'member' && r.params.length > 0);
    expect(routes.length).toBeGreaterThan(35);
    // DELETE last, so that a broken check on one route cannot hide another route's result.
    const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
    for (const route of ordered) {
      const body = VALID_BODIES[route.key];
      const hasBody = Boolean(route.schema?.body) || (route.method === 'POST' && /\/(images|files|usage-imports)$/.test(route.url));
      if (hasBody && route.method !== 'DELETE') expect(body, `${route.key}: add a valid body to VALID_BODIES`).toBeDefined();
      const res = await call(route.method, fillUrl(route, idsOfA), b.auth, body?.());
      expect(res.statusCode, `${route.key} as another member: ${res.body}`).toBe(404);
      expect(res.json(), route.key).toEqual({ error: errorShape });

      // B's own parent with A's child: the child must be checked against the parent too.
      if (route.params.length > 1) {
        const mixed = { ...idsOfA, [route.params[0]!]: idsOfB[route.params[0]!]! };
        const res2 = await call(route.method, fillUrl(route, mixed), b.auth, body?.());
        expect(res2.statusCode, `${route.key} with B's parent and A's child: ${res2.body}`).toBe(404);
      }
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  it("never shows A's data in a member list or summary without ids", async () => {
    const routes = apiRoutes(t.app.routeTable).filter((r) => r.kind === 'member' && r.params.length === 0 && r.method === 'GET');
    expect(routes.map((r) => r.key)).toEqual(expect.arrayContaining(['GET /api/projects', 'GET /api/projects/statistics', 'GET /api/user/profile']));
    for (const route of routes) {
      const res = await call('GET', `${route.url}?per_page=100`, b.auth);
      expect(res.statusCode, route.key).toBeLessThan(500);
      expect(res.body, route.key).not.toContain(SECRET);
      expect(res.body.toLowerCase(), route.key).not.toContain(SECRET.toLowerCase());
    }
    // The same lists do show A's data to A (the check above would pass on an empty answer).
    expect((await call('GET', '/api/projects', a.auth)).body).toContain(SECRET);
    const stats = (await call('GET', '/api/projects/statistics', b.auth)).json() as { total: number };
    expect(stats.total).toBe(1);
  });
});
