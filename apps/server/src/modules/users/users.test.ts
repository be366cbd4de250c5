import { MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp, mailedLinks, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const editProfile = (headers: Record<string, string>, user: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers, payload: { user } });

describe('GET /api/user/profile', () => {
  it('returns the signed-in user without secrets or billing identifiers', async () => {
    const { user, auth } = await t.signIn({ stripe_customer_id: 'cus_secret' });
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, account_type: 'referral_partner', subscription_status: null });
    expect(res.body).not.toMatch(/password|digest|cus_secret|tokens_valid_after/);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/profile' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'You need to sign in or sign up before continuing.' } });
  });
});

describe('POST /api/user/profile/edit', () => {
  it('saves the profile payload of the spec with the signup transforms', async () => {
    const { user, auth } = await t.signIn();
    const res = await editProfile(auth, {
      user_name: user.user_name,
      first_name: 'mary ann',
      last_name: 'lee',
      account_type: 'referral_partner',
      member_level: 'Referral Partner',
      email: user.email,
      phone_number: '2125550199',
      address_1: '5 Sun ST',
      address_2: 'Suite 2',
      city: 'new york',
      state: 'ny',
      zip: '10001',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Mary Ann', city: 'New York', state: 'NY', address_1: '5 sun st', address_2: 'suite 2' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.phone_number).toBe('2125550199');
  });

  it('keeps everything as it was when one field is invalid', async () => {
    const { user, auth } = await t.signIn();
    const res = await editProfile(auth, { first_name: 'Changed', phone_number: '123' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ phone_number: MESSAGES.phone });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.first_name).toBe(user.first_name);
  });

  it('answers 409 for an email or username another member has', async () => {
    const other = await t.signIn();
    const { user, auth } = await t.signIn();
    const email = await editProfile(auth, { email: other.user.email.toUpperCase(), current_password: user.password });
    expect(email.statusCode).toBe(409);
    expect(email.json().error.fields).toEqual({ email: 'Email already taken.' });
    const name = await editProfile(auth, { user_name: other.user.user_name });
    expect(name.statusCode).toBe(409);
  });

  it('asks for a new verification when the email changes', async () => {
    const { user, auth } = await t.signIn({ email_verified_at: new Date() });
    const next = `moved-${user.id}@example.com`;
    const res = await editProfile(auth, { email: next, current_password: user.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().email_verified_at).toBeNull();
    expect((await mailedLinks(t.app, next)).some((link) => link.includes('/verify_email?token='))).toBe(true);
  });

  it('lets a partner move between the partner types but never to another type', async () => {
    const { auth } = await t.signIn({ account_type: 'referral_partner' });
    expect((await editProfile(auth, { account_type: 'sales_partner' })).json().account_type).toBe('sales_partner');
    const admin = await editProfile(auth, { account_type: 'admin' });
    expect(admin.statusCode).toBe(403);
    expect(admin.json().error.code).toBe('forbidden');
    const unknown = await editProfile(auth, { account_type: 'wizard' });
    expect(unknown.statusCode).toBe(422);
  });

  it('lets an administrator save their profile with their own account type unchanged', async () => {
    const { auth } = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const res = await editProfile(auth, { account_type: 'admin', first_name: 'Ada' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_type: 'admin', company_role: 'full_access_admin', first_name: 'Ada' });
  });
});

describe('POST /api/signup/edit', () => {
  it('changes signup fields, such as becoming a sales partner', async () => {
    const { auth } = await t.signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup/edit', headers: auth, payload: { user: { account_type: 'sales_partner', referrer_name: 'dana scully' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ account_type: 'sales_partner', referrer_name: 'Dana Scully', subscription_status: null });
  });

  it('refuses fields that are not signup fields', async () => {
    const { auth } = await t.signIn();
    for (const user of [{ company_role: 'full_access_admin' }, { password: 'new password 1' }, { subscription_status: 'active' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup/edit', headers: auth, payload: { user } });
      expect(res.statusCode).toBe(422);
    }
  });
});

describe('POST /api/password/edit', () => {
  const change = (headers: Record<string, string>, data: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/password/edit', headers, payload: { data } });

  it('requires the current password', async () => {
    const { auth } = await t.signIn({ password: 'old password 1' });
    const res = await change(auth, { current_password: 'wrong', password: 'new password 1', password_confirmation: 'new password 1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ current_password: MESSAGES.currentPasswordWrong });
  });

  it('checks the new password and its confirmation', async () => {
    const { auth } = await t.signIn({ password: 'old password 1' });
    const short = await change(auth, { current_password: 'old password 1', password: 'short', password_confirmation: 'short' });
    expect(short.json().error.fields.password).toBe(MESSAGES.passwordTooShort);
    const mismatch = await change(auth, { current_password: 'old password 1', password: 'new password 1', password_confirmation: 'new password 2' });
    expect(mismatch.json().error.fields.password_confirmation).toBe(MESSAGES.passwordMismatch);
  });

  it('changes the password', async () => {
    const { user, auth } = await t.signIn({ password: 'old password 1' });
    const res = await change(auth, { current_password: 'old password 1', password: 'new password 1', password_confirmation: 'new password 1' });
    expect(res.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: user.email, password: 'new password 1' } } });
    expect(login.statusCode).toBe(200);
  });
});
