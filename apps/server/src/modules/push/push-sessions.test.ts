import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushOutbox, pushSubscriptions, sessions } from '../../db/schema/index.js';
import { startPushService, type DeviceSubscription, type PushServiceStandIn } from '../../test/push-service.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { endSessionsIn } from '../auth/sessions.service.js';
import { createNotifications } from '../notifications/notifications.service.js';

/**
 * A device takes a member's notifications until a session end somebody chose turns it off (issue
 * 41 item 3, review H1: sign-out, "sign out other sessions", an administrator, new credentials
 * remove it in the same transaction; going idle or expiring does not), and only their own (M3):
 * the worker sends nothing to a device that now belongs to someone other than the recipient.
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

const subscribe = (who: { auth: Record<string, string> }, device: DeviceSubscription) => t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: who.auth, payload: device });
const subscriptionOf = async (device: DeviceSubscription) => (await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)))[0];

async function memberWithDevice(): Promise<{ member: SignedIn; device: DeviceSubscription }> {
  const member = await t.signIn({ account_type: 'sales_partner' });
  const device = service.subscribe(publicKey);
  const res = await subscribe(member, device);
  expect(res.statusCode, res.body).toBe(201);
  return { member, device };
}

async function notifyAndFlush(userId: number): Promise<void> {
  await createNotifications(t.db, [userId], { kind: 'earnings', title: 'Earnings recorded', message: 'A deal was recorded.', subject: null });
  clock = new Date();
  await t.app.ctx.push.flush();
}

describe('a device belongs to the session that turned it on', () => {
  it('is tied to the current session, and follows the member to a new session when the device sends it again', async () => {
    const { member, device } = await memberWithDevice();
    expect((await subscriptionOf(device))!.session_id).toBe(member.sessionId);
    const later = await t.signInAs(member.user);
    const again = await subscribe(later, device);
    expect(again.statusCode, again.body).toBe(200);
    expect((await subscriptionOf(device))!.session_id).toBe(later.sessionId);
  });

  it('goes when the member signs out', async () => {
    const { member, device } = await memberWithDevice();
    expect((await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: member.auth })).statusCode).toBe(200);
    expect(await subscriptionOf(device)).toBeUndefined();
  });

  it('goes when the member signs out their other sessions (the device signed in elsewhere), and stays for the session kept', async () => {
    const { member, device } = await memberWithDevice();
    const here = await t.signInAs(member.user);
    const kept = service.subscribe(publicKey);
    expect((await subscribe(here, kept)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: here.auth, payload: { current_password: member.user.password } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriptionOf(device)).toBeUndefined();
    expect((await subscriptionOf(kept))!.session_id).toBe(here.sessionId);
  });

  it('goes when an administrator ends every session of the member', async () => {
    const { member, device } = await memberWithDevice();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.user.id}/sessions`, headers: admin.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(await subscriptionOf(device)).toBeUndefined();
  });

  it('stays when its session goes idle, expires and is pruned: the phone in a pocket still hears of the member\'s projects', async () => {
    const { member, device } = await memberWithDevice();
    await t.db.transaction((tx) => endSessionsIn(tx, member.user.id, { id: member.sessionId }, 'idle'));
    expect((await subscriptionOf(device))!.session_id).toBe(member.sessionId);
    await t.db.delete(sessions).where(eq(sessions.id, member.sessionId));
    expect((await subscriptionOf(device))!.session_id).toBeNull();
    await notifyAndFlush(member.user.id);
    expect(service.received.map((push) => (push.json as { title: string }).title)).toEqual(['Earnings recorded']);
  });
});

describe('the worker sends only to a device that is still the recipient\'s', () => {
  it('sends nothing to a device turned off by a sign-out after its push was written', async () => {
    const { member, device } = await memberWithDevice();
    await createNotifications(t.db, [member.user.id], { kind: 'earnings', title: 'Earnings', message: 'Paid.', subject: null });
    const subscription = (await subscriptionOf(device))!;
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscription_id, subscription.id))).toHaveLength(1);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: member.auth })).statusCode).toBe(200);
    clock = new Date();
    await t.app.ctx.push.flush();
    expect(service.requests).toEqual([]);
    expect(await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscription_id, subscription.id))).toEqual([]);
  });

  it("never delivers one member's notification to a device that now belongs to another", async () => {
    const { member: alice, device } = await memberWithDevice();
    const bob = await t.signIn({ account_type: 'sales_partner' });
    await createNotifications(t.db, [alice.user.id], { kind: 'earnings', title: "Alice's earnings", message: 'For Alice only.', subject: null });
    // The device moves to Bob between the row's write and its send (the route also drops Alice's waiting rows; this is the race it cannot see).
    await t.db.update(pushSubscriptions).set({ user_id: bob.user.id, session_id: bob.sessionId }).where(eq(pushSubscriptions.endpoint, device.endpoint));
    clock = new Date();
    await t.app.ctx.push.flush();
    expect(service.requests).toEqual([]);
    const [row] = await t.db.select().from(pushOutbox).where(eq(pushOutbox.subscription_id, (await subscriptionOf(device))!.id));
    expect(row).toMatchObject({ sent_at: null, failed_at: expect.any(Date) });

    // Bob's own notification reaches it.
    await notifyAndFlush(bob.user.id);
    expect(service.received.map((push) => push.json)).toEqual([expect.objectContaining({ title: 'Earnings recorded' })]);
  });
});
