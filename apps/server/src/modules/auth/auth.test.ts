import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens, users } from '../../db/schema/index.js';
import { createTestApp, mailedLinks, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const unique = () => randomBytes(4).toString('hex');

function signupBody(overrides: Record<string, unknown> = {}) {
  const id = unique();
  return {
    user: {
      first_name: '  jane ',
      last_name: "o'neil-smith",
      user_name: `Jane${id}`,
      email: `Jane.${id}@Example.COM`,
      phone_number: '5125550100',
      password: 'correct horse',
      password_confirmation: 'correct horse',
      referrer_name: 'bob  builder',
      address_1: '12 Solar WAY',
      address_2: '',
      city: 'san antonio',
      state: 'tx',
      zip: '78205-1234',
      account_type: 'referral_partner',
      ...overrides,
    },
  };
}

async function signup(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides);
  const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
  return { res, body };
}

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email, password } } });
}

const bearer = (res: { headers: Record<string, unknown> }) => String(res.headers.authorization);

describe('POST /api/signup', () => {
  it('creates the account, applies the spec transforms, and signs the user in', async () => {
    const { res, body } = await signup();
    expect(res.statusCode).toBe(201);
    expect(bearer(res)).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const { user } = res.json();
    expect(user).toMatchObject({
      first_name: 'Jane',
      last_name: "O'neil-Smith",
      user_name: body.user.user_name.toLowerCase(),
      email: body.user.email.toLowerCase(),
      city: 'San Antonio',
      state: 'TX',
      address_1: '12 solar way',
      referrer_name: 'Bob Builder',
      account_type: 'referral_partner',
      company_role: null,
      email_verified_at: null,
    });
    expect(JSON.stringify(res.json())).not.toMatch(/password|digest/);
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: bearer(res) } });
    expect(profile.json().id).toBe(user.id);
  });

  it('mails a verification link that verifies the email once', async () => {
    const { res } = await signup();
    const { user } = res.json();
    const link = (await mailedLinks(t.app, user.email)).find((l) => l.includes('/verify_email?token='));
    expect(link).toMatch(/^http:\/\/portal\.test\/verify_email\?token=/);
    const token = new URL(link!).searchParams.get('token');
    const first = await t.app.inject({ method: 'POST', url: '/api/verify_email', payload: { token } });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.emailVerified);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email_verified_at).toBeInstanceOf(Date);
    const again = await t.app.inject({ method: 'POST', url: '/api/verify_email', payload: { token } });
    expect(again.statusCode).toBe(422);
    expect(again.json().error.code).toBe('invalid_token');
    const bogus = await t.app.inject({ method: 'POST', url: '/api/verify_email', payload: { token: 'nope' } });
    expect(bogus.statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'POST', url: '/api/verify_email', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields.token).toBe('No verification token found.');
  });

  it('answers 409 for a taken email (any case) or username', async () => {
    const { body } = await signup();
    const sameEmail = await signup({ email: body.user.email.toUpperCase() });
    expect(sameEmail.res.statusCode).toBe(409);
    expect(sameEmail.res.json().error).toMatchObject({ code: 'conflict', fields: { email: 'Email already taken.' } });
    const sameName = await signup({ user_name: body.user.user_name.toUpperCase() });
    expect(sameName.res.statusCode).toBe(409);
    expect(sameName.res.json().error.fields).toEqual({ user_name: 'Username already taken.' });
  });

  it.each([
    ['phone_number', { phone_number: '555-0100' }, 'Phone number must be 10 digits only.'],
    ['zip', { zip: '7820' }, MESSAGES.zip],
    ['password', { password: 'short', password_confirmation: 'short' }, MESSAGES.passwordTooShort],
    ['password_confirmation', { password_confirmation: 'different horse' }, MESSAGES.passwordMismatch],
    ['email', { email: 'jane@localhost' }, MESSAGES.invalidEmail],
    ['first_name', { first_name: '   ' }, 'First name is required.'],
    ['account_type', { account_type: 'admin' }, 'Choose Referral Partner or Sales Partner.'],
  ])('rejects a bad %s with 422 and a field message', async (field, overrides, message) => {
    const { res } = await signup(overrides);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('validation_failed');
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('never lets a visitor give themselves a company role: the key is refused by name and nobody is created', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const { res } = await signup({ company_role: 'full_access_admin' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ company_role: 'Unknown field.' });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('answers 400 for malformed JSON or a body without the user wrapper, and writes nothing', async () => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const bad = await t.app.inject({ method: 'POST', url: '/api/signup', headers: { 'content-type': 'application/json' }, payload: '{"user":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('bad_request');
    const unwrapped = await t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody().user });
    expect(unwrapped.statusCode).toBe(422);
    expect(unwrapped.json().error.fields).toHaveProperty('user');
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });
});

