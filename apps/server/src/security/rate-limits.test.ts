import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY } from '../plugins/rate-limits.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Login, password-reset and signup limits (DESIGN.md, decision 002; ASVS 6.3.1, 2.4.1): the (N+1)th attempt
 * in a window answers 429 in the error shape with Retry-After. The limits are the server's own
 * configured values (small here so the test is quick), read back from its config.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '6', LOGIN_RATE_LIMIT_PER_EMAIL: '3', RESET_RATE_LIMIT_PER_IP: '5', RESET_RATE_LIMIT_PER_EMAIL: '2', SIGNUP_RATE_LIMIT_PER_IP: '3' });
});
afterAll(async () => t?.close());

let ipCounter = 1;
const freshIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;
const freshEmail = () => `limited-${Date.now()}-${emailCounter++}@example.com`;

const login = (email: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { user: { email, password } } });
const requestReset = (email: string, ip: string) => t.app.inject({ method: 'POST', url: '/api/password', remoteAddress: ip, payload: { user: { email } } });
const reset = (ip: string) =>
  t.app.inject({ method: 'PATCH', url: '/api/password', remoteAddress: ip, payload: { user: { reset_password_token: 'guess', password: 'long enough', password_confirmation: 'long enough' } } });

function expectLimited(res: Awaited<ReturnType<typeof login>>, name: string) {
  expect(res.statusCode, name).toBe(429);
  expect(res.json(), name).toEqual({ error: { code: 'rate_limited', message: TOO_MANY } });
  expect(Number(res.headers['retry-after']), name).toBeGreaterThan(0);
}

describe('login', () => {
  it('limits attempts per email, from any IP, even with the right password once limited', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerEmail;
    const member = await t.signIn({ password: 'the right one' });
    for (let i = 0; i < limit; i++) expect((await login(member.user.email, 'wrong password', freshIp())).statusCode, `attempt ${i + 1}`).toBe(401);
    expectLimited(await login(member.user.email.toUpperCase(), 'the right one', freshIp()), `attempt ${limit + 1}, another IP, other case`);
    // Another account is not affected.
    const other = await t.signIn({ password: 'the right one' });
    expect((await login(other.user.email, 'the right one', freshIp())).statusCode).toBe(200);
  });

  it('limits attempts per IP, whatever the email', async () => {
    const limit = t.app.ctx.config.rateLimits.loginPerIp;
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await login(freshEmail(), 'wrong password', ip)).statusCode, `attempt ${i + 1}`).toBe(401);
    expectLimited(await login(freshEmail(), 'wrong password', ip), `attempt ${limit + 1}`);
    expect((await login(freshEmail(), 'wrong password', freshIp())).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('limits reset-link requests per email, from any IP, with the same answer for unknown emails', async () => {
    const limit = t.app.ctx.config.rateLimits.resetPerEmail;
    const email = freshEmail();
    for (let i = 0; i < limit; i++) expect((await requestReset(email, freshIp())).statusCode, `request ${i + 1}`).toBe(200);
    expectLimited(await requestReset(email, freshIp()), `request ${limit + 1}`);
  });

  it('limits reset-link requests and reset attempts per IP (token guessing)', async () => {
    const limit = t.app.ctx.config.rateLimits.resetPerIp;
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await requestReset(freshEmail(), ip)).statusCode, `request ${i + 1}`).toBe(200);
    expectLimited(await requestReset(freshEmail(), ip), `request ${limit + 1}`);

    const guesser = freshIp();
    for (let i = 0; i < limit; i++) expect((await reset(guesser)).statusCode, `guess ${i + 1}`).toBe(422);
    expectLimited(await reset(guesser), `guess ${limit + 1}`);
  });
});

describe('signup', () => {
  let n = 0;
  const signup = (ip: string) => {
    const id = `${Date.now()}${n++}`;
    return t.app.inject({
      method: 'POST',
      url: '/api/signup',
      remoteAddress: ip,
      payload: {
        user: { first_name: 'Sig', last_name: 'Nup', user_name: `sig${id}`, email: `sig.${id}@example.com`, phone_number: '5125550100', password: 'password1', password_confirmation: 'password1', address_1: '1 Way', city: 'Austin', state: 'TX', zip: '78701', account_type: 'referral_partner' },
      },
    });
  };

  it('limits the accounts one IP signs up per hour; other addresses are not affected', async () => {
    const limit = t.app.ctx.config.rateLimits.signupPerIp;
    const ip = freshIp();
    for (let i = 0; i < limit; i++) expect((await signup(ip)).statusCode, `signup ${i + 1}`).toBe(201);
    expectLimited(await signup(ip), `signup ${limit + 1}`);
    expect((await signup(freshIp())).statusCode).toBe(201);
  });
});
