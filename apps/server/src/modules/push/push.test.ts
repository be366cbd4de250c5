import { PUSH_MAX_DEVICES, PUSH_TEST_PAYLOAD, PUSH_TEST_TOO_SOON } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
import { startPushService, type PushServiceStandIn } from '../../test/push-service.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * Web push routes (issue 41 item 3): a member turns notifications on and off for a device, from a
 * session only. Subscriptions are made by the local push service stand-in, as a browser would.
 */
let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
let service: PushServiceStandIn;
let publicKey: string;

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  // The worker's clock stands at 1970: no row is ever due, so what the routes write stays as written.
  t = await createTestApp({}, { push: { now: () => new Date(0), pollIntervalMs: 3_600_000 } });
  [alice, bob] = [await t.signIn({ account_type: 'sales_partner' }), await t.signIn({ account_type: 'sales_partner' })];
  service = await startPushService();
  const res = await t.app.inject({ method: 'GET', url: '/api/push/vapid_public_key', headers: alice.auth });
  expect(res.statusCode, res.body).toBe(200);
  publicKey = (res.json() as { public_key: string }).public_key;
});
afterAll(async () => {
  await service?.close();
  await t?.close();
});

const subscribe = (who: SignedIn, payload: unknown, userAgent = ANDROID) =>
  t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { ...who.auth, 'user-agent': userAgent }, payload: payload as object });
const unsubscribe = (who: SignedIn, endpoint: string) => t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: who.auth, payload: { endpoint } });
const devicesOf = async (who: SignedIn) => (await t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: who.auth })).json().push_subscriptions as Array<{ id: number; device: string }>;

describe('GET /api/push/vapid_public_key', () => {
  it("answers the server's public key, a P-256 point in base64url, the same each time", async () => {
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    expect(publicKey).toBe(t.app.ctx.config.push!.publicKey);
    const again = await t.app.inject({ method: 'GET', url: '/api/push/vapid_public_key', headers: bob.auth });
    expect(again.json()).toEqual({ public_key: publicKey });
  });

  it('needs a signed-in session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/vapid_public_key' })).statusCode).toBe(401);
  });
});

