import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/index.js';
import { createSecretBox } from '../lib/secret-box.js';
import { startSession } from '../modules/auth/sessions.service.js';
import { enrolMfa, totpCode } from '../test/mfa.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Two-factor sign-in as the security suite checks it (issue 13 item 5; ASVS 6.3.3, 6.5.x;
 * docs/decisions/010): the secret is encrypted at rest, a code works once, and with
 * ADMIN_MFA_REQUIRED the admin API refuses an administrator who has not enrolled.
 */
const PASSWORD = 'a long enough passphrase';
const ENROLMENT = { error: { code: 'mfa_enrollment_required', message: 'Turn on two-factor sign-in before using the admin area.' } };
const ADMIN = { password: PASSWORD, company_role: 'full_access_admin' as const };

describe('the secret and the codes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('the stored column never holds the base32 secret, only its AES-GCM box, which opens with the configured key', async () => {
    const member = await t.signIn({ password: PASSWORD });
    const { secret } = await enrolMfa(t, member.auth, PASSWORD);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.mfa_secret).not.toContain(secret);
    expect(row!.mfa_secret!.toLowerCase()).not.toContain(secret.toLowerCase());
    expect(row!.mfa_secret).toMatch(/^v1\./);
    expect(createSecretBox(t.app.ctx.config.mfaEncryptionKey).decrypt(row!.mfa_secret!)).toBe(secret);
    // Never in any answer about the user.
    const profile = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: member.auth });
    expect(profile.body).not.toContain(secret);
    expect(profile.body).not.toContain(row!.mfa_secret!);
  });

  it('a code signs in once: two racing logins with the same code, exactly one wins', async () => {
    const member = await t.signIn({ password: PASSWORD });
    const { secret } = await enrolMfa(t, member.auth, PASSWORD);
    const code = totpCode(secret, Date.now() + 30_000);
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: member.user.email, password: PASSWORD, otp_code: code } } });
    const results = await Promise.all([attempt(), attempt(), attempt()]);
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 401, 401]);
    for (const res of results.filter((r) => r.statusCode === 401)) expect(res.json().error.code).toBe('invalid_credentials');
  });
});

describe('a changed factor ends the other sessions (ASVS 7.4.3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('turning two-factor on and off each end every other session; the one that made the change stays', async () => {
    const member = await t.signIn({ password: PASSWORD });
    const profile = (authorization: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization } });
    const before = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.4', userAgent: 'laptop' });
    const { secret } = await enrolMfa(t, member.auth, PASSWORD);
    expect((await profile(`Bearer ${before.token}`)).statusCode).toBe(401);
    expect((await profile(member.auth.authorization)).statusCode).toBe(200);

    const between = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.4', userAgent: 'laptop' });
    const off = await t.app.inject({ method: 'DELETE', url: '/api/user/mfa', headers: member.auth, payload: { current_password: PASSWORD, code: totpCode(secret, Date.now() + 30_000) } });
    expect(off.statusCode, off.body).toBeLessThan(300);
    expect((await profile(`Bearer ${between.token}`)).statusCode).toBe(401);
    expect((await profile(member.auth.authorization)).statusCode).toBe(200);
  });
});

