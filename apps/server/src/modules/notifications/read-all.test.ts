import { NOTIFICATIONS_READ_ALL_EVENT } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { createNotifications } from './notifications.service.js';

/** Issue 37 item 3: "Mark all as read" (POST /api/notifications/read_all) and the unread counts by kind. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const notify = (who: SignedIn, kind: 'welcome' | 'stage_changes' | 'earnings', n: number) =>
  Promise.all(Array.from({ length: n }, (_, i) => createNotifications(t.db, [who.user.id], { kind, title: `${kind} ${i}`, message: 'm', subject: null })));
const rowsOf = (who: SignedIn) => t.db.select().from(notifications).where(eq(notifications.user_id, who.user.id));
const summary = async (who: SignedIn) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications/unread_summary', headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('GET /api/notifications/unread_summary', () => {
  it("counts the caller's unread notifications by kind, and only theirs", async () => {
    const me = await t.signIn();
    const other = await t.signIn();
    await notify(me, 'stage_changes', 3);
    await notify(me, 'earnings', 2);
    await notify(other, 'welcome', 4);
    const [first] = await rowsOf(me);
    await t.app.inject({ method: 'PATCH', url: `/api/users/${me.user.id}/notifications/${first!.id}`, headers: me.auth, payload: { notification: { read: true } } });
    const mine = await summary(me);
    expect(mine.unread).toBe(4);
    expect(mine.by_kind).toEqual(first!.kind === 'earnings' ? { stage_changes: 3, earnings: 1 } : { stage_changes: 2, earnings: 2 });
    expect(await summary(other)).toEqual({ unread: 4, by_kind: { welcome: 4 } });
    expect(await summary(await t.signIn())).toEqual({ unread: 0, by_kind: {} });
  });
});

describe('POST /api/notifications/read_all', () => {
  it("marks every unread notification of the caller read, keeps a first view's time, leaves other users' alone and tells the caller's other tabs once", async () => {
    const me = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const other = await t.signIn();
    await notify(me, 'stage_changes', 30);
    await notify(other, 'earnings', 2);
    const [seen] = await rowsOf(me);
    const opened = await t.app.inject({ method: 'PATCH', url: `/api/users/${me.user.id}/notifications/${seen!.id}`, headers: me.auth, payload: { notification: { read: true } } });
    const firstView = opened.json().viewed_on as string;

    // What this request publishes (spied, so a slower bus cannot mix in the PATCH's event).
    const publish = vi.spyOn(t.app.ctx.bus, 'publish');
    const res = await t.app.inject({ method: 'POST', url: '/api/notifications/read_all', headers: me.auth });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 29 });

    const after = await rowsOf(me);
    expect(after.every((row) => row.read && row.viewed_on !== null)).toBe(true);
    expect(after.find((row) => row.id === seen!.id)!.viewed_on!.toISOString()).toBe(firstView);
    expect((await rowsOf(other)).every((row) => !row.read && row.viewed_on === null)).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${me.user.id}/notifications`, headers: me.auth });
    expect(list.headers['x-unread-count']).toBe('0');

    const toUsers = () => publish.mock.calls.map(([message]) => message).filter((message) => 'userId' in message && 'event' in message);
    expect(toUsers()).toEqual([{ userId: me.user.id, event: { type: NOTIFICATIONS_READ_ALL_EVENT, payload: { updated: 29, read_at: expect.any(String) } } }]);

    // Nothing left unread: 0, and nobody is told.
    publish.mockClear();
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read_all', headers: me.auth })).json()).toEqual({ updated: 0 });
    expect(toUsers()).toEqual([]);
    publish.mockRestore();
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read_all' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications/unread_summary' })).statusCode).toBe(401);
  });
});
