import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY } from '../plugins/rate-limits.js';
import { signupBody } from '../test/fixtures.js';
import { enrolMfa } from '../test/mfa.js';
import { createTestApp, mailedLinks, type TestApp } from '../test/test-app.js';

/**
 * Sign-in abuse (issue 13 item 3, decision 011; ASVS 6.3.1, 2.4.1). Failed logins are counted
 * per IP and per account+IP; a success never counts and clears the caller's failures for that
 * account; nobody can lock another person out. Reset requests and signups keep per-request
 * limits. A refusal answers 429 in the error shape with Retry-After. The limits are the
 * server's own configured values (small here so the test is quick), read back from its config.
 * With REDIS_URL set the counts live in Redis (CI's second pass runs this file that way).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '12', LOGIN_RATE_LIMIT_PER_EMAIL: '5', RESET_RATE_LIMIT_PER_IP: '5', RESET_RATE_LIMIT_PER_EMAIL: '2', SIGNUP_RATE_LIMIT_PER_IP: '3' });
});
afterAll(async () => t?.close());

let ipCounter = 1;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;
const freshEmail = () => `limited-${Date.now()}-${emailCounter++}@example.com`;
const RIGHT = 'Amber-Kestrel-Fathom-91';
const STRONG = 'Quiet-Harbor-Lantern-58';

const login = (app: TestApp['app'], email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, headers, payload: { user: { email, password } } });
const requestReset = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/password', remoteAddress: ip, payload: { user: { email } } });
const reset = (ip: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/password', remoteAddress: ip, payload: { user: { reset_password_token: 'guess', password: STRONG, password_confirmation: STRONG } } });

function expectLimited(res: Awaited<ReturnType<typeof requestReset>>, name: string) {
  expect(res.statusCode, name).toBe(429);
  expect(res.json(), name).toEqual({ error: { code: 'rate_limited', message: TOO_MANY } });
  expect(Number(res.headers['retry-after']), name).toBeGreaterThan(0);
}

describe('login: failures only, per account+address and per address', () => {
  it('wrong passwords from one address never lock the owner out from another', async () => {
    const owner = await t.signIn({ password: RIGHT });
    const attacker = freshIp();
    for (let i = 0; i < 11; i++) {
      const res = await login(t.app, owner.user.email, 'wrong password', attacker);
      expect([401, 429], `attempt ${i + 1}`).toContain(res.statusCode);
    }
    expect((await login(t.app, owner.user.email.toUpperCase(), RIGHT, freshIp())).statusCode, 'the owner from another address').toBe(200);
  });

  it('blocks the failing address for the account, even with the right password, with Retry-After', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerEmail;
    const owner = await t.signIn({ password: RIGHT });
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await login(t.app, owner.user.email, 'wrong password', ip)).statusCode, `attempt ${i + 1}`).toBe(401);
    expectLimited(await login(t.app, owner.user.email, RIGHT, ip), 'right password from the failing address');
    const retryAfter = Number((await login(t.app, owner.user.email, RIGHT, ip)).headers['retry-after']);
    expect(retryAfter).toBeLessThanOrEqual(t.app.ctx.config.rateLimits.failureWindowMs / 1000);
    // The same address may still sign in to another account (its per-address count is below its limit).
    const other = await t.signIn({ password: RIGHT });
    expect((await login(t.app, other.user.email, RIGHT, ip)).statusCode).toBe(200);
  });

  it('a success never counts and clears the failures for that account', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerEmail;
    const owner = await t.signIn({ password: RIGHT });
    const ip = freshIp();
    // Many successes count nothing.
    for (let i = 0; i < limit + 2; i++) expect((await login(t.app, owner.user.email, RIGHT, ip)).statusCode, `success ${i + 1}`).toBe(200);
    for (let i = 0; i < limit - 1; i++) expect((await login(t.app, owner.user.email, 'typo', ip)).statusCode).toBe(401);
    expect((await login(t.app, owner.user.email, RIGHT, ip)).statusCode, 'success clears').toBe(200);
    for (let i = 0; i < limit - 1; i++) expect((await login(t.app, owner.user.email, 'typo', ip)).statusCode, `after clearing ${i + 1}`).toBe(401);
    expect((await login(t.app, owner.user.email, RIGHT, ip)).statusCode).toBe(200);
  });

  it('limits guessing across many accounts from one address; other addresses are not affected', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerIp;
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await login(t.app, freshEmail(), 'wrong password', ip)).statusCode);
    expect(statuses.slice(0, limit).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(limit).every((status) => status === 429)).toBe(true);
    expectLimited(await login(t.app, freshEmail(), 'wrong password', ip), 'after 50');
    // A success on an account of the guesser's own does not reset the per-address count.
    const own = await t.signIn({ password: RIGHT });
    expectLimited(await login(t.app, own.user.email, RIGHT, ip), 'own account while blocked');
    expect((await login(t.app, freshEmail(), 'wrong password', freshIp())).statusCode).toBe(401);
  });

  // Builds its own app (a migrated database): slow on a loaded machine.
  it('a blocked address gets in again once the window has passed', { timeout: 120_000 }, async () => {
    const short = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '50', LOGIN_RATE_LIMIT_PER_EMAIL: '3', LOGIN_FAILURE_WINDOW_SECONDS: '1' });
    try {
      const owner = await short.signIn({ password: RIGHT });
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await login(short.app, owner.user.email, 'wrong', ip)).statusCode).toBe(401);
      expectLimited(await login(short.app, owner.user.email, RIGHT, ip), 'inside the window');
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect((await login(short.app, owner.user.email, RIGHT, ip)).statusCode, 'after the window').toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('TRUST_PROXY: the client is the right-most untrusted hop', () => {
  /** The address the server saw, read back from the session the login started. */
  async function seenAddress(app: TestApp, remoteAddress: string, forwardedFor: string): Promise<string> {
    const user = await app.signIn({ password: RIGHT });
    const res = await login(app.app, user.user.email, RIGHT, remoteAddress, { 'x-forwarded-for': forwardedFor });
    expect(res.statusCode).toBe(200);
    const sessions = await app.app.inject({ method: 'GET', url: '/api/user/sessions', headers: { authorization: String(res.headers.authorization) } });
    const current = (sessions.json() as Array<{ ip: string; current: boolean }>).find((session) => session.current);
    return current?.ip ?? '';
  }

  // Builds its own app (a migrated database): slow on a loaded machine.
  it('with a hop count, the entry the one proxy appended, not what the client wrote', { timeout: 120_000 }, async () => {
    const app = await createTestApp({ TRUST_PROXY: '1' });
    try {
      expect(await seenAddress(app, '10.0.0.2', 'spoofed, 203.0.113.7')).toBe('203.0.113.7');
      // Failures are counted for the real client, whatever it writes in front.
      const owner = await app.signIn({ password: RIGHT });
      const limit = app.app.ctx.config.rateLimits.loginPerEmail;
      for (let i = 0; i < limit; i++) {
        const res = await login(app.app, owner.user.email, 'wrong', '10.0.0.2', { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.8` });
        expect(res.statusCode).toBe(401);
      }
      expectLimited(await login(app.app, owner.user.email, RIGHT, '10.0.0.2', { 'x-forwarded-for': '198.51.100.200, 203.0.113.8' }), 'spoofed left-most entry');
      expect((await login(app.app, owner.user.email, RIGHT, '10.0.0.2', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  // Builds its own app (a migrated database): slow on a loaded machine.
  it('with a list of proxy CIDRs, trusted hops are skipped and the peer must be one of them', { timeout: 120_000 }, async () => {
    const app = await createTestApp({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10' });
    try {
      expect(await seenAddress(app, '10.1.2.3', 'spoofed, 203.0.113.7, 192.168.1.10, 10.4.5.6')).toBe('203.0.113.7');
      expect(await seenAddress(app, '198.51.100.4', 'spoofed')).toBe('198.51.100.4');
    } finally {
      await app.close();
    }
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    expect(await seenAddress(t, '198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });
});

describe('password reset', () => {
  it('limits reset-link requests per email, from any IP, with the same answer for unknown emails', async () => {
    const limit = t.app.ctx.config.rateLimits.resetPerEmail;
    const email = freshEmail();
    for (let i = 0; i < limit; i++) expect((await requestReset(email, freshIp())).statusCode, `request ${i + 1}`).toBe(200);
    expectLimited(await requestReset(email, freshIp()), `request ${limit + 1}`);
  });

  it('limits reset-link requests per IP', async () => {
    const limit = t.app.ctx.config.rateLimits.resetPerIp;
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await requestReset(freshEmail(), ip)).statusCode, `request ${i + 1}`).toBe(200);
    expectLimited(await requestReset(freshEmail(), ip), `request ${limit + 1}`);
  });

  it('limits guessed reset tokens per IP (failures only)', async () => {
    const limit = t.app.ctx.config.rateLimits.resetPerIp;
    const guesser = freshIp();
    for (let i = 0; i < limit; i++) expect((await reset(guesser)).statusCode, `guess ${i + 1}`).toBe(422);
    expectLimited(await reset(guesser), `guess ${limit + 1}`);
    expect((await reset(freshIp())).statusCode).toBe(422);
  });
});

describe('password reset: only wrong tokens count', () => {
  it('successful resets from one address never use up its budget for a mistyped link', async () => {
    const limit = t.app.ctx.config.rateLimits.resetPerIp;
    const ip = freshIp();
    for (let i = 0; i <= limit; i++) {
      const { user } = await t.signIn({ password: RIGHT });
      expect((await requestReset(user.email, freshIp())).statusCode).toBe(200);
      const link = (await mailedLinks(t.app, user.email)).find((l) => l.includes('/password-reset-form/'));
      const token = decodeURIComponent(link!.split('/password-reset-form/')[1]!);
      const res = await t.app.inject({ method: 'PATCH', url: '/api/password', remoteAddress: ip, payload: { user: { reset_password_token: token, password: STRONG, password_confirmation: STRONG } } });
      expect(res.statusCode, `reset ${i + 1}`).toBe(200);
    }
    expect((await reset(ip)).statusCode, 'a wrong token after many successes').toBe(422);
  });
});

describe('signup', () => {
  let n = 0;
  const signup = (ip: string) => {
    const id = `${Date.now()}${n++}`;
    return t.app.inject({ method: 'POST', url: '/api/signup', remoteAddress: ip, payload: signupBody(id, STRONG) });
  };

  it('limits the accounts one IP signs up per hour; other addresses are not affected', async () => {
    const limit = t.app.ctx.config.rateLimits.signupPerIp;
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await signup(ip)).statusCode, `signup ${i + 1}`).toBe(201);
    expectLimited(await signup(ip), `signup ${limit + 1}`);
    expect((await signup(freshIp())).statusCode).toBe(201);
  });
});

describe('signed-in re-authentication: wrong current passwords count per session (ASVS 6.3.1)', () => {
  const wrong = 'Not-The-Password-00';
  const attempts = (auth: { authorization: string }, email: string) => [
    () => t.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers: auth, payload: { user: { email, current_password: wrong } } }),
    () => t.app.inject({ method: 'POST', url: '/api/password/edit', headers: auth, payload: { data: { current_password: wrong, password: STRONG, password_confirmation: STRONG } } }),
    () => t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: auth, payload: { current_password: wrong } }),
    () => t.app.inject({ method: 'POST', url: '/api/user/mfa', headers: auth, payload: { current_password: wrong } }),
  ];

  it('wrong passwords on every route that asks for one count together; then even the right one is refused in that session only', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerEmail;
    const { user, auth, sessionId } = await t.signIn({ password: RIGHT });
    const tries = attempts(auth, freshEmail());
    for (let i = 0; i < limit; i++) {
      const res = await tries[i % tries.length]!();
      expect(res.statusCode, `attempt ${i + 1}: ${res.body}`).toBe(422);
      expect(res.json().error.fields).toHaveProperty('current_password');
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/password/edit', headers: auth, payload: { data: { current_password: RIGHT, password: STRONG, password_confirmation: STRONG } } });
    expectLimited(refused, 'right password after the limit');
    for (const attempt of tries) expectLimited(await attempt(), 'every re-authenticating route');
    // A contact edit asks for no password and still goes through.
    expect((await t.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers: auth, payload: { user: { first_name: 'Still' } } })).statusCode).toBe(200);

    // The owner signing in afresh is not blocked, and can end the guessing session.
    const fresh = await login(t.app, user.email, RIGHT, freshIp());
    expect(fresh.statusCode).toBe(200);
    const ownerAuth = { authorization: fresh.headers.authorization as string };
    const end = await t.app.inject({ method: 'DELETE', url: `/api/user/sessions/${sessionId}`, headers: ownerAuth, payload: { current_password: RIGHT } });
    expect(end.statusCode, end.body).toBe(204);
  });

  it('a success does not reset the count (a session cannot clear its own guesses)', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerEmail;
    const { auth } = await t.signIn({ password: RIGHT });
    const guess = () => t.app.inject({ method: 'POST', url: '/api/user/mfa', headers: auth, payload: { current_password: wrong } });
    for (let i = 0; i < limit - 1; i++) expect((await guess()).statusCode).toBe(422);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/mfa', headers: auth, payload: { current_password: RIGHT } })).statusCode).toBe(200);
    expect((await guess()).statusCode).toBe(422);
    expectLimited(await guess(), 'after the limit');
  });

  it('wrong codes when turning two-factor off count too', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerEmail;
    const { auth } = await t.signIn({ password: RIGHT });
    await enrolMfa(t, auth, RIGHT);
    for (let i = 0; i < limit; i++) {
      const res = await t.app.inject({ method: 'DELETE', url: '/api/user/mfa', headers: auth, payload: { current_password: RIGHT, code: '000000' } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.fields).toHaveProperty('code');
    }
    expectLimited(await t.app.inject({ method: 'DELETE', url: '/api/user/mfa', headers: auth, payload: { current_password: RIGHT, code: '000000' } }), 'after the limit');
  });
});

describe('signed-in requests per user (ASVS 2.4.1)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ USER_RATE_LIMIT_PER_MINUTE: '12', USER_WRITE_RATE_LIMIT_PER_MINUTE: '4' });
  });
  afterAll(async () => limited?.close());

  it('limits every signed-in request per user, and writes more tightly; other members and public pages are not affected', async () => {
    const { auth } = await limited.signIn();
    const { writes, requests } = { writes: limited.app.ctx.config.rateLimits.userWritesPerMinute, requests: limited.app.ctx.config.rateLimits.userRequestsPerMinute };
    const write = () => limited.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers: auth, payload: { user: { first_name: 'Busy' } } });
    for (let i = 0; i < writes; i++) expect((await write()).statusCode, `write ${i + 1}`).toBe(200);
    expectLimited(await write(), `write ${writes + 1}`);
    // Reads still go through until the overall limit (the writes counted towards it too).
    for (let i = writes + 1; i < requests; i++) expect((await limited.app.inject({ url: '/api/user/profile', headers: auth })).statusCode, `request ${i + 1}`).toBe(200);
    expectLimited(await limited.app.inject({ url: '/api/user/profile', headers: auth }), `request ${requests + 1}`);

    const other = await limited.signIn();
    expect((await limited.app.inject({ url: '/api/user/profile', headers: other.auth })).statusCode).toBe(200);
    for (let i = 0; i < requests + 2; i++) expect((await limited.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
