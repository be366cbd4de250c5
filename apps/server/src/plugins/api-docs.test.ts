import { ERROR_STATUS } from '@sunin/contract';
import type { ZodType } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strictInput } from '../lib/strict-input.js';
import { isApiRoute, routeClass, type RouteTableEntry } from '../route-table.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { ERROR_EXAMPLE, GETTING_STARTED_PROJECT, OPERATION_EXAMPLES } from './api-docs-examples.js';
import { errorBodySchema, openApiPath } from './api-docs-document.js';

interface Operation {
  summary?: string;
  description?: string;
  security?: unknown[];
  'x-token-scope'?: unknown;
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string }; example?: unknown }> }>;
}
interface Document {
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } }>; securitySchemes: Record<string, unknown> };
}

let t: TestApp;
let doc: Document;
let apiRoutes: RouteTableEntry[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  apiRoutes = t.app.routeTable.filter((route) => isApiRoute(route.url));
});
afterAll(async () => t?.close());

const operationOf = (route: RouteTableEntry): Operation | undefined => doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
const routeAt = (key: string) => apiRoutes.find((route) => `${route.method} ${route.url}` === key);

describe('the OpenAPI document', () => {
  it('describes every /api route of the route table, and nothing else', () => {
    const documented = Object.entries(doc.paths).flatMap(([url, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${url}`));
    const registered = apiRoutes.map((route) => `${route.method} ${openApiPath(route.url)}`);
    expect(registered.length).toBeGreaterThan(150);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
  });

  it('gives each operation the error responses it can answer, in the Error shape', () => {
    const ref = '#/components/schemas/Error';
    for (const route of apiRoutes) {
      const operation = operationOf(route);
      const key = `${route.method} ${route.url}`;
      const expected = ['429'];
      if (routeClass(route.method, route.url) !== 'public') expected.push('401', '403');
      if (/\/:/.test(route.url)) expected.push('404');
      if (route.schema?.body || route.schema?.querystring) expected.push('422');
      for (const status of expected) expect(operation?.responses[status]?.content?.['application/json']?.schema?.$ref, `${key} ${status}`).toBe(ref);
    }
    // A few by hand, so the rule above cannot drift from what the routes are.
    const statuses = (key: string) => Object.keys(operationOf(routeAt(key)!)!.responses);
    expect(statuses('GET /api/projects/:id')).toEqual(expect.arrayContaining(['200', '401', '403', '404', '429']));
    expect(statuses('POST /api/projects')).toEqual(expect.arrayContaining(['201', '400', '401', '403', '422', '429']));
    expect(statuses('POST /api/login')).not.toContain('403');
  });

  it('asks for the bearer token on every authenticated route, and says which token scope a route takes', () => {
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer', description: expect.stringContaining('sunin_pat_') });
    for (const route of apiRoutes) {
      const operation = operationOf(route)!;
      if (routeClass(route.method, route.url) === 'public') {
        expect(operation.security, route.url).toEqual([]);
      } else {
        expect(operation.security, route.url).toEqual([{ bearer: [] }]);
        expect(operation['x-token-scope'], route.url).toBe(route.tokenScope ?? null);
      }
    }
    expect(operationOf(routeAt('GET /api/admin/projects/:id')!)!.description).toContain('A full access administrator');
    expect(operationOf(routeAt('POST /api/login')!)!.description).toContain('No authentication.');
  });

  it('has the Error component of plugins/errors.ts, its codes the contract ERROR_STATUS keys', () => {
    const error = doc.components.schemas.Error;
    expect(error?.properties?.error?.properties?.code?.enum?.sort()).toEqual(Object.keys(ERROR_STATUS).sort());
    expect(errorBodySchema.parse(ERROR_EXAMPLE)).toEqual(ERROR_EXAMPLE);
  });

  it('has examples that pass their own schemas and the route’s, on the operations that exist', () => {
    // The routes every example is for today; the token and webhook ones join as they are registered.
    for (const key of ['GET /api/projects', 'GET /api/projects/:id', 'POST /api/projects', 'PATCH /api/projects/:id', 'GET /api/user/earnings']) expect(routeAt(key), key).toBeDefined();
    const parses = (schema: unknown, value: unknown, what: string) => expect((schema as ZodType).safeParse(value).error, what).toBeUndefined();
    for (const [key, examples] of Object.entries(OPERATION_EXAMPLES)) {
      if (examples.request) parses(strictInput(examples.request.schema), examples.request.value, `${key} request`);
      parses(examples.response.schema, examples.response.value, `${key} ${examples.response.status}`);
      const route = routeAt(key);
      if (!route) continue;
      const operation = operationOf(route)!;
      if (examples.request) {
        parses(strictInput(route.schema?.body), examples.request.value, `${key} request, by the route's schema`);
        expect(operation.requestBody?.content['application/json']?.example, key).toEqual(examples.request.value);
      }
      const responseSchema = (route.schema?.response as Record<number, unknown> | undefined)?.[examples.response.status];
      expect(responseSchema, `${key} declares its ${examples.response.status}`).toBeDefined();
      parses(responseSchema, examples.response.value, `${key} ${examples.response.status}, by the route's schema`);
      expect(operation.responses[examples.response.status]?.content?.['application/json']?.example, key).toEqual(examples.response.value);
    }
  });

  it("starts with a Getting started whose curl bodies are the examples' own", () => {
    const guide = doc.info.description;
    expect(guide).toContain('## Getting started');
    expect(guide).toContain(`-d '${JSON.stringify(GETTING_STARTED_PROJECT)}'`);
    expect(guide).toContain("curl -s 'http://portal.test/api/projects?per_page=50' -H \"Authorization: Bearer $SUNIN_TOKEN\"");
    expect(guide).toContain(JSON.stringify(ERROR_EXAMPLE));
    expect(guide).toMatch(/120 requests a minute/);
    expect(guide).toContain('waiting 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h between attempts');
  });

  it("creates a project from Getting started's body, and answers the guide's error example to a ZIP too long", async () => {
    const member = await t.signIn();
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: GETTING_STARTED_PROJECT });
    expect(created.statusCode, created.body).toBe(201);
    const project = await t.app.inject({ method: 'GET', url: `/api/projects/${created.json().projectId}`, headers: member.auth });
    expect(project.json()).toMatchObject(GETTING_STARTED_PROJECT.project);
    const refused = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { ...GETTING_STARTED_PROJECT.project, zip: '9'.repeat(21) } } });
    expect([refused.statusCode, refused.json()]).toEqual([422, ERROR_EXAMPLE]);
  });

  it('says how the file downloads answer a Range header', () => {
    const download = doc.paths['/api/projects/{id}/files/{recordId}/download']?.get;
    expect(download?.summary).toMatch(/Range: bytes=.*206 with Content-Range.*416 \(range_not_satisfiable\)/);
  });
});

