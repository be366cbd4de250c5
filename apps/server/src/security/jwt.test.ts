import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import type { BusMessage } from '../lib/bus.js';
import { startSession } from '../modules/auth/sessions.service.js';
import { rawCable, waitFor } from '../test/cable-client.js';
import { createTestApp, mailedLinks, type TestApp } from '../test/test-app.js';

/**
 * Session tokens (ASVS V9 self-contained tokens, V7 session management): every token the server
 * did not issue, or that was ended, is refused with the one 401; ending a session also closes the
 * websockets opened with its token.
 */
let t: TestApp;
let cableBase: string;
const KEY = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-0123456789');
const UNAUTHORIZED = { error: { code: 'unauthorized', message: 'You need to sign in or sign up before continuing.' } };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  cableBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/cable`;
});
afterAll(async () => t?.close());

const profile = (authorization?: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: authorization ? { authorization } : {} });

async function expectRefused(authorization: string | undefined, name: string) {
  const res = await profile(authorization);
  expect(res.statusCode, name).toBe(401);
  expect(res.json(), name).toEqual(UNAUTHORIZED);
}

/** Another signed-in session of the user, as a login from elsewhere makes it. */
const anotherSession = async (userId: number, now = Date.now()) => (await startSession(t.app.ctx, t.db, userId, { ip: '198.51.100.7', userAgent: 'another browser' }, now)).token;

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A cable socket signed in with `token`, after its welcome. */
async function openCable(token: string) {
  const cable = rawCable(`${cableBase}?token=${token}`);
  await cable.opened;
  await waitFor(() => cable.frames.find((frame) => frame.type === 'welcome'), 3_000, 'welcome');
  return cable;
}

async function expectClosedUnauthorized(cable: Awaited<ReturnType<typeof openCable>>, name: string) {
  await Promise.race([cable.closed, new Promise((_, reject) => setTimeout(() => reject(new Error(`${name}: socket still open`)), 3_000))]);
  expect(cable.frames.at(-1), name).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
}

describe('tokens the server did not issue as they are', () => {
  it('refuses a missing, malformed, unsigned (alg none), foreign-key, re-signed, altered or expired token', async () => {
    const { user, token } = await t.signIn();
    await expect(profile(`Bearer ${token}`)).resolves.toMatchObject({ statusCode: 200 });
    const [head, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const other = await t.signIn();
    const now = Math.floor(Date.now() / 1000);
    const sign = (alg: string, key: Uint8Array, body: Record<string, unknown>) => new SignJWT(body).setProtectedHeader({ alg, typ: 'JWT' }).sign(key);
    const cases: Array<[string, string | undefined]> = [
      ['no header', undefined],
      ['not a bearer header', `Token ${token}`],
      ['not a JWT', 'Bearer not-a-jwt'],
      ['alg none (jose UnsecuredJWT)', `Bearer ${new UnsecuredJWT({ ...claims }).encode()}`],
      ['alg none, the original signature kept', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`],
      ['alg none, empty signature', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`],
      ['wrong key', `Bearer ${await sign('HS256', new TextEncoder().encode('another-secret-another-secret-another-secret'), claims)}`],
      ['right key, another algorithm (HS512)', `Bearer ${await sign('HS512', KEY, claims)}`],
      ['changed subject, old signature', `Bearer ${head}.${b64({ ...claims, sub: String(other.user.id) })}.${signature}`],
      ['longer expiry, old signature', `Bearer ${head}.${b64({ ...claims, exp: now + 365 * 86_400 })}.${signature}`],
      ['signature of another token', `Bearer ${head}.${payload}.${other.token.split('.')[2]}`],
      ['expired (issued 3 days ago, 2-day lifetime)', `Bearer ${await anotherSession(user.id, Date.now() - 3 * 86_400_000)}`],
      ['our key, no audience', `Bearer ${await sign('HS256', KEY, { sub: claims.sub, jti: claims.jti, iat: now, exp: now + 60 })}`],
      ['our key, another audience', `Bearer ${await sign('HS256', KEY, { ...claims, aud: 'another-service' })}`],
      ['our key and claims, but no session behind the jti', `Bearer ${(await t.app.ctx.tokens.issue(user.id)).token}`],
      ['expired a second ago', `Bearer ${await sign('HS256', KEY, { ...claims, exp: now - 1 })}`],
      ['not valid yet (nbf in an hour)', `Bearer ${await sign('HS256', KEY, { ...claims, nbf: now + 3600 })}`],
      ['our key, no jti', `Bearer ${await sign('HS256', KEY, { sub: String(user.id), iat: now, exp: now + 60 })}`],
      ['our key, subject not a user id', `Bearer ${await sign('HS256', KEY, { ...claims, sub: 'admin' })}`],
      ['our key, no expiry', `Bearer ${await sign('HS256', KEY, { sub: String(user.id), jti: 'j', iat: now })}`],
    ];
    for (const [name, authorization] of cases) await expectRefused(authorization, name);
    // The audience names the portal (ASVS 9.2.3); a token for anything else is refused above.
    expect(claims.aud).toBe('sunin-partner-portal');
  });

  it('refuses the token of a deleted user', async () => {
    const { user, token } = await t.signIn();
    await t.db.delete(users).where(eq(users.id, user.id));
    await expectRefused(`Bearer ${token}`, 'deleted user');
  });

  it('refuses them on the websocket too', async () => {
    const unsigned = new UnsecuredJWT({}).setSubject('1').setJti('x').setIssuedAt().setExpirationTime('1h').encode();
    const cable = rawCable(`${cableBase}?token=${unsigned}`);
    await cable.closed;
    expect(cable.frames).toEqual([{ type: 'disconnect', reason: 'unauthorized', reconnect: false }]);
  });
});

describe('ending a session', () => {
  it('logout refuses the token at once and closes the websockets opened with it, not the other sessions', async () => {
    const first = await t.signIn();
    const second = await anotherSession(first.user.id);
    const cableOfFirst = await openCable(first.token);
    const cableOfSecond = await openCable(second);
    const out = await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: first.auth });
    expect(out.statusCode).toBe(200);
    await expectRefused(first.auth.authorization, 'after logout');
    await expectClosedUnauthorized(cableOfFirst, 'the socket of the logged-out token');
    expect((await profile(`Bearer ${second}`)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cableOfSecond.socket.readyState).toBe(cableOfSecond.socket.OPEN);
    cableOfSecond.socket.close();
  });

  it('asks every server process to close the sockets, through the bus, and closes on a message from another process', async () => {
    const heard: BusMessage[] = [];
    const stop = t.app.ctx.bus.onMessage((message) => heard.push(message));
    const member = await t.signIn();
    await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: member.auth });
    const jti = (await t.app.ctx.tokens.verify(member.token))!.jti;
    // With Redis the message comes back over the network: wait for it.
    await waitFor(() => heard.some((message) => 'revoke' in message && message.revoke.jtis.includes(jti)), 5_000, 'the revocation on the bus');
    stop();
    expect(heard).toContainEqual({ userId: member.user.id, revoke: { jtis: [jti] } });

    // What another process publishes after a logout there (the message is JSON on Redis).
    const elsewhere = await t.signIn();
    const cable = await openCable(elsewhere.token);
    const message = JSON.parse(JSON.stringify({ userId: elsewhere.user.id, revoke: { jtis: [(await t.app.ctx.tokens.verify(elsewhere.token))!.jti] } })) as BusMessage;
    await t.app.ctx.bus.publish(message);
    await expectClosedUnauthorized(cable, 'a revocation from another process');
  });

  it("changing the password ends the member's other sessions and their sockets, and returns a fresh token for this one", async () => {
    const member = await t.signIn({ password: 'old password 1' });
    // Issued in the same second as the change: sessions end by row, not by issue time.
    const other = await anotherSession(member.user.id);
    const current = await anotherSession(member.user.id);
    const otherCable = await openCable(other);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/edit',
      headers: { authorization: `Bearer ${current}` },
      payload: { data: { current_password: 'old password 1', password: 'new password 2', password_confirmation: 'new password 2' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Password changed successfully.' });
    const fresh = String(res.headers.authorization);
    expect(fresh).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    await expectRefused(`Bearer ${other}`, 'another session after a password change');
    await expectRefused(`Bearer ${current}`, 'the calling token after a password change');
    await expectClosedUnauthorized(otherCable, 'the socket of another session');
    expect((await profile(fresh)).statusCode).toBe(200);
    const freshCable = await openCable(fresh.slice('Bearer '.length));
    freshCable.socket.close();
  });

  it('a wrong current password changes nothing and ends no session', async () => {
    const member = await t.signIn({ password: 'old password 1' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password/edit',
      headers: member.auth,
      payload: { data: { current_password: 'not it at all', password: 'new password 2', password_confirmation: 'new password 2' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers.authorization).toBeUndefined();
    expect((await profile(member.auth.authorization)).statusCode).toBe(200);
  });

  it('a password reset ends every session of the account and closes their sockets', async () => {
    const member = await t.signIn();
    const old = await anotherSession(member.user.id);
    const cable = await openCable(old);
    await t.app.inject({ method: 'POST', url: '/api/password', payload: { user: { email: member.user.email } } });
    const link = (await mailedLinks(t.app, member.user.email)).find((l) => l.includes('/password-reset-form/'))!;
    const resetToken = decodeURIComponent(link.split('/password-reset-form/')[1]!);
    const reset = await t.app.inject({ method: 'PATCH', url: '/api/password', payload: { user: { reset_password_token: resetToken, password: 'brand new pass', password_confirmation: 'brand new pass' } } });
    expect(reset.statusCode).toBe(200);
    await expectRefused(`Bearer ${old}`, 'issued before the reset');
    await expectClosedUnauthorized(cable, 'the socket of a session older than the reset');
  });
});
