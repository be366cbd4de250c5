import { ADMIN_REAUTH_MESSAGES, MESSAGES, USER_DELETE_REFUSALS } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, billingSubscriptions, checkoutSessions, projects, users } from '../db/schema/index.js';
import { createTestApp, type SignedIn, type TestApp } from '../test/test-app.js';

/**
 * Issue 34 item 2: an admin token alone cannot grant administrator access or take an account
 * over. Creating an administrator, granting an admin role or type, changing a member's email,
 * resetting a member's two-factor sign-in and deleting a user need the acting admin's own
 * password beside `user`: without it 422 on current_password, wrong 422 (the member's
 * re-authentication answer), and in both cases nothing changes; wrong ones are counted.
 */
let t: TestApp;
const ADMIN = { first_name: 'Avery', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' } as const;

beforeAll(async () => {
  // A small limit, so the counting test needs few wrong tries.
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_EMAIL: '3' });
});
afterAll(async () => t?.close());

const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, who: SignedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const signedIn = async (who: SignedIn) => (await call('GET', '/api/user/profile', who)).statusCode === 200;

/** Each powerful write, as [name, what to send with a password (or none), whether it took effect]. */
interface PowerfulWrite {
  name: string;
  send: (admin: SignedIn, password: string | undefined) => Promise<{ statusCode: number; body: string; json(): { error: { code: string; fields?: Record<string, string> } } }>;
  applied: () => Promise<boolean>;
  status: number;
}

async function powerfulWrites(): Promise<PowerfulWrite[]> {
  const withPassword = (body: Record<string, unknown>, password: string | undefined) => (password === undefined ? body : { ...body, current_password: password });
  const promoted = await t.signIn();
  const typed = await t.signIn();
  const moved = await t.signIn();
  const mfa = await t.signIn();
  await t.db.update(users).set({ mfa_secret: 'sealed', mfa_enabled_at: new Date() }).where(eq(users.id, mfa.user.id));
  const doomed = await t.signIn();
  const newAdminEmail = `new-admin-${promoted.user.id}@example.com`;
  return [
    {
      name: 'POST /api/admin/users (an administrator)',
      send: (admin, password) =>
        call('POST', '/api/admin/users', admin, withPassword({ user: { email: newAdminEmail, user_name: `new-admin-${promoted.user.id}`, first_name: 'New', last_name: 'Admin', account_type: 'referral_partner', company_role: 'full_access_admin', password: 'Plenty-long-passphrase-42' } }, password)),
      applied: async () => (await t.db.select().from(users).where(eq(users.email, newAdminEmail))).length === 1,
      status: 201,
    },
    {
      name: 'PUT /api/admin/users/:id (company_role to full_access_admin)',
      send: (admin, password) => call('PUT', `/api/admin/users/${promoted.user.id}`, admin, withPassword({ user: { company_role: 'full_access_admin' } }, password)),
      applied: async () => (await userRow(promoted.user.id))?.company_role === 'full_access_admin',
      status: 200,
    },
    {
      name: 'PUT /api/admin/users/:id (account_type to admin)',
      send: (admin, password) => call('PUT', `/api/admin/users/${typed.user.id}`, admin, withPassword({ user: { account_type: 'admin' } }, password)),
      applied: async () => (await userRow(typed.user.id))?.account_type === 'admin',
      status: 200,
    },
    {
      name: 'PUT /api/admin/users/:id (email)',
      send: (admin, password) => call('PUT', `/api/admin/users/${moved.user.id}`, admin, withPassword({ user: { email: `taken-over-${moved.user.id}@example.com` } }, password)),
      applied: async () => (await userRow(moved.user.id))?.email === `taken-over-${moved.user.id}@example.com`,
      status: 200,
    },
    {
      name: 'DELETE /api/admin/users/:id/mfa',
      send: (admin, password) => call('DELETE', `/api/admin/users/${mfa.user.id}/mfa`, admin, password === undefined ? undefined : { current_password: password }),
      applied: async () => (await userRow(mfa.user.id))?.mfa_enabled_at === null,
      status: 204,
    },
    {
      name: 'DELETE /api/admin/users/:id',
      send: (admin, password) => call('DELETE', `/api/admin/users/${doomed.user.id}`, admin, password === undefined ? undefined : { current_password: password }),
      applied: async () => (await userRow(doomed.user.id)) === undefined,
      status: 204,
    },
  ];
}