describe('ADMIN_MFA_REQUIRED=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_MFA_REQUIRED: 'true' });
  });
  afterAll(async () => t?.close());

  it('an administrator without two-factor gets 403 mfa_enrollment_required from every admin route, until enrolled', async () => {
    const admin = await t.signIn(ADMIN);
    const adminRoutes = t.app.routeTable.filter((route) => route.url.startsWith('/api/admin/') && route.method === 'GET' && !route.url.includes(':'));
    expect(adminRoutes.length).toBeGreaterThan(3);
    for (const route of adminRoutes) {
      const res = await t.app.inject({ method: 'GET', url: route.url, headers: admin.auth });
      expect(res.statusCode, route.url).toBe(403);
      expect(res.json(), route.url).toEqual(ENROLMENT);
    }
    // Downloads by cookie are held to the same rule.
    const byCookie = t.app.routeTable.find((route) => route.url.startsWith('/api/admin/') && route.url.includes('/download'));
    if (byCookie) {
      const res = await t.app.inject({ method: 'GET', url: byCookie.url.replace(/:\w+/g, '1'), headers: { cookie: `authorization=${admin.token}` } });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('mfa_enrollment_required');
    }
    // Their own account stays open so they can enrol.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: admin.auth })).statusCode).toBe(200);
    await enrolMfa(t, admin.auth, PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.auth })).statusCode).toBe(200);
  });

  it('answers an administrator who has not enrolled mfa_enrollment_required for an admin-scoped API token, as the admin routes do', async () => {
    const admin = await t.signIn(ADMIN);
    const create = (auth: { authorization: string }) =>
      t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: auth, payload: { api_token: { name: 'Ops', scopes: ['admin'], expires_in_days: 30 } } });
    const refused = await create(admin.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(ENROLMENT);
    // A member is still simply not allowed.
    expect((await create((await t.signIn({ password: PASSWORD })).auth)).json().error.code).toBe('forbidden');
    // Enrolling ends the admin's other sessions, not this one.
    await enrolMfa(t, admin.auth, PASSWORD);
    expect((await create(admin.auth)).statusCode).toBe(201);
  });

  it('keeps the order: 401 without a token, 403 forbidden for a member', async () => {
    const member = await t.signIn({ password: PASSWORD });
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).json().error.code).toBe('unauthorized');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: member.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});

describe('ADMIN_MFA_REQUIRED=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_MFA_REQUIRED: 'false' });
  });
  afterAll(async () => t?.close());

  it('an administrator without two-factor uses the admin area', async () => {
    const admin = await t.signIn(ADMIN);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.auth })).statusCode).toBe(200);
  });
});

describe('an administrator resets a lost second factor after identity proofing (ASVS 6.4.4)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  // With the acting admin's own password (issue 34 item 2; security/admin-reauth.test.ts).
  const reset = (auth: { authorization: string }, id: number) => t.app.inject({ method: 'DELETE', url: `/api/admin/users/${id}/mfa`, headers: auth, payload: { current_password: PASSWORD } });

  it('turns two-factor off, ends every session of the member, and tells the member by email', async () => {
    const admin = await t.signIn(ADMIN);
    const member = await t.signIn({ password: PASSWORD });
    await enrolMfa(t, member.auth, PASSWORD);
    const second = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'phone' });
    const passwordOnly = () => t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: member.user.email, password: PASSWORD } } });
    expect((await passwordOnly()).json().error.code).toBe('mfa_required');

    const res = await reset(admin.auth, member.user.id);
    expect(res.statusCode, res.body).toBe(204);

    for (const token of [member.token, second.token]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row).toMatchObject({ mfa_secret: null, mfa_enabled_at: null });
    const signedIn = await passwordOnly();
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user.mfa_enabled).toBe(false);

    await t.app.ctx.background.drain();
    const mail = (await t.app.ctx.mailer.list()).find((message) => message.to === member.user.email);
    expect(mail?.subject).toBe('Two-factor sign-in was turned off on your SunIn account');
    expect(mail?.text).toContain('/request-password-reset');
    // The administrator's own sessions are untouched.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: admin.auth })).statusCode).toBe(200);
  });

  it("refuses the administrator's own account, a member without two-factor, an unknown id, and a non-admin", async () => {
    const admin = await t.signIn(ADMIN);
    await enrolMfa(t, admin.auth, PASSWORD);
    const own = await reset(admin.auth, admin.user.id);
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe('Turn off your own two-factor sign-in in the Security section of your profile.');

    const plain = await t.signIn();
    const off = await reset(admin.auth, plain.user.id);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe('Two-factor sign-in is not turned on for this user.');

    expect((await reset(admin.auth, 987_654)).statusCode).toBe(404);

    const victim = await t.signIn({ password: PASSWORD });
    await enrolMfa(t, victim.auth, PASSWORD);
    expect((await reset(plain.auth, victim.user.id)).statusCode).toBe(403);
    const [row] = await t.db.select().from(users).where(eq(users.id, victim.user.id));
    expect(row!.mfa_enabled_at).not.toBeNull();
  });
});
