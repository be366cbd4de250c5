import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The dev mailbox holds every reset and verification link, so outside production it answers a
 * browser on this machine only (issue 13 item 8, issue 34 item 3): the socket's peer is
 * loopback and no proxy forwarded the request. Anyone else gets the answer of an address that
 * does not exist, word for word. Production never registers it.
 */
/** A web build of one page: with it, an unknown address answers the app's not-found page. */
const webDir = mkdtempSync(path.join(tmpdir(), 'sunin-mailbox-web-'));
writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SunIn</title><div id="root"></div>');
afterAll(() => rmSync(webDir, { recursive: true, force: true }));

const UNKNOWN = '/dev/no-such-page';
/** What differs between any two answers: the request's id and time, and a length that follows the path. */
const VARYING = new Set(['x-request-id', 'date', 'content-length']);
const stable = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !VARYING.has(name)));

/** Headers proxies add for the client they forward. */
const FORWARDED: Record<string, string>[] = [
  { forwarded: 'for=198.51.100.7;proto=https' },
  { 'x-forwarded-for': '198.51.100.7' },
  { 'x-forwarded-for': '127.0.0.1' },
  { 'x-forwarded-host': 'portal.example' },
  { 'x-forwarded-proto': 'https' },
  { 'x-forwarded-port': '443' },
  { 'x-real-ip': '198.51.100.7' },
  { via: '1.1 proxy.example' },
  { 'true-client-ip': '198.51.100.7' },
  { 'cf-connecting-ip': '198.51.100.7' },
  { 'X-Client-IP': '198.51.100.7' },
];

describe.each([
  ['without the web build (JSON 404)', {}],
  ['with the web build (the app\'s not-found page)', { WEB_DIST_DIR: webDir }],
])('the dev mailbox outside production, %s', (_name, env: Record<string, string>) => {
  let t: TestApp;
  let mailboxUrls: string[];
  beforeAll(async () => {
    t = await createTestApp(env);
    await t.app.ctx.mailer.send({ to: 'pat@example.com', subject: 'Reset', text: 'http://portal.test/password-reset-form/secret', html: '<p>secret</p>' });
    const [message] = await t.app.ctx.mailer.list();
    // Every /dev/mailbox route the app has, from its route table: a new one is covered too.
    mailboxUrls = t.app.routeTable.filter((route) => route.url.startsWith('/dev/mailbox')).map((route) => route.url.replace(':file', `${message!.id}.html`));
  });
  afterAll(async () => t?.close());

  async function expectHidden(url: string, request: { remoteAddress?: string; headers?: Record<string, string> }, label: string) {
    const hidden = await t.app.inject({ method: 'GET', url, ...request });
    const unknown = await t.app.inject({ method: 'GET', url: UNKNOWN, ...request });
    expect(unknown.statusCode).toBe(404);
    expect(hidden.statusCode, label).toBe(404);
    expect(hidden.body, label).toBe(unknown.body.replaceAll(UNKNOWN, url));
    expect(stable(hidden.headers), label).toEqual(stable(unknown.headers));
    expect(hidden.body).not.toMatch(/password-reset-form|secret/);
  }

  it('has the routes the tests below go through', () => {
    expect(mailboxUrls).toEqual(expect.arrayContaining(['/dev/mailbox', '/dev/mailbox.json', expect.stringMatching(/^\/dev\/mailbox\/\d+\.html$/)]));
  });

  it('answers a client on this machine (IPv4, IPv6 and IPv4-mapped loopback), with no forwarding header', async () => {
    for (const url of mailboxUrls) {
      for (const remoteAddress of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
      }
    }
  });

  it('answers a remote client exactly as an unknown address does', async () => {
    for (const url of mailboxUrls) {
      for (const remoteAddress of ['192.0.2.10', '10.0.0.5', '::ffff:198.51.100.1', '2001:db8::1']) {
        await expectHidden(url, { remoteAddress }, `${url} from ${remoteAddress}`);
      }
    }
  });

  it("answers this machine's names and APP_URL's host, and a page of another site rebound to 127.0.0.1 exactly as an unknown address", async () => {
    for (const url of mailboxUrls) {
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'portal.test']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(res.statusCode, `${url} for Host ${host}`).toBe(200);
      }
      for (const host of ['attacker.example', 'attacker.example:3000', 'localhost.attacker.example']) {
        await expectHidden(url, { remoteAddress: '127.0.0.1', headers: { host } }, `${url} for Host ${host}`);
      }
    }
  });

  it('answers a proxy on this machine (loopback peer, forwarding header) exactly as an unknown address does', async () => {
    for (const url of mailboxUrls) {
      for (const headers of FORWARDED) await expectHidden(url, { remoteAddress: '127.0.0.1', headers }, `${url} with ${JSON.stringify(headers)}`);
    }
  });
});

describe('the dev mailbox behind a trusted proxy', () => {
  it('goes by the socket, not by the client address the proxy names', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '192.0.2.0/24' });
    try {
      const res = await proxied.app.inject({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '192.0.2.1', headers: { 'x-forwarded-for': '127.0.0.1' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('the dev mailbox in production', () => {
  it('is never registered', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', BILLING_PROVIDER: 'local' });
    try {
      expect(prod.app.routeTable.filter((route) => route.url.startsWith('/dev'))).toEqual([]);
      expect((await prod.app.inject({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
