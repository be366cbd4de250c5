import { PUSH_RETRY_DELAYS_SECONDS, PUSH_TTL_SECONDS } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, pushOutbox, pushSubscriptions } from '../../db/schema/index.js';
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