describe('POST /api/push/subscriptions', () => {
  it('turns a device on (201, named from its User-Agent); the same endpoint again updates its keys (200)', async () => {
    const device = service.subscribe(publicKey);
    const first = await subscribe(alice, device);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ push_subscription: { id: expect.any(Number), device: 'Chrome on Android', created_at: expect.any(String) } });
    const renewed = service.subscribe(publicKey);
    const again = await subscribe(alice, { ...device, keys: renewed.keys, expirationTime: Date.parse('2031-01-01T00:00:00Z') }, IPHONE);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().push_subscription).toMatchObject({ id: first.json().push_subscription.id, device: 'Safari on iPhone' });
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ user_id: alice.user.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, expires_at: new Date('2031-01-01T00:00:00Z') });
  });

  it('moves an endpoint another user holds to the caller (a shared device), without the pushes still waiting for the other', async () => {
    const device = service.subscribe(publicKey);
    expect((await subscribe(bob, device)).statusCode).toBe(201);
    const [held] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    await t.db.insert(pushOutbox).values({ subscription_id: held!.id, payload: { title: "Bob's", body: 'For Bob only.', url: null, tag: 'bob' } });
    const moved = await subscribe(alice, device);
    expect(moved.statusCode, moved.body).toBe(201);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row!.user_id).toBe(alice.user.id);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscription_id, held!.id))).toEqual([]);
    expect((await devicesOf(bob)).map((d) => d.id)).not.toContain(held!.id);
  });

  it("refuses to move another user's endpoint with other keys (409): only the same browser, which keeps its keys, moves it", async () => {
    const device = service.subscribe(publicKey);
    expect((await subscribe(bob, device)).statusCode).toBe(201);
    const other = service.subscribe(publicKey);
    const taken = await subscribe(alice, { ...device, keys: other.keys });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.message).toMatch(/belongs to another member/);
    const [row] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row).toMatchObject({ user_id: bob.user.id, p256dh: device.keys.p256dh, auth: device.keys.auth, session_id: bob.sessionId });
    // Bob's own browser may still renew its keys.
    expect((await subscribe(bob, { ...device, keys: other.keys })).statusCode).toBe(200);
  });

  it(`keeps at most ${PUSH_MAX_DEVICES} devices a user: the oldest goes`, async () => {
    const carol = await t.signIn({ account_type: 'referral_partner' });
    const ids: number[] = [];
    for (let i = 0; i < PUSH_MAX_DEVICES + 2; i++) {
      const res = await subscribe(carol, service.subscribe(publicKey));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().push_subscription.id as number);
    }
    const kept = (await devicesOf(carol)).map((d) => d.id);
    expect(kept).toHaveLength(PUSH_MAX_DEVICES);
    expect(kept.sort((a, b) => a - b)).toEqual(ids.slice(2));
  });

  // Fields are named as the error handler names them in a body without an envelope: the key's own name.
  it('refuses a body that is not a push subscription with 422 and a message per field', async () => {
    const good = service.subscribe(publicKey);
    const cases: Array<[unknown, string]> = [
      [{}, 'endpoint'],
      [{ ...good, endpoint: 'not a url' }, 'endpoint'],
      [{ ...good, endpoint: 'ftp://push.example/abc' }, 'endpoint'],
      [{ ...good, endpoint: `https://push.example/${'a'.repeat(2048)}` }, 'endpoint'],
      [{ ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, -2) } }, 'p256dh'],
      [{ ...good, keys: { ...good.keys, p256dh: `A${good.keys.p256dh.slice(1)}` } }, 'p256dh'],
      [{ ...good, keys: { ...good.keys, auth: 'short' } }, 'auth'],
      [{ ...good, keys: { ...good.keys, auth: `${good.keys.auth.slice(0, -1)}+` } }, 'auth'],
      [{ ...good, expirationTime: 'soon' }, 'expirationTime'],
      // Beyond the dates the database stores (year 10000): refused, never a 500.
      [{ ...good, expirationTime: 253402300800000 }, 'expirationTime'],
      [{ ...good, expirationTime: Date.now() + 11 * 365 * 24 * 3600 * 1000 }, 'expirationTime'],
      [{ ...good, extra: true }, 'extra'],
      [{ endpoint: good.endpoint }, 'keys'],
    ];
    for (const [body, field] of cases) {
      const res = await subscribe(alice, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().error.fields ?? {}).join(' '), res.body).toContain(field);
    }
  });

  it('refuses what only the server can judge: plain http to a host that is not loopback, a private address, credentials, a point off the curve', async () => {
    const good = service.subscribe(publicKey);
    // A 65-byte string starting 0x04 that is not a point of P-256.
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...good, endpoint: 'http://push.example/abc' }, 'endpoint', /https/],
      [{ ...good, endpoint: 'https://10.0.0.8/abc' }, 'endpoint', /public address/],
      [{ ...good, endpoint: 'https://[fd00::1]/abc' }, 'endpoint', /public address/],
      [{ ...good, endpoint: 'https://user:pw@push.example/abc' }, 'endpoint', /user name or password/],
      [{ ...good, keys: { ...good.keys, p256dh: offCurve } }, 'p256dh', /P-256/],
    ];
    for (const [body, field, message] of cases) {
      const res = await subscribe(alice, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.fields[field], res.body).toMatch(message);
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, 'http://push.example/abc'))).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it("turns the caller's device off (204); another user's endpoint or an unknown one answers 404 and stays", async () => {
    const mine = service.subscribe(publicKey);
    const theirs = service.subscribe(publicKey);
    await subscribe(alice, mine);
    await subscribe(bob, theirs);
    expect((await unsubscribe(alice, theirs.endpoint)).statusCode).toBe(404);
    expect((await unsubscribe(alice, `${service.origin}/push/unknown`)).statusCode).toBe(404);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, theirs.endpoint))).toHaveLength(1);
    expect((await unsubscribe(alice, mine.endpoint)).statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, mine.endpoint))).toEqual([]);
    expect((await unsubscribe(alice, mine.endpoint)).statusCode).toBe(404);
  });

  it('refuses a body without an endpoint with 422', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: alice.auth, payload: {} });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty('endpoint');
  });
});

