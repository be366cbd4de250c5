import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PUSH_BODY_MAX_BYTES, PUSH_MAX_CONSECUTIVE_FAILURES, PUSH_RETRY_DELAYS_SECONDS, PUSH_TEST_PAYLOAD, PUSH_TTL_SECONDS } from '@sunin/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { notificationPreferences, pushOutbox, pushSubscriptions, webhookEndpoints } from '../../db/schema/index.js';
import { PUSH_KEEP_DONE_MS, PUSH_LANES, PUSH_LANES_PER_HOST, PUSH_PRUNE_INTERVAL_MS } from '../../lib/push-worker.js';
import { tellOwnerEndpointDisabled } from '../webhooks/webhook-notices.js';
import { startPushService, type DeviceSubscription, type PushServiceStandIn } from '../../test/push-service.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { createNotifications } from '../notifications/notifications.service.js';

/**
 * The push outbox (issue 41 item 3): a notification's push rows are written with it, sent
 * through a push service started here on 127.0.0.1 (the stand-in checks the VAPID signature and
 * decrypts the body, as the device would), retried on a 5xx, and dropped with the subscription
 * on a 410. The worker's clock is the test's; its poll is far beyond the test, so only a wake
 * after a commit or a flush sends anything.
 */
let clock = new Date();
let t: TestApp;
let admin: SignedIn;
let service: PushServiceStandIn;
let publicKey: string;

beforeAll(async () => {
  t = await createTestApp({}, { push: { now: () => clock, pollIntervalMs: 3_600_000 } });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  service = await startPushService();
  publicKey = t.app.ctx.config.push!.publicKey;
});
afterAll(async () => {
  await service?.close();
  await t?.close();
});
afterEach(() => {
  service.received.length = 0;
  service.requests.length = 0;
});

/** Sends what is due now: the clock set to now first, so rows just written (due at the database's now()) are due. */
async function flushNow(): Promise<void> {
  clock = new Date();
  await t.app.ctx.push.flush();
}

async function partnerWithDevice(): Promise<{ partner: SignedIn; device: DeviceSubscription }> {
  const partner = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
  const device = service.subscribe(publicKey);
  const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: partner.auth, payload: device });
  expect(res.statusCode, res.body).toBe(201);
  return { partner, device };
}