describe('every powerful admin write needs the acting admin’s password', () => {
  let writes: PowerfulWrite[];
  beforeAll(async () => {
    writes = await powerfulWrites();
  });

  it('without it: 422 naming current_password, and nothing changes', async () => {
    const admin = await t.signIn(ADMIN);
    for (const write of writes) {
      const res = await write.send(admin, undefined);
      expect(res.statusCode, write.name).toBe(422);
      expect(res.json().error, write.name).toMatchObject({ code: 'validation_failed', fields: { current_password: ADMIN_REAUTH_MESSAGES.required } });
      expect(await write.applied(), write.name).toBe(false);
      // An empty password is no password.
      expect((await write.send(admin, '')).json().error.fields, write.name).toEqual({ current_password: ADMIN_REAUTH_MESSAGES.required });
    }
  });

  it('with a wrong one: refused like a member’s wrong current password, and nothing changes', async () => {
    for (const write of writes) {
      // A fresh session each: the wrong tries of one session are counted (next test).
      const admin = await t.signIn(ADMIN);
      const res = await write.send(admin, 'not my password');
      expect(res.statusCode, write.name).toBe(422);
      expect(res.json().error, write.name).toMatchObject({ code: 'rule_broken', fields: { current_password: MESSAGES.currentPasswordWrong } });
      expect(await write.applied(), write.name).toBe(false);
    }
  });

  it('with the right one: done', async () => {
    const admin = await t.signIn(ADMIN);
    for (const write of writes) {
      const res = await write.send(admin, admin.user.password);
      expect(res.statusCode, `${write.name}: ${res.body}`).toBe(write.status);
      expect(await write.applied(), write.name).toBe(true);
    }
  });
});