describe('POST /api/push/test', () => {
  it('queues one test per device, skips a device whose test is still unsent, and allows one a minute (429 with Retry-After)', async () => {
    const dave = await t.signIn({ account_type: 'referral_partner' });
    const [one, two] = [service.subscribe(publicKey), service.subscribe(publicKey)];
    expect((await subscribe(dave, one)).statusCode).toBe(201);
    expect((await subscribe(dave, two)).statusCode).toBe(201);
    const first = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: dave.auth });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ queued: 2 });

    const soon = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: dave.auth });
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0);
    expect(soon.json().error.message).toBe(PUSH_TEST_TOO_SOON);

    // Another member is not held by Dave's limit, and an unsent test is not queued twice.
    const erin = await t.signIn({ account_type: 'referral_partner' });
    const three = service.subscribe(publicKey);
    expect((await subscribe(erin, three)).statusCode).toBe(201);
    const [held] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, three.endpoint));
    await t.db.insert(pushOutbox).values({ subscription_id: held!.id, payload: PUSH_TEST_PAYLOAD });
    const waiting = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: erin.auth });
    expect(waiting.statusCode, waiting.body).toBe(422);
    expect(waiting.json().error.message).toMatch(/still on its way/);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscription_id, held!.id))).toHaveLength(1);
  });
});

describe('the VAPID private key', () => {
  it('is in no serialization of the push worker (its sender holds the keys object, whose private key is not enumerable)', () => {
    const seen = new WeakSet<object>();
    // The database handle and the logger are shared with the whole app (and too big to write out): everything else of the worker is.
    const text = JSON.stringify(t.app.ctx.push, (key, value: unknown) => {
      if (key === 'db' || key === 'log') return undefined;
      if (typeof value === 'object' && value !== null) {
        if (seen.has(value)) return undefined;
        seen.add(value);
      }
      return value;
    });
    expect(text).toContain(publicKey);
    expect(text).not.toContain(t.app.ctx.config.push!.privateKey);
  });
});

describe('API tokens', () => {
  it('are refused by every push route: a device belongs to a person at a browser', async () => {
    const made = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: alice.auth, payload: { api_token: { name: 'CRM', scopes: ['projects:read', 'projects:write', 'earnings:read'], expires_in_days: 30 } } });
    expect(made.statusCode, made.body).toBe(201);
    const bearer = { authorization: `Bearer ${made.json().token as string}` };
    const device = service.subscribe(publicKey);
    const calls = [
      t.app.inject({ method: 'GET', url: '/api/push/vapid_public_key', headers: bearer }),
      t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: bearer, payload: device }),
      t.app.inject({ method: 'GET', url: '/api/push/subscriptions', headers: bearer }),
      t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: bearer, payload: { endpoint: device.endpoint } }),
      t.app.inject({ method: 'POST', url: '/api/push/test', headers: bearer }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  });
});

describe('without VAPID keys (production without VAPID_*)', () => {
  it('answers 503 with a clear message, and stores nothing', async () => {
    const off = await createTestApp({ NODE_ENV: 'production', BILLING_PROVIDER: 'local', ADMIN_MFA_REQUIRED: 'false', VAPID_PUBLIC_KEY: '', VAPID_PRIVATE_KEY: '' });
    try {
      expect(off.app.ctx.config.push).toBeUndefined();
      const who = await off.signIn({ account_type: 'sales_partner' });
      const key = await off.app.inject({ method: 'GET', url: '/api/push/vapid_public_key', headers: who.auth });
      expect(key.statusCode).toBe(503);
      expect(key.json().error.message).toMatch(/not set up/);
      const device = service.subscribe(publicKey);
      const res = await off.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: who.auth, payload: { ...device, endpoint: 'https://push.example/abc' } });
      expect(res.statusCode).toBe(503);
      expect(await off.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