async function projectOf(partner: SignedIn, name: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: partner.auth, payload: { project: { company_name: name } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

const moveStage = async (projectId: number, project_stage: string) => {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${projectId}`, headers: admin.auth, payload: { project: { project_stage } } });
  expect(res.statusCode, res.body).toBe(200);
};

const rowsOf = (device: DeviceSubscription) =>
  t.db.select({ row: pushOutbox }).from(pushOutbox).innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscription_id)).where(eq(pushSubscriptions.endpoint, device.endpoint)).then((rows) => rows.map((r) => r.row));

describe('a notification pushed to the devices of its recipient', () => {
  it("a stage change of a partner's project reaches their device once: signed, encrypted, with the title, body and the project's address", async () => {
    const { partner, device } = await partnerWithDevice();
    const bystander = await partnerWithDevice();
    const projectId = await projectOf(partner, 'Alpine Dairy');
    await moveStage(projectId, 'Presentation Ready');
    await flushNow();

    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.endpoint).toBe(device.endpoint);
    const [row] = await rowsOf(device);
    expect(push!.json).toEqual({ title: 'Project stage updated', body: 'Alpine Dairy is now at Presentation Ready.', url: `/projects/${projectId}`, tag: `notification-${row!.notification_id}` });
    expect(push!.headers).toMatchObject({ ttl: String(PUSH_TTL_SECONDS), urgency: 'normal' });
    expect(push!.claims).toMatchObject({ aud: service.origin, sub: 'mailto:support@sunin.example' });
    expect(row).toMatchObject({ attempts: 1, sent_at: expect.any(Date), failed_at: null });
    const [subscription] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(subscription!.last_success_at).toEqual(expect.any(Date));
    expect(await rowsOf(bystander.device)).toEqual([]);

    // Sent once: another pass finds nothing due.
    await t.app.ctx.push.flush();
    expect(service.requests).toHaveLength(1);
  });

  it('follows the push choice of each kind (on by default), written by createNotifications too; an administrator opens the admin page', async () => {
    const { partner, device } = await partnerWithDevice();
    const projectId = await projectOf(partner, 'Birch Farm');
    await t.db.insert(notificationPreferences).values({ user_id: partner.user.id, event_type: 'stage_changes', email: true, push: false });
    await moveStage(projectId, 'Presentation Ready');
    await createNotifications(t.db, [partner.user.id], { kind: 'earnings', title: 'Earnings recorded', message: 'A deal was recorded.', subject: null });
    const adminDevice = service.subscribe(publicKey);
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: admin.auth, payload: adminDevice })).statusCode).toBe(201);
    await createNotifications(t.db, [admin.user.id], { kind: 'stall_alerts', title: 'Stalled', message: 'Birch Farm is stalled.', subject: { project_id: projectId } });
    // Not a kind that is emailed, so never pushed.
    await createNotifications(t.db, [partner.user.id], { kind: 'welcome', title: 'Welcome', message: 'Hello.', subject: null });
    await flushNow();

    expect(service.received.map((push) => [push.endpoint, push.json])).toEqual([
      [device.endpoint, expect.objectContaining({ title: 'Earnings recorded', body: 'A deal was recorded.', url: '/earnings' })],
      [adminDevice.endpoint, expect.objectContaining({ title: 'Stalled', url: `/admin/projects/${projectId}` })],
    ]);
  });
});

describe('answers of the push service', () => {
  it('a 410 removes the subscription and its rows; nothing is retried', async () => {
    const { partner, device } = await partnerWithDevice();
    const projectId = await projectOf(partner, 'Cedar Mill');
    service.expire(device.endpoint);
    await moveStage(projectId, 'Presentation Ready');
    await flushNow();
    expect(service.requests.map((r) => r.status)).toEqual([410]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
    expect(await rowsOf(device)).toEqual([]);
  });

  it('a 500 is retried after a minute, then five, then delivered; only once each time it is due', async () => {
    const { partner, device } = await partnerWithDevice();
    const projectId = await projectOf(partner, 'Dune Solar');
    service.failNext(2, 500);
    await moveStage(projectId, 'Presentation Ready');
    await flushNow();
    let [row] = await rowsOf(device);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: 'The push service answered 500.' });
    expect(row!.next_attempt_at.getTime()).toBe(clock.getTime() + PUSH_RETRY_DELAYS_SECONDS[0] * 1000);

    // Not yet due: nothing is sent.
    clock = new Date(clock.getTime() + PUSH_RETRY_DELAYS_SECONDS[0] * 1000 - 1000);
    await t.app.ctx.push.flush();
    expect(service.requests).toHaveLength(1);

    clock = new Date(clock.getTime() + 1000);
    await t.app.ctx.push.flush();
    [row] = await rowsOf(device);
    expect(row).toMatchObject({ attempts: 2, sent_at: null });
    expect(row!.next_attempt_at.getTime()).toBe(clock.getTime() + PUSH_RETRY_DELAYS_SECONDS[1] * 1000);

    clock = new Date(clock.getTime() + PUSH_RETRY_DELAYS_SECONDS[1] * 1000);
    await t.app.ctx.push.flush();
    [row] = await rowsOf(device);
    expect(row).toMatchObject({ attempts: 3, sent_at: expect.any(Date), last_error: null });
    expect(service.requests.map((r) => r.status)).toEqual([500, 500, 201]);
    expect(service.received).toHaveLength(1);
  });

  it('gives up after the last retry, and at once on an answer a retry would not change (400)', async () => {
    const { partner, device } = await partnerWithDevice();
    await projectOf(partner, 'Elm Works');
    service.failNext(PUSH_RETRY_DELAYS_SECONDS.length + 1, 503);
    await createNotifications(t.db, [partner.user.id], { kind: 'earnings', title: 'Earnings', message: 'Paid.', subject: null });
    clock = new Date();
    for (const delay of [0, ...PUSH_RETRY_DELAYS_SECONDS]) {
      clock = new Date(clock.getTime() + delay * 1000);
      await t.app.ctx.push.flush();
    }
    const [row] = await rowsOf(device);
    expect(row).toMatchObject({ attempts: PUSH_RETRY_DELAYS_SECONDS.length + 1, sent_at: null, failed_at: expect.any(Date) });
    clock = new Date(clock.getTime() + 24 * 3600 * 1000);
    await t.app.ctx.push.flush();
    expect(service.requests).toHaveLength(PUSH_RETRY_DELAYS_SECONDS.length + 1);

    service.failNext(1, 400);
    await createNotifications(t.db, [partner.user.id], { kind: 'earnings', title: 'Earnings', message: 'Paid again.', subject: null });
    await flushNow();
    const failed = (await rowsOf(device)).find((r) => r.id !== row!.id);
    expect(failed).toMatchObject({ attempts: 1, failed_at: expect.any(Date), last_error: 'The push service answered 400.' });
    // The subscription stays: only 404 and 410 end it.
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(1);
  });
});

describe('woken after the commit', () => {
  it('sends a notification without a flush (the poll is an hour away)', async () => {
    const { partner, device } = await partnerWithDevice();
    const projectId = await projectOf(partner, 'Fir Grove');
    // Ahead of the database's clock, so the row written now is due when the wake's pass looks.
    clock = new Date(Date.now() + 60_000);
    await moveStage(projectId, 'Presentation Ready');
    await vi.waitFor(() => expect(service.received.map((push) => push.endpoint)).toEqual([device.endpoint]));
  });
});

describe('integrations notices', () => {
  it('a webhook endpoint turned off (always emailed) is pushed to its owner too', async () => {
    const { partner, device } = await partnerWithDevice();
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({ user_id: partner.user.id, url: 'https://hooks.example/crm', events: ['project.stage_changed'], secret_sealed: t.app.ctx.webhookSecrets.encrypt('secret') })
      .returning();
    const after = await t.db.transaction((tx) => tellOwnerEndpointDisabled(t.app.ctx, tx, endpoint!));
    expect(await rowsOf(device)).toEqual([expect.objectContaining({ payload: expect.objectContaining({ title: 'Webhook endpoint turned off' }), sent_at: null })]);
    await after();
    await flushNow();
    expect(service.received.map((push) => push.json)).toEqual([expect.objectContaining({ title: 'Webhook endpoint turned off', body: expect.stringContaining('hooks.example'), url: null })]);
  });
});

describe('devices that keep failing, unsafe ones, old rows, long bodies', () => {
  it(`forgets a device after ${PUSH_MAX_CONSECUTIVE_FAILURES} messages in a row refused with 401 or 403 (the VAPID keys changed); a delivery starts the count again`, async () => {
    const { partner, device } = await partnerWithDevice();
    const earn = (message: string) => createNotifications(t.db, [partner.user.id], { kind: 'earnings', title: 'Earnings', message, subject: null });
    service.failNext(PUSH_MAX_CONSECUTIVE_FAILURES - 1, 403);
    for (let i = 0; i < PUSH_MAX_CONSECUTIVE_FAILURES - 1; i++) await earn(`Refused ${i}.`);
    await earn('Delivered.');
    await flushNow();
    const [kept] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(kept).toMatchObject({ consecutive_failures: 0 });

    service.failNext(PUSH_MAX_CONSECUTIVE_FAILURES, 401);
    for (let i = 0; i < PUSH_MAX_CONSECUTIVE_FAILURES; i++) await earn(`Refused again ${i}.`);
    await flushNow();
    expect(service.requests.map((r) => r.status)).toEqual([...Array(PUSH_MAX_CONSECUTIVE_FAILURES - 1).fill(403), 201, ...Array(PUSH_MAX_CONSECUTIVE_FAILURES).fill(401)]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
  });

  it('a host found unsafe when connecting (it resolves to a private address) fails the message and removes the subscription, never retried', async () => {
    const { partner } = await partnerWithDevice();
    const keys = service.subscribe(publicKey).keys;
    const [inside] = await t.db.insert(pushSubscriptions).values({ user_id: partner.user.id, session_id: partner.sessionId, endpoint: 'https://push.inside.example/device', ...keys }).returning();
    await t.db.insert(pushOutbox).values({ subscription_id: inside!.id, payload: PUSH_TEST_PAYLOAD });
    const resolveHost = t.app.ctx.resolveHost;
    t.app.ctx.resolveHost = async (host) => (host === 'push.inside.example' ? [{ address: '10.0.0.5', family: 4 }] : Promise.reject(new Error('ENOTFOUND')));
    try {
      await flushNow();
    } finally {
      t.app.ctx.resolveHost = resolveHost;
    }
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, inside!.id))).toEqual([]);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscription_id, inside!.id))).toEqual([]);
  });

  it('prunes rows sent or failed more than a week ago, and keeps the rest', async () => {
    const { device } = await partnerWithDevice();
    const [subscription] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    const ago = (ms: number) => new Date(Date.now() - ms);
    const old = PUSH_KEEP_DONE_MS + 3600_000;
    const rows = await t.db
      .insert(pushOutbox)
      .values([
        { subscription_id: subscription!.id, payload: PUSH_TEST_PAYLOAD, created_at: ago(old), sent_at: ago(old) },
        { subscription_id: subscription!.id, payload: PUSH_TEST_PAYLOAD, created_at: ago(old), failed_at: ago(old) },
        { subscription_id: subscription!.id, payload: PUSH_TEST_PAYLOAD, created_at: ago(old), sent_at: ago(PUSH_KEEP_DONE_MS - 3600_000) },
        // Old but still waiting for its next attempt.
        { subscription_id: subscription!.id, payload: PUSH_TEST_PAYLOAD, created_at: ago(old), next_attempt_at: new Date(Date.now() + 3600_000) },
      ])
      .returning({ id: pushOutbox.id });
    // A pass after the prune interval has passed since the last one.
    clock = new Date(Date.now() + PUSH_PRUNE_INTERVAL_MS + 1000);
    await t.app.ctx.push.flush();
    const left = await t.db.select({ id: pushOutbox.id }).from(pushOutbox).where(inArray(pushOutbox.id, rows.map((row) => row.id)));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([rows[2]!.id, rows[3]!.id]);
  });

  it(`cuts a long body to ${PUSH_BODY_MAX_BYTES} bytes with an ellipsis before it is encrypted`, async () => {
    const { partner } = await partnerWithDevice();
    await createNotifications(t.db, [partner.user.id], { kind: 'earnings', title: 'Earnings', message: 'é'.repeat(3000), subject: null });
    await flushNow();
    const body = (service.received[0]!.json as { body: string }).body;
    expect(body.endsWith('…')).toBe(true);
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(PUSH_BODY_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(PUSH_BODY_MAX_BYTES - 8);
  });
});

describe('fairness between push services', () => {
  it(`a host that hangs holds at most ${PUSH_LANES_PER_HOST} of the ${PUSH_LANES} lanes and one per device: the others' pushes go meanwhile`, async () => {
    const held: ServerResponse[] = [];
    let open = 0;
    let most = 0;
    const perDevice = new Map<string, number>();
    let twiceAtOnce = false;
    let released = false;
    const slow = createServer((request, response) => {
      request.resume();
      const path = request.url ?? '';
      open++;
      most = Math.max(most, open);
      perDevice.set(path, (perDevice.get(path) ?? 0) + 1);
      if (perDevice.get(path)! > 1) twiceAtOnce = true;
      response.on('finish', () => {
        open--;
        perDevice.set(path, perDevice.get(path)! - 1);
      });
      if (released) response.writeHead(201).end();
      else held.push(response);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
      const { partner, device } = await partnerWithDevice();
      // More slow devices than lanes, two messages each, all due before the other device's one.
      const slowDevices = await t.db
        .insert(pushSubscriptions)
        .values(Array.from({ length: PUSH_LANES + 2 }, (_, i) => ({ user_id: partner.user.id, session_id: partner.sessionId, endpoint: `${origin}/device-${i}`, ...service.subscribe(publicKey).keys })))
        .returning({ id: pushSubscriptions.id });
      const early = new Date(Date.now() - 60_000);
      await t.db.insert(pushOutbox).values(slowDevices.flatMap(({ id }) => [0, 1].map(() => ({ subscription_id: id, payload: PUSH_TEST_PAYLOAD, next_attempt_at: early }))));
      const [mine] = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
      await t.db.insert(pushOutbox).values({ subscription_id: mine!.id, payload: PUSH_TEST_PAYLOAD });

      clock = new Date();
      const pass = t.app.ctx.push.flush();
      await vi.waitFor(() => {
        expect(service.received.map((push) => push.endpoint)).toEqual([device.endpoint]);
        expect(held).toHaveLength(PUSH_LANES_PER_HOST);
      });
      released = true;
      for (const response of held) response.writeHead(201).end();
      await pass;
      expect(most).toBe(PUSH_LANES_PER_HOST);
      expect(twiceAtOnce).toBe(false);
      const sent = await t.db.select().from(pushOutbox).where(inArray(pushOutbox.subscription_id, slowDevices.map(({ id }) => id)));
      expect(sent.every((row) => row.sent_at !== null)).toBe(true);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('two processes', () => {
  it('send each push once between them', async () => {
    // Processes sharing a database sign with the same keys, named in VAPID_* (each would generate its own otherwise).
    const keys = t.app.ctx.config.push!;
    const second = await createTestApp({ VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey }, { sameDatabaseAs: t, push: { now: () => clock, pollIntervalMs: 3_600_000 } });
    try {
      const devices = [await partnerWithDevice(), await partnerWithDevice(), await partnerWithDevice()];
      for (const { partner } of devices) await createNotifications(t.db, [partner.user.id], { kind: 'earnings', title: 'Earnings', message: 'Recorded.', subject: null });
      clock = new Date();
      await Promise.all([t.app.ctx.push.flush(), second.app.ctx.push.flush(), t.app.ctx.push.flush(), second.app.ctx.push.flush()]);
      expect(service.requests.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(service.received.map((push) => push.endpoint).sort()).toEqual(devices.map((d) => d.device.endpoint).sort());
    } finally {
      await second.close();
    }
  });
});