describe('POST /api/login and DELETE /api/logout', () => {
  it('logs in with any email case and returns the token in the Authorization header', async () => {
    const { body } = await signup();
    const res = await login(body.user.email.toUpperCase(), body.user.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.loggedIn);
    expect(res.json().user.email).toBe(body.user.email.toLowerCase());
    expect(bearer(res)).toMatch(/^Bearer /);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { body } = await signup();
    const wrong = await login(body.user.email, 'not the password');
    const unknown = await login(`nobody-${unique()}@example.com`, 'whatever1');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'invalid_credentials', message: 'Email or Password are incorrect.' });
      expect(res.headers.authorization).toBeUndefined();
    }
  });

  it('requires both email and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: '' } } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toMatchObject({ email: 'Email is required.', password: 'Password is required.' });
  });

  // Refused, altered and ended tokens: src/security/jwt.test.ts; rate limits: src/security/rate-limits.test.ts.
});

describe('password reset', () => {
  async function requestReset(email: string) {
    return t.app.inject({ method: 'POST', url: '/api/password', payload: { user: { email } } });
  }
  async function resetWith(token: string, password = 'brand new pass') {
    return t.app.inject({
      method: 'PATCH',
      url: '/api/password/',
      payload: { user: { reset_password_token: token, password, password_confirmation: password } },
    });
  }
  async function mailedResetToken(email: string) {
    const link = (await mailedLinks(t.app, email)).find((l) => l.includes('/password-reset-form/'));
    return decodeURIComponent(link!.split('/password-reset-form/')[1]!);
  }

  it('answers the same whether or not the email exists, and mails only a real account', async () => {
    const { body } = await signup();
    const real = await requestReset(body.user.email);
    const ghostEmail = `ghost-${unique()}@example.com`;
    const ghost = await requestReset(ghostEmail);
    expect(real.statusCode).toBe(200);
    expect(ghost.statusCode).toBe(200);
    expect(real.json()).toEqual({ message: MESSAGES.resetRequested });
    expect(ghost.json()).toEqual(real.json());
    expect(await mailedLinks(t.app, ghostEmail)).toEqual([]);
    expect((await mailedLinks(t.app, body.user.email.toLowerCase())).some((l) => l.startsWith('http://portal.test/password-reset-form/'))).toBe(true);
  });

  it('resets once with the mailed token and lets the new password log in', async () => {
    const { res, body } = await signup();
    const { user } = res.json();
    await requestReset(user.email);
    const token = await mailedResetToken(user.email);
    const reset = await resetWith(token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Password has been reset.', email: user.email });
    expect((await login(user.email, 'brand new pass')).statusCode).toBe(200);
    expect((await login(user.email, body.user.password)).statusCode).toBe(401);
    const reused = await resetWith(token, 'another new pass');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('invalid_token');
  });

  it('refuses a token older than 6 hours and a token replaced by a newer request', async () => {
    const { res } = await signup();
    const { user } = res.json();
    await requestReset(user.email);
    const first = await mailedResetToken(user.email);
    await requestReset(user.email);
    const second = await mailedResetToken(user.email);
    expect(second).not.toBe(first);
    expect((await resetWith(first)).statusCode).toBe(422);
    await t.db.update(userTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(userTokens.user_id, user.id));
    const expired = await resetWith(second);
    expect(expired.statusCode).toBe(422);
    expect(expired.json().error.message).toBe(MESSAGES.resetTokenInvalid);
  });

  it('validates the reset body', async () => {
    const mismatch = await t.app.inject({
      method: 'PATCH',
      url: '/api/password',
      payload: { user: { reset_password_token: 'abc', password: 'long enough 1', password_confirmation: 'long enough 2' } },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.fields.password_confirmation).toBe('Password and password confirmation do not match.');
    const noEmail = await t.app.inject({ method: 'POST', url: '/api/password', payload: { user: {} } });
    expect(noEmail.statusCode).toBe(422);
  });

});

describe('availability checks', () => {
  it('reports whether an email is free (validEmail) and well formed', async () => {
    const { body } = await signup();
    const check = async (email: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/email-is-valid?email=${encodeURIComponent(email)}` })).json();
    expect(await check(body.user.email.toUpperCase())).toEqual({ validEmail: false });
    expect(await check(`free-${unique()}@example.com`)).toEqual({ validEmail: true });
    expect(await check('not-an-email')).toEqual({ validEmail: false });
    expect(await check(`${'a'.repeat(65)}@example.com`)).toEqual({ validEmail: false });
    const missing = await t.app.inject({ method: 'GET', url: '/api/email-is-valid' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields.email).toBe('Email is required.');
  });

  it('reports whether a username is free', async () => {
    const { body } = await signup();
    const check = async (name: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/username-is-valid?user_name=${encodeURIComponent(name)}` })).json();
    expect(await check(body.user.user_name)).toEqual({ validUsername: false });
    expect(await check(`free${unique()}`)).toEqual({ validUsername: true });
  });
});