describe('who may read the reference', () => {
  it('is public outside production', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBeLessThan(400);
  });

  describe('in production', () => {
    let production: TestApp;
    beforeAll(async () => {
      production = await createTestApp({ NODE_ENV: 'production', BILLING_PROVIDER: 'local' });
    });
    afterAll(async () => production?.close());

    it('answers a signed-out browser with a 401 page that links to the login, and a program with the 401 error', async () => {
      const page = await production.app.inject({ method: 'GET', url: '/api/docs', headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(page.statusCode).toBe(401);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<a href="/login">Log in</a>');
      const json = await production.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect([json.statusCode, json.json().error.code]).toEqual([401, 'unauthorized']);
      const forged = await production.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie: 'authorization=not-a-token' } });
      expect(forged.statusCode).toBe(401);
    });

    it('serves the page, its assets and the document to a signed-in user, by the bearer header or the web app cookie', async () => {
      const member = await production.signIn();
      const byHeader = await production.app.inject({ method: 'GET', url: '/api/docs/json', headers: member.auth });
      expect(byHeader.statusCode).toBe(200);
      expect(byHeader.json().paths['/api/projects']).toBeDefined();
      expect(byHeader.headers['cache-control']).toBe('private, no-cache');
      const cookie = { cookie: `authorization=${member.token}`, accept: 'text/html' };
      const page = await production.app.inject({ method: 'GET', url: '/api/docs', headers: cookie });
      expect([page.statusCode, page.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
      expect(page.body).toContain('swagger');
      const asset = await production.app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui.css', headers: cookie });
      expect(asset.statusCode).toBe(200);
      // Signed out again: the session ended, the cookie is refused.
      await production.app.inject({ method: 'DELETE', url: '/api/logout', headers: member.auth });
      expect((await production.app.inject({ method: 'GET', url: '/api/docs/json', headers: cookie })).statusCode).toBe(401);
    });
  });
});
