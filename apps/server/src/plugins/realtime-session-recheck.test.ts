import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../db/schema/index.js';
import { subscribedCable, waitFor } from '../test/cable-client.js';
import { createTestApp, type SignedIn, type TestApp } from '../test/test-app.js';
import { SESSION_RECHECK_MS } from './realtime.js';

/**
 * An open socket stays as its session and its user's standing say (docs/decisions/028): it is
 * closed within a minute of its session going idle, and hears admin_changed only while its
 * user may use the admin area, which under ADMIN_MFA_REQUIRED means enrolled in MFA.
 *
 * The minute's timer is faked (setInterval only; sockets, the database and the bus are real),
 * so the test moves it on instead of waiting.
 */
let t: TestApp;
let actor: SignedIn;
let base: string;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp({ ADMIN_MFA_REQUIRED: 'true', SESSION_IDLE_TIMEOUT_MINUTES: '30' });
  actor = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin', mfa_enabled_at: new Date() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/cable`;
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

const ADMIN = { company_role: 'full_access_admin', account_type: 'admin' } as const;
const IDLE_MS = 30 * 60_000;
const cableOf = (signedIn: SignedIn) => subscribedCable(`${base}?token=${signedIn.token}`, signedIn.user.id);
const adminChanges = (frames: Array<Record<string, unknown>>) => frames.filter((frame) => (frame.message as { type?: string } | undefined)?.type === 'admin_changed');
const adminWrite = async (userId: number) => {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${userId}`, headers: actor.auth, payload: { user: { first_name: `Renamed ${String(Math.random())}` } } });
  expect(res.statusCode, res.body).toBe(200);
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
/** The minute passes: the timer fires and its check runs against the real database. */
const aMinutePasses = async () => {
  vi.advanceTimersByTime(SESSION_RECHECK_MS);
  await settle();
};

describe('open sockets against their sessions and standing', () => {
  it('closes a socket within a minute of its session going idle, and leaves one in use open', async () => {
    const idle = await t.signIn();
    const active = await t.signIn();
    const idleCable = await cableOf(idle);
    const activeCable = await cableOf(active);

    await aMinutePasses();
    expect(idleCable.socket.readyState).toBe(idleCable.socket.OPEN);

    // Its last request was longer ago than SESSION_IDLE_TIMEOUT_MINUTES; the other's a minute ago.
    await t.db.update(sessions).set({ last_used_at: new Date(Date.now() - IDLE_MS - 1_000) }).where(eq(sessions.id, idle.sessionId));
    await t.db.update(sessions).set({ last_used_at: new Date(Date.now() - 60_000) }).where(eq(sessions.id, active.sessionId));
    await aMinutePasses();
    await waitFor(() => idleCable.socket.readyState === idleCable.socket.CLOSED, 5_000, "the idle session's socket to close");
    expect(idleCable.frames.at(-1)).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
    expect(activeCable.socket.readyState).toBe(activeCable.socket.OPEN);
    activeCable.socket.close();
  });

  it('under ADMIN_MFA_REQUIRED, an administrator hears admin_changed only once enrolled', async () => {
    const unenrolled = await t.signIn(ADMIN);
    const enrolled = await t.signIn({ ...ADMIN, mfa_enabled_at: new Date() });
    const other = await t.signIn();
    // As the admin routes answer them.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: unenrolled.auth })).statusCode).toBe(403);
    const unenrolledCable = await cableOf(unenrolled);
    const enrolledCable = await cableOf(enrolled);

    await adminWrite(other.user.id);
    await waitFor(() => adminChanges(enrolledCable.frames).length === 1, 5_000, 'admin_changed on the enrolled socket');
    await settle();
    expect(adminChanges(unenrolledCable.frames)).toEqual([]);

    // Enrolled in another process, say, with the bus message lost: the minute's check applies it.
    await t.db.update(users).set({ mfa_enabled_at: new Date() }).where(eq(users.id, unenrolled.user.id));
    await aMinutePasses();
    await adminWrite(other.user.id);
    await waitFor(() => adminChanges(unenrolledCable.frames).length === 1, 5_000, 'admin_changed once enrolled');
    expect(adminChanges(enrolledCable.frames)).toHaveLength(2);
    for (const cable of [unenrolledCable, enrolledCable]) cable.socket.close();
  });
});
