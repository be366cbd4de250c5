import type { AddressInfo } from 'node:net';
import { AUTH_LIFETIME_MS, type Session } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { rawCable, waitFor } from '../../test/cable-client.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startSession } from './sessions.service.js';

/**
 * Server-side sessions (issue 13 item 4, ASVS 7.3.1, 7.3.2, 7.4.5, 7.5.2): listed, ended one by
 * one, all others at once, by an administrator; idle ones end; a websocket lives no longer
 * than its token.
 */
let t: TestApp;
let cableBase: string;

beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_TIMEOUT_MINUTES: '30' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  cableBase = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/cable`;
});
afterAll(async () => t?.close());

const profile = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization } });
const list = async (authorization: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/sessions', headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Session[];
};

async function openCable(token: string) {
  const cable = rawCable(`${cableBase}?token=${token}`);
  await cable.opened;
  await waitFor(() => cable.frames.find((frame) => frame.type === 'welcome'), 3_000, 'welcome');
  return cable;
}
async function closedUnauthorized(cable: Awaited<ReturnType<typeof openCable>>, within = 3_000) {
  await Promise.race([cable.closed, new Promise((_, reject) => setTimeout(() => reject(new Error('socket still open')), within))]);
  expect(cable.frames.at(-1)).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: false });
}

describe('signing in makes a session', () => {
  it('login records the address and browser, and the list shows it with the current one marked', async () => {
    const member = await t.signIn({ password: 'a long enough passphrase' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      payload: { user: { email: member.user.email, password: 'a long enough passphrase' } },
    });
    expect(login.statusCode).toBe(200);
    const fromLogin = String(login.headers.authorization);
    const sessionsSeen = await list(fromLogin);
    expect(sessionsSeen).toHaveLength(2);
    const current = sessionsSeen.find((session) => session.current)!;
    expect(current).toMatchObject({ user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0', ip: '127.0.0.1', current: true });
    expect(Object.keys(current).sort()).toEqual(['created_at', 'current', 'id', 'ip', 'last_used_at', 'user_agent']);
    expect(sessionsSeen.filter((session) => !session.current).map((session) => session.id)).toEqual([member.sessionId]);
  });

  it("never lists another member's sessions", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    expect((await list(a.auth.authorization)).map((session) => session.id)).toEqual([a.sessionId]);
    expect((await list(b.auth.authorization)).map((session) => session.id)).toEqual([b.sessionId]);
  });
});

describe('ending sessions', () => {
  it('asks for the current password again (ASVS 7.5.2): without it or with a wrong one nothing ends', async () => {
    const member = await t.signIn({ password: 'the right passphrase' });
    const other = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'phone' });
    for (const [url, payload] of [
      [`/api/user/sessions/${other.sessionId}`, undefined],
      [`/api/user/sessions/${other.sessionId}`, { current_password: 'not it' }],
      ['/api/user/sessions', {}],
      ['/api/user/sessions', { current_password: 'not it' }],
    ] as const) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: member.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const wrong = await t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: member.auth, payload: { current_password: 'not it' } });
    expect(wrong.json()).toMatchObject({ error: { code: 'rule_broken', fields: { current_password: 'Current password is incorrect.' } } });
    expect((await profile(`Bearer ${other.token}`)).statusCode).toBe(200);
  });

  it('DELETE /api/user/sessions/{id} ends that one: its token answers 401 at once and its socket closes', async () => {
    const member = await t.signIn();
    const other = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'phone' });
    const cable = await openCable(other.token);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${other.sessionId}`, headers: member.auth, payload: { current_password: member.user.password } });
    expect(res.statusCode).toBe(204);
    expect((await profile(`Bearer ${other.token}`)).statusCode).toBe(401);
    await closedUnauthorized(cable);
    expect((await profile(member.auth.authorization)).statusCode).toBe(200);
    // Ended already: nothing to end.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${other.sessionId}`, headers: member.auth, payload: { current_password: member.user.password } })).statusCode).toBe(404);
    expect((await list(member.auth.authorization)).map((session) => session.id)).toEqual([member.sessionId]);
  });

  it('DELETE /api/user/sessions signs out of every other session and keeps this one', async () => {
    const member = await t.signIn();
    const others = await Promise.all([1, 2, 3].map(() => startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'elsewhere' })));
    const cable = await openCable(others[0]!.token);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: member.auth, payload: { current_password: member.user.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 3 });
    for (const other of others) expect((await profile(`Bearer ${other.token}`)).statusCode).toBe(401);
    await closedUnauthorized(cable);
    expect((await list(member.auth.authorization)).map((session) => session.id)).toEqual([member.sessionId]);
  });

  it('an administrator ends every session of a user (ASVS 7.4.5); unknown users answer 404', async () => {
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const member = await t.signIn();
    const second = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'tablet' });
    const cable = await openCable(member.token);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.user.id}/sessions`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ended: 2 });
    expect((await profile(member.auth.authorization)).statusCode).toBe(401);
    expect((await profile(`Bearer ${second.token}`)).statusCode).toBe(401);
    await closedUnauthorized(cable);
    expect((await profile(admin.auth.authorization)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/users/999999/sessions', headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('the idle timeout and the absolute lifetime', () => {
  it('a session unused for longer than SESSION_IDLE_TIMEOUT_MINUTES ends, and is no longer listed', async () => {
    const member = await t.signIn();
    const idle = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'old tab' });
    await t.db.update(sessions).set({ last_used_at: new Date(Date.now() - 31 * 60_000) }).where(eq(sessions.id, idle.sessionId));
    expect((await list(member.auth.authorization)).map((session) => session.id)).toEqual([member.sessionId]);
    expect((await profile(`Bearer ${idle.token}`)).statusCode).toBe(401);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.id, idle.sessionId));
    expect(row).toMatchObject({ end_reason: 'idle' });
    expect(row!.ended_at).toBeInstanceOf(Date);
  });

  it('a request keeps a session alive; "last used" is written at most once a minute', async () => {
    const member = await t.signIn();
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    await t.db.update(sessions).set({ last_used_at: twentyMinutesAgo }).where(eq(sessions.id, member.sessionId));
    expect((await profile(member.auth.authorization)).statusCode).toBe(200);
    const [touched] = await t.db.select().from(sessions).where(eq(sessions.id, member.sessionId));
    expect(touched!.last_used_at.getTime()).toBeGreaterThan(Date.now() - 5_000);
    const tenSecondsAgo = new Date(Date.now() - 10_000);
    await t.db.update(sessions).set({ last_used_at: tenSecondsAgo }).where(eq(sessions.id, member.sessionId));
    // Read the session again rather than from the few-second cache (decision 028).
    t.app.ctx.sessions.dropUsers([member.user.id]);
    expect((await profile(member.auth.authorization)).statusCode).toBe(200);
    const [untouched] = await t.db.select().from(sessions).where(eq(sessions.id, member.sessionId));
    expect(untouched!.last_used_at.getTime()).toBe(tenSecondsAgo.getTime());
  });

  it('a websocket closes when its token expires, not only at logout', async () => {
    const member = await t.signIn();
    // A session whose 2-day token has 1.5 s left.
    const ending = await startSession(t.app.ctx, t.db, member.user.id, { ip: '127.0.0.1', userAgent: 'vitest' }, Date.now() - AUTH_LIFETIME_MS + 1_500);
    await t.db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.id, ending.sessionId));
    const cable = await openCable(ending.token);
    await closedUnauthorized(cable, 4_000);
    expect((await profile(`Bearer ${ending.token}`)).statusCode).toBe(401);
  });
});

describe('the session cache (docs/decisions/028)', () => {
  const authenticationReads = () => {
    const run = vi.spyOn(t.app.ctx, 'run');
    return {
      count: () => run.mock.calls.filter(([statement]) => statement.name === 'authenticate_session').length,
      restore: () => run.mockRestore(),
    };
  };

  it("reads a member's user and session once for a burst of requests, and refuses an ended session at once", async () => {
    const member = await t.signIn();
    const reads = authenticationReads();
    try {
      for (let i = 0; i < 5; i++) expect((await profile(member.auth.authorization)).statusCode).toBe(200);
      expect(reads.count()).toBe(1);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/logout', headers: member.auth })).statusCode).toBe(200);
      expect((await profile(member.auth.authorization)).statusCode).toBe(401);
    } finally {
      reads.restore();
    }
  });

  it("shows a change to the member's row at the next request: an edit by an administrator, a demotion", async () => {
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const member = await t.signIn({ first_name: 'Before' });
    const otherAdmin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    expect((await profile(member.auth.authorization)).json().first_name).toBe('Before');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: otherAdmin.auth })).statusCode).toBe(200);

    const edit = (id: number, user: Record<string, string>) => t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}`, headers: admin.auth, payload: { user } });
    expect((await edit(member.user.id, { first_name: 'After' })).statusCode).toBe(200);
    expect((await profile(member.auth.authorization)).json().first_name).toBe('After');
    expect((await edit(otherAdmin.user.id, { company_role: 'project_manager' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: otherAdmin.auth })).statusCode).toBe(403);
  });

  it('reads a session in use again before its entry expires, so a steady member never waits for it; a change or an end made outside the server shows then', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const reads = authenticationReads();
    try {
      const member = await t.signIn({ first_name: 'Before' });
      const ended = await t.signIn();
      for (const who of [member, ended]) expect((await profile(who.auth.authorization)).statusCode).toBe(200);
      expect(reads.count()).toBe(2);
      // Rows changed where the bus cannot tell (SQL by hand): the cache still answers.
      await t.db.update(users).set({ first_name: 'After' }).where(eq(users.id, member.user.id));
      await t.db.update(sessions).set({ ended_at: new Date(), end_reason: 'logout' }).where(eq(sessions.id, ended.sessionId));
      vi.advanceTimersByTime(4_100);
      const stored = vi.spyOn(t.app.ctx.sessions, 'set');
      const dropped = vi.spyOn(t.app.ctx.sessions, 'dropSessions');
      // In the entry's last fifth: answered from it, and read again in the background.
      expect((await profile(member.auth.authorization)).json().first_name).toBe('Before');
      expect((await profile(ended.auth.authorization)).statusCode).toBe(200);
      await vi.waitFor(() => expect([stored.mock.calls.length, dropped.mock.calls.length]).toEqual([1, 1]), { interval: 20 });
      expect(reads.count()).toBe(4);
      stored.mockRestore();
      dropped.mockRestore();
      // Before the entries would have expired, without a read in the request.
      vi.advanceTimersByTime(100);
      expect((await profile(member.auth.authorization)).json().first_name).toBe('After');
      expect(reads.count()).toBe(4);
      expect((await profile(ended.auth.authorization)).statusCode).toBe(401);
    } finally {
      reads.restore();
      vi.useRealTimers();
    }
  });

  it('with SESSION_CACHE_SECONDS=0 every request reads the session', async () => {
    const uncached = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const member = await uncached.signIn();
      const run = vi.spyOn(uncached.app.ctx, 'run');
      for (let i = 0; i < 3; i++) expect((await uncached.app.inject({ method: 'GET', url: '/api/user/profile', headers: member.auth })).statusCode).toBe(200);
      expect(run.mock.calls.filter(([statement]) => statement.name === 'authenticate_session')).toHaveLength(3);
    } finally {
      await uncached.close();
    }
  });
});
