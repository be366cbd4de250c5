import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNotifications } from './notifications.service.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('notifications', () => {
  it('welcomes a new member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { user: { first_name: 'A', last_name: 'B', user_name: `welcome${Date.now()}`, email: `welcome${Date.now()}@example.com`, phone_number: '5125550100', password: 'Sturdy-Gazelle-Orbit-77', password_confirmation: 'Sturdy-Gazelle-Orbit-77', address_1: 'x', city: 'y', state: 'TX', zip: '78701', account_type: 'referral_partner' } },
    });
    const { user } = res.json();
    const list = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/notifications`, headers: { authorization: String(res.headers.authorization) } });
    expect(list.json()).toEqual([expect.objectContaining({ kind: 'welcome', title: 'Welcome to SunIn', read: false, viewed_on: null })]);
  });

  it('lists my notifications newest first, paged by 25, with total and unread counts', async () => {
    const { user, auth } = await t.signIn();
    for (let i = 0; i < 27; i++) await createNotifications(t.db, [user.id], { kind: 'welcome', title: `Note ${i}`, message: `Message ${i}`, subject: null });
    const first = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/notifications`, headers: auth });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(25);
    expect(first.json()[0].title).toBe('Note 26');
    expect(first.headers['x-total-count']).toBe('27');
    expect(first.headers['x-unread-count']).toBe('27');
    const second = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/notifications?page=2`, headers: auth });
    expect(second.json().map((n: { title: string }) => n.title)).toEqual(['Note 1', 'Note 0']);
  });

  it('marks read, setting viewed_on once, and deletes', async () => {
    const { user, auth } = await t.signIn();
    const [row] = await createNotifications(t.db, [user.id], { kind: 'welcome', title: 'Hello', message: 'World', subject: null });
    const url = `/api/users/${user.id}/notifications/${row!.id}`;
    const read = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { notification: { read: true } } });
    expect(read.statusCode).toBe(200);
    expect(read.json().read).toBe(true);
    const viewedOn = read.json().viewed_on;
    expect(viewedOn).toMatch(/^\d{4}-/);
    const again = await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { notification: { read: true } } });
    expect(again.json().viewed_on).toBe(viewedOn);
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).json().read).toBe(true);
    expect((await t.app.inject({ method: 'PATCH', url, headers: auth, payload: { notification: { read: 'yes' } } })).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(404);
  });

  it("answers 404 for another user's notifications, by list or by id", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const [row] = await createNotifications(t.db, [owner.user.id], { kind: 'welcome', title: 'Private', message: 'x', subject: null });
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/notifications`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/notifications/${row!.id}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${stranger.user.id}/notifications/${row!.id}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/users/${stranger.user.id}/notifications/${row!.id}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${owner.user.id}/notifications` })).statusCode).toBe(401);
  });
});
