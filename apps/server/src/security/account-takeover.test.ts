import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { startSession } from '../modules/auth/sessions.service.js';
import { rawCable, waitFor } from '../test/cable-client.js';
import { createTestApp, mailedLinks, type TestApp } from '../test/test-app.js';

/**
 * Account takeover paths (issue 13 item 6, ASVS 7.5.1 and 7.4.3): a stolen session alone cannot
 * move the account to another address. Changing the email needs the current password, ends
 * every other session at once (their sockets close), and the old address hears of it.
 */
let t: TestApp;
let cableBase: string;
const PASSWORD_REQUIRED = 'Enter your current password to change your email.';

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: 'help@sunin.test' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  cableBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/cable`;
});
afterAll(async () => t?.close());

const ENDPOINTS = ['/api/user/profile/edit', '/api/signup/edit'] as const;
const edit = (url: string, headers: Record<string, string>, user: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, payload: { user } });
const profile = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });
const emailOf = async (id: number) => (await t.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0]?.email;
const anotherSession = async (userId: number) => (await startSession(t.app.ctx, t.db, userId, { ip: '198.51.100.7', userAgent: 'another browser' })).token;

async function openCable(token: string) {
  const cable = rawCable(`${cableBase}?token=${token}`);
  await cable.opened;
  await waitFor(() => cable.frames.find((frame) => frame.type === 'welcome'), 3_000, 'welcome');
  return cable;
}

describe.each(ENDPOINTS)('changing the email through %s', (url) => {
  it('without the current password: 422 on current_password, nothing changes, no session ends', async () => {
    const { user, auth } = await t.signIn();
    const other = await anotherSession(user.id);
    const res = await edit(url, auth, { email: `thief-${user.id}@example.com`, city: 'Elsewhere' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', fields: { current_password: PASSWORD_REQUIRED } });
    expect(await emailOf(user.id)).toBe(user.email);
    expect((await t.db.select({ city: users.city }).from(users).where(eq(users.id, user.id)))[0]?.city).toBe(user.city);
    expect((await profile(other)).statusCode).toBe(200);
    expect(await mailedLinks(t.app, user.email)).toEqual([]);
  });

  it('with a wrong current password: 422 with the existing message, nothing changes', async () => {
    const { user, auth } = await t.signIn();
    const res = await edit(url, auth, { email: `thief-${user.id}@example.com`, current_password: 'not the password' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ current_password: MESSAGES.currentPasswordWrong });
    expect(await emailOf(user.id)).toBe(user.email);
    expect(await mailedLinks(t.app, `thief-${user.id}@example.com`)).toEqual([]);
  });

  it('the same email (any case) needs no password and ends no session', async () => {
    const { user, auth } = await t.signIn();
    const other = await anotherSession(user.id);
    const res = await edit(url, auth, { email: user.email.toUpperCase(), city: 'Austin' });
    expect(res.statusCode).toBe(200);
    expect((await profile(other)).statusCode).toBe(200);
  });

  it('with the right password: changed, other sessions 401 at once and their sockets close, the old address is told', async () => {
    const { user, auth, token } = await t.signIn({ email_verified_at: new Date() });
    const other = await anotherSession(user.id);
    const cable = await openCable(other);
    const next = `moved-${user.id}@example.com`;
    const res = await edit(url, auth, { email: next, current_password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: next, email_verified_at: null });
    expect(await emailOf(user.id)).toBe(next);

    expect((await profile(other)).statusCode).toBe(401);
    await Promise.race([cable.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), 3_000))]);
    expect(cable.frames.at(-1)).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    expect((await profile(token)).statusCode).toBe(200);

    const notice = (await t.app.ctx.mailer.list()).find((mail) => mail.to === user.email);
    expect(notice?.text).toContain(`changed to m***@example.com`);
    expect(notice?.text).not.toContain(next);
    expect(notice?.text).toContain("If this wasn't you, reset your password now: http://portal.test/request-password-reset and tell us at help@sunin.test.");
    expect(await mailedLinks(t.app, user.email)).toContain('http://portal.test/request-password-reset');
    expect(notice?.html).not.toContain(next);
    expect((await mailedLinks(t.app, next)).some((link) => link.includes('/verify_email?token='))).toBe(true);
  });
});

it('the notice escapes HTML from the member-controlled name', async () => {
  const { user, auth } = await t.signIn({ first_name: '<img src=x onerror=alert(1)>' });
  const res = await edit('/api/user/profile/edit', auth, { email: `escaped-${user.id}@example.com`, current_password: user.password });
  expect(res.statusCode).toBe(200);
  const notice = (await t.app.ctx.mailer.list()).find((mail) => mail.to === user.email);
  expect(notice?.html).not.toContain('<img');
});

it("an administrator changing a member email needs no member password, only the admin's own (issue 34 item 2; security/admin-reauth.test.ts)", async () => {
  const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  const { user } = await t.signIn();
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${user.id}`, headers: admin.auth, payload: { user: { email: `by-admin-${user.id}@example.com` }, current_password: admin.user.password } });
  expect(res.statusCode).toBe(200);
});