describe('the plain edits need no password', () => {
  it('a name, the same email in other case, and an admin role the user already holds', async () => {
    const admin = await t.signIn(ADMIN);
    const other = await t.signIn(ADMIN);
    const res = await call('PUT', `/api/admin/users/${other.user.id}`, admin, {
      user: { first_name: 'Renamed', email: other.user.email.toUpperCase(), company_role: 'full_access_admin', account_type: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await userRow(other.user.id))?.first_name).toBe('Renamed');
    expect(await signedIn(other)).toBe(true);
    const member = await call('POST', '/api/admin/users', admin, {
      user: { email: `plain-${other.user.id}@example.com`, user_name: `plain-${other.user.id}`, first_name: 'Plain', last_name: 'Member', account_type: 'sales_partner', password: 'Plenty-long-passphrase-42' },
    });
    expect(member.statusCode, member.body).toBe(201);
  });

  it('an unknown top-level key is still refused', async () => {
    const admin = await t.signIn(ADMIN);
    const res = await call('PUT', `/api/admin/users/${admin.user.id}`, admin, { user: { first_name: 'X' }, current_pasword: admin.user.password });
    expect(res.statusCode).toBe(422);
  });
});

describe('wrong passwords are counted per session', () => {
  it('after the limit (3 here) even the right password answers 429 with Retry-After, and nothing changes', async () => {
    const admin = await t.signIn(ADMIN);
    const member = await t.signIn();
    const promote = (password: string) => call('PUT', `/api/admin/users/${member.user.id}`, admin, { user: { company_role: 'full_access_admin' }, current_password: password });
    for (let i = 0; i < 3; i += 1) expect((await promote(`wrong ${i}`)).statusCode).toBe(422);
    const refused = await promote(admin.user.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const reset = await call('DELETE', `/api/admin/users/${member.user.id}/mfa`, admin, { current_password: admin.user.password });
    expect(reset.statusCode).toBe(429);
    expect((await userRow(member.user.id))?.company_role).toBeNull();
    // A plain edit without a password still goes through.
    expect((await call('PUT', `/api/admin/users/${member.user.id}`, admin, { user: { city: 'Dallas' } })).statusCode).toBe(200);
  });
});

describe('an administrator changes a member’s email', () => {
  it('tells the old address and ends every session of the member, not the admin’s', async () => {
    const admin = await t.signIn(ADMIN);
    const member = await t.signIn();
    const next = `moved-${member.user.id}@example.com`;
    const res = await call('PUT', `/api/admin/users/${member.user.id}`, admin, { user: { email: next }, current_password: admin.user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(member)).toBe(false);
    expect(await signedIn(admin)).toBe(true);
    await t.app.ctx.background.drain();
    const mail = (await t.app.ctx.mailer.list()).find((message) => message.to === member.user.email);
    expect(mail?.subject).toBe('The email of your SunIn account was changed');
    expect(mail?.text).toContain('An administrator changed the email');
    expect(mail?.text).not.toContain(next);
  });

  it('their own email: the admin’s other sessions end, this one stays', async () => {
    const admin = await t.signIn(ADMIN);
    const { startSession } = await import('../modules/auth/sessions.service.js');
    const other = await startSession(t.app.ctx, t.db, admin.user.id, { ip: '203.0.113.5', userAgent: 'laptop' });
    const res = await call('PUT', `/api/admin/users/${admin.user.id}`, admin, { user: { email: `self-${admin.user.id}@example.com` }, current_password: admin.user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedIn(admin)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(401);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses a user who still owns projects with 409, and keeps them', async () => {
    const admin = await t.signIn(ADMIN);
    const owner = await t.signIn();
    await t.db.insert(projects).values({ user_id: owner.user.id, company_name: 'Kept Co' });
    const res = await call('DELETE', `/api/admin/users/${owner.user.id}`, admin, { current_password: admin.user.password });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(USER_DELETE_REFUSALS.owns('projects'));
    expect(await userRow(owner.user.id)).toBeDefined();
    expect(await signedIn(owner)).toBe(true);
  });

  it('refuses a user a provider may still bill (a past-due subscription, an open checkout) with 409, and keeps them', async () => {
    const admin = await t.signIn(ADMIN);
    const pastDue = await t.signIn();
    await t.db.insert(billingSubscriptions).values({ id: `sub_${pastDue.user.id}`, user_id: pastDue.user.id, provider: 'local', customer_id: 'cus_1', provider_status: 'past_due', last_event_at: new Date(), last_event_rank: 1 });
    const checkingOut = await t.signIn();
    await t.db.insert(checkoutSessions).values({ id: `cs_${checkingOut.user.id}`, user_id: checkingOut.user.id, provider: 'local', plan: 'monthly', customer_id: 'cus_2' });
    for (const who of [pastDue, checkingOut]) {
      const res = await call('DELETE', `/api/admin/users/${who.user.id}`, admin, { current_password: admin.user.password });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toBe(USER_DELETE_REFUSALS.paying);
      expect(await userRow(who.user.id)).toBeDefined();
    }
  });

  it('refuses a user whose name is on records kept about others (an audit entry, a payout they recorded) with 409', async () => {
    const admin = await t.signIn(ADMIN);
    const formerAdmin = await t.signIn(ADMIN);
    const member = await t.signIn();
    expect((await call('PUT', `/api/admin/users/${member.user.id}`, formerAdmin, { user: { first_name: 'Renamed' } })).statusCode).toBe(200);
    const res = await call('DELETE', `/api/admin/users/${formerAdmin.user.id}`, admin, { current_password: admin.user.password });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(USER_DELETE_REFUSALS.acted);
    expect(await userRow(formerAdmin.user.id)).toBeDefined();
  });

  it('refuses the admin’s own account with 422', async () => {
    const admin = await t.signIn(ADMIN);
    const res = await call('DELETE', `/api/admin/users/${admin.user.id}`, admin, { current_password: admin.user.password });
    expect(res.statusCode).toBe(422);
    expect(await userRow(admin.user.id)).toBeDefined();
  });

  it('ends the user’s sessions, answers 404 afterwards, and leaves an audit entry without secrets', async () => {
    const admin = await t.signIn(ADMIN);
    const member = await t.signIn();
    const res = await call('DELETE', `/api/admin/users/${member.user.id}`, admin, { current_password: admin.user.password });
    expect(res.statusCode, res.body).toBe(204);
    expect(await signedIn(member)).toBe(false);
    expect((await call('GET', `/api/admin/users/${member.user.id}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/users/${member.user.id}`, admin, { current_password: admin.user.password })).statusCode).toBe(404);
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'user'), eq(auditEntries.entity_id, member.user.id), eq(auditEntries.action, 'deleted')));
    expect(entry?.actor_id).toBe(admin.user.id);
    expect(JSON.stringify(entry?.changes)).toContain(member.user.email);
    expect(JSON.stringify(entry?.changes)).not.toContain('argon2');
  });

  it('is refused to a member', async () => {
    const member = await t.signIn();
    const other = await t.signIn();
    expect((await call('DELETE', `/api/admin/users/${other.user.id}`, member, { current_password: member.user.password })).statusCode).toBe(403);
  });
});
