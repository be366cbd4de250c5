import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG_1PX, multipartBody } from '../test/fixtures.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Response headers (ASVS 3.4) on API answers, error answers and served pages, and no internals
 * in error bodies (ASVS 16.5.1 / 13.4). HSTS only in production, where TLS is in front.
 */
const webDir = mkdtempSync(path.join(tmpdir(), 'sunin-web-'));
mkdirSync(path.join(webDir, 'pages'), { recursive: true });
mkdirSync(path.join(webDir, 'assets'), { recursive: true });
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
writeFileSync(path.join(webDir, 'pages', 'about.html'), '<!doctype html><title>about</title>');
writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');

let dev: TestApp;
let prod: TestApp;
beforeAll(async () => {
  dev = await createTestApp({ WEB_DIST_DIR: webDir });
  prod = await createTestApp({ NODE_ENV: 'production', BILLING_PROVIDER: 'local', WEB_DIST_DIR: webDir, APP_URL: 'https://portal.example' });
});
afterAll(async () => {
  await dev?.close();
  await prod?.close();
  rmSync(webDir, { recursive: true, force: true });
});

type Res = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectHardened(res: Res, name: string) {
  const csp = String(res.headers['content-security-policy']);
  expect(csp, name).toContain("default-src 'self'");
  expect(csp, name).toContain("frame-ancestors 'none'");
  expect(csp, name).toContain("object-src 'none'");
  expect(csp, name).toContain("base-uri 'none'");
  expect(csp, name).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(res.headers['x-content-type-options'], name).toBe('nosniff');
  expect(res.headers['x-frame-options'], name).toBe('SAMEORIGIN');
  expect(res.headers['referrer-policy'], name).toBe('no-referrer');
  expect(res.headers['x-powered-by'], name).toBeUndefined();
}

/** One of each kind of answer: API success, each error class, pages, assets. */
async function sample(t: TestApp): Promise<Array<[string, Res]>> {
  const member = await t.signIn();
  const call = (method: string, url: string, extra: object = {}) => t.app.inject({ method: method as 'GET', url, ...extra });
  return [
    ['API 200', await call('GET', '/api/health')],
    ['API 200 signed in', await call('GET', '/api/user/profile', { headers: member.auth })],
    ['API 400 bad JSON', await call('POST', '/api/login', { headers: { 'content-type': 'application/json' }, payload: '{"user":' })],
    ['API 401', await call('GET', '/api/projects')],
    ['API 404 unknown route', await call('GET', '/api/nothing-here')],
    ['API 415', await call('POST', '/api/login', { headers: { 'content-type': 'text/xml' }, payload: '<x/>' })],
    ['API 422', await call('POST', '/api/login', { payload: { user: {} } })],
    ['page /', await call('GET', '/')],
    ['prerendered page', await call('GET', '/about')],
    ['web app route', await call('GET', '/projects/12')],
    ['asset', await call('GET', '/assets/app.js')],
    ['sitemap', await call('GET', '/sitemap.xml')],
  ];
}

describe('security headers', () => {
  it('are on every kind of answer, in development and production', async () => {
    for (const t of [dev, prod]) {
      for (const [name, res] of await sample(t)) expectHardened(res, `${t.app.ctx.config.env}: ${name} (${res.statusCode})`);
    }
  });

  it('send HSTS in production only', async () => {
    for (const [name, res] of await sample(prod)) expect(res.headers['strict-transport-security'], name).toBe('max-age=31536000; includeSubDomains');
    for (const [name, res] of await sample(dev)) expect(res.headers['strict-transport-security'], name).toBeUndefined();
    expect(String((await prod.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('serve stored uploads sandboxed, never as a page of the site', async () => {
    const { auth } = await dev.signIn();
    const projectId = (await dev.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { company_name: 'Headers Co' } } })).json().projectId;
    const body = multipartBody([{ field: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1PX }]);
    const photo = (await dev.app.inject({ method: 'POST', url: `/api/projects/${projectId}/images`, headers: { ...auth, ...body.headers }, payload: body.payload })).json();
    const res = await dev.app.inject({ method: 'GET', url: photo.url, headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('keep the development mailbox out of production', async () => {
    expect((await dev.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
    // In production the path is just another web-app URL: the app shell, not the outbox.
    const res = await prod.app.inject({ method: 'GET', url: '/dev/mailbox.json' });
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('<!doctype html><title>app</title>');
  });
});

describe('error bodies', () => {
  it('carry no stack, file path, SQL or secret, for 4xx and for 5xx', async () => {
    const leaks = [/at \S+ \(/, /\.ts:\d+/, /node_modules/, /select .* from/i, /test-secret/, /password_digest/, /secret internal detail/];
    const samples: Array<[string, Res]> = [...(await sample(prod)).filter(([, res]) => res.statusCode >= 400)];

    const member = await prod.signIn();
    // A failing database call inside a route: the generic 500, the detail only in the log.
    const spy = vi.spyOn(prod.app.ctx, 'run').mockImplementation(() => {
      throw new Error('secret internal detail: select password_digest from users (test-secret)');
    });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/projects', headers: member.auth });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
      expectHardened(res, '500');
      samples.push(['500', res]);
    } finally {
      spy.mockRestore();
    }
    const ping = vi.spyOn(prod.app.database, 'ping').mockRejectedValue(new Error('secret internal detail: ECONNREFUSED 10.0.0.5:5432'));
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      samples.push(['503', res]);
    } finally {
      ping.mockRestore();
    }
    for (const [name, res] of samples) {
      expect(res.json(), name).toEqual({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) });
      for (const leak of leaks) expect(res.body, `${name}: ${leak}`).not.toMatch(leak);
    }
  });
});
