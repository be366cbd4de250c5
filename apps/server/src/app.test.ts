import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { SITE_URL_PLACEHOLDER } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
const webDir = mkdtempSync(path.join(tmpdir(), 'sunin-web-'));
beforeAll(async () => {
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SunIn</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-123.js'), 'console.log(1)');
  // What the web build's precompression writes beside a file.
  writeFileSync(path.join(webDir, 'assets', 'app-123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(webDir, 'assets', 'app-123.js.gz'), gzipSync('console.log(1)'));
  mkdirSync(path.join(webDir, 'pages', 'legal'), { recursive: true });
  writeFileSync(path.join(webDir, 'pages', 'index.html'), '<!doctype html><h1>Landing</h1>');
  writeFileSync(path.join(webDir, 'pages', 'pricing.html'), `<!doctype html><link rel="canonical" href="${SITE_URL_PLACEHOLDER}/pricing" /><h1>Pricing</h1>`);
  writeFileSync(path.join(webDir, 'pages', 'legal', 'terms.html'), '<!doctype html><h1>Terms</h1>');
  // The installable app's files (issue 41): the service worker, precompressed like the rest, and the manifest.
  const serviceWorker = `self.addEventListener('fetch', () => {});${' '.repeat(2048)}`;
  writeFileSync(path.join(webDir, 'sw.js'), serviceWorker);
  writeFileSync(path.join(webDir, 'sw.js.br'), brotliCompressSync(serviceWorker));
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"SunIn Partner Portal"}');
  t = await createTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('the app shell', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: process.env.DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('answers an unknown /api route with a JSON 404 in the one error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/no-such-thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: `No route for ${method} /api/no-such-thing.` } });
    }
  });

  it('serves the web app for any other path, and its assets with long caching', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/projects/12?tab=2' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['x-robots-tag']).toBeUndefined();
    // Its address holds a signed token (issue 18 item 4).
    const unsubscribe = await t.app.inject({ method: 'GET', url: '/unsubscribe?token=1.earnings.x' });
    expect(unsubscribe.body).toContain('<div id="root">');
    expect(unsubscribe.headers['x-robots-tag']).toBe('noindex, nofollow');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/app-123.js' })).statusCode).toBe(200);
    // Only the build's own files are files: a folder, a missing file or a compressed sibling
    // by its own name is any other path (issue 19 item 7 serves them from a list read at start).
    // (no page of the app either: the app's not-found page, with 404). A path that climbs out is
    // resolved first: /pages/../index.html is the app's index.html.
    expect((await t.app.inject({ method: 'GET', url: '/pages/../index.html' })).body).toContain('<div id="root">');
    for (const url of ['/assets', '/assets/', '/assets/missing.js', '/assets/app-123.js.br']) {
      const other = await t.app.inject({ method: 'GET', url });
      expect([url, other.statusCode, other.headers['content-type'], other.body]).toEqual([url, 404, expect.stringMatching(/text\/html/), expect.stringContaining('<div id="root">')]);
    }
  });

  it('answers the web app and its files without piling listeners onto the response (no MaxListenersExceededWarning)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      for (const url of ['/projects/12', '/assets/app-123.js', '/assets/missing.js', '/no-such-page', '/pricing']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
        expect([200, 404]).toContain(res.statusCode);
      }
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('answers 404 with the not-found page at an address the web app has no page for (issue 20 item 4)', async () => {
    for (const url of ['/no-such-page', '/projects/12/nothing', '/password-reset-form', '/home.php', '/pages/pricing.html', '/pages/index.html']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect([url, method, res.statusCode, res.headers['content-type']]).toEqual([url, method, 404, expect.stringMatching(/text\/html/)]);
        if (method === 'GET') expect(res.body).toContain('<div id="root">');
      }
    }
    // A browser asking again for a not-found page it kept gets the page, not an empty 304.
    // (The not-found page is the app's index.html: the validators it had under another address.)
    const shell = await t.app.inject({ method: 'GET', url: '/home' });
    expect(shell.headers.etag).toBeTruthy();
    const again = await t.app.inject({ method: 'GET', url: '/no-such-page', headers: { 'if-none-match': String(shell.headers.etag), 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() } });
    expect([again.headers.etag, again.headers['last-modified']]).toEqual([undefined, undefined]);
    expect([again.statusCode, again.body]).toEqual([404, expect.stringContaining('<div id="root">')]);
    // React Router matches without regard to case: so does the status.
    for (const url of ['/', '/pricing/', '/Pricing', '/HOME', '/legal/terms', '/home', '/projects/12', '/projects/12/contacts/3', '/projects/12/estimate', '/admin', '/admin/all-users/7', '/password-reset-form/abc', '/verify_email?token=x']) {
      expect([url, (await t.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 200]);
    }
  });

  it('serves a prerendered public page when one exists for the path', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/' })).body).toContain('<h1>Landing</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/pricing/' })).body).toContain('<h1>Pricing</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/legal/terms?x=1' })).body).toContain('<h1>Terms</h1>');
    expect((await t.app.inject({ method: 'GET', url: '/pages/../index.html' })).body).not.toContain('Pricing');
    expect((await t.app.inject({ method: 'GET', url: '/home' })).body).toContain('<div id="root">');
  });

  it('serves the service worker and the manifest with their types, never from a stale cache (issue 41)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br' }]) {
      const worker = await t.app.inject({ method: 'GET', url: '/sw.js', headers });
      expect([worker.statusCode, worker.headers['content-type'], worker.headers['cache-control']]).toEqual([200, expect.stringMatching(/^(text|application)\/javascript/), 'no-cache']);
    }
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect([manifest.statusCode, manifest.headers['content-type'], manifest.headers['cache-control']]).toEqual([200, expect.stringMatching(/^application\/manifest\+json/), 'no-cache']);
    expect(manifest.json()).toEqual({ name: 'SunIn Partner Portal' });
    // The worker's file is a file of the build, not a page: no not-found page under its name.
    expect((await t.app.inject({ method: 'GET', url: '/sw.js' })).body).toContain("addEventListener('fetch'");
  });

  it('serves the precompressed files of the build to browsers that accept them', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect([br.headers['content-encoding'], br.headers['content-type']]).toEqual(['br', expect.stringMatching(/javascript/)]);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-123.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1)']);
    // Prerendered pages too: compressed once by the server, after it fills in the site's address.
    const page = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([page.headers['content-encoding'], page.headers['content-type'], page.headers.vary]).toEqual(['br', expect.stringMatching(/text\/html/), expect.stringMatching(/accept-encoding/i)]);
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<h1>Pricing</h1>');
    const gzipped = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect([gzipped.headers['content-encoding'], gunzipSync(gzipped.rawPayload).toString()]).toEqual(['gzip', expect.stringContaining('<h1>Pricing</h1>')]);
  });

  it("fills the site's address into a prerendered page's canonical link and tags, and answers a repeat visit with 304 (issue 20 item 5)", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<link rel="canonical" href="http://portal.test/pricing" />');
    expect(page.body).not.toContain(SITE_URL_PLACEHOLDER);
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({ method: 'GET', url: '/pricing', headers: { 'if-none-match': String(page.headers.etag) } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await t.app.inject({ method: 'HEAD', url: '/pricing' })).statusCode).toBe(200);
  });

  it('dates each page of the web build in the sitemap (lastmod)', async () => {
    const sitemap = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(sitemap).toMatch(/<loc>http:\/\/portal\.test\/pricing<\/loc><lastmod>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/lastmod>/);
    // A public page the test's build does not have: no date to give.
    expect(sitemap).toContain('<loc>http://portal.test/team</loc></url>');
  });

  it('sends security headers and a request id on every response', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    expect(echoed.headers['x-request-id']).toBe('trace-42');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n<script>' } });
    expect(hostile.headers['x-request-id']).not.toContain('script');
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/signup', '/api/password', '/api/user/profile', '/api/verify_email']));
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers a body that is too large with 413 and a wrong content type with 415', async () => {
    const big = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ user: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) } }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
    const xml = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/xml' }, payload: '<user/>' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error.code).toBe('unsupported_media_type');
  });

  it('refuses a NUL character in a query, a JSON body or a key with 400 (PostgreSQL text cannot hold it)', async () => {
    const expected = { error: { code: 'bad_request', message: 'The request contains a NUL character, which is not allowed.' } };
    const query = await t.app.inject({ method: 'GET', url: '/api/username-is-valid?user_name=%00' });
    expect([query.statusCode, query.json()]).toEqual([400, expected]);
    const body = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: 'a\u0000@b.example', password: 'x' } } });
    expect([body.statusCode, body.json()]).toEqual([400, expected]);
    const key = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { 'e\u0000': 1 } } });
    expect([key.statusCode, key.json()]).toEqual([400, expected]);
  });

  it('lists sent mail at /dev/mailbox with clickable links, escaped', async () => {
    await t.app.ctx.mailer.send({ to: 'x@example.com', subject: 'Hello <b>', text: 'Go to http://portal.test/verify_email?token=abc now' });
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<a href="http://portal.test/verify_email?token=abc">');
    expect(res.body).toContain('Hello &lt;b&gt;');
  });
});

describe('production mode', () => {
  it('hides the dev mailbox and sends HSTS', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', BILLING_PROVIDER: 'local' });
    try {
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
      const res = await prod.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await prod.close();
    }
  });
});

describe('the request log', () => {
  it('keeps the secrets some addresses carry out of the log: cable and verification tokens, reset links', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      await logged.app.inject({ method: 'GET', url: '/cable?token=eyJhbGciOiJIUzI1NiJ9.secret-jwt.sig' });
      await logged.app.inject({ method: 'GET', url: '/verify_email?token=secret-verify-token&x=1' });
      await logged.app.inject({ method: 'GET', url: '/password-reset-form/secret-reset-token?from=mail' });
      const log = lines.join('');
      expect(log).toContain('/cable?token=[redacted]');
      expect(log).toContain('/verify_email?token=[redacted]&x=1');
      expect(log).toContain('/password-reset-form/[redacted]?from=mail');
      expect(log).not.toMatch(/secret-(jwt|verify-token|reset-token)/);
    } finally {
      await logged.close();
    }
  });
});
