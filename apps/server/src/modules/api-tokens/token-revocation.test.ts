import type { ApiTokenCreated } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, auditEntries } from '../../db/schema/index.js';
import { enrolMfa } from '../../test/mfa.js';
import { createTestApp, mailedLinks, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * A change of the account's credentials or standing revokes its API tokens with its sessions
 * (issue 40 item 1; sessions.service REVOKES_API_TOKENS): a new or reset password, two-factor
 * turned on or off, an administrator's "End every session" or change of the email. The member's
 * own "sign out of all other sessions" keeps them: they have their own revocation.
 */
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
});
afterAll(async () => t?.close());

const NEW_PASSWORD = 'Another-Sturdy-Pass-481';

async function tokenOf(who: SignedIn): Promise<ApiTokenCreated> {
  const res = await t.app.inject({ method: 'POST', url: '/api/user/api_tokens', headers: who.auth, payload: { api_token: { name: 'CRM', scopes: ['projects:read'], expires_in_days: 30 } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ApiTokenCreated;
}
const profileWith = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });

/** Makes a token for a new member, runs the event, and answers whether the token still works (checking the row agrees). */
async function tokenSurvives(event: (member: SignedIn) => Promise<void>): Promise<boolean> {
  const member = await t.signIn();
  const { token, api_token } = await tokenOf(member);
  expect((await profileWith(token)).statusCode).toBe(200);
  await event(member);
  const works = (await profileWith(token)).statusCode === 200;
  const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
  expect(row!.revoked_at === null).toBe(works);
  return works;
}
const expectStatus = async (request: Promise<{ statusCode: number; body: string }>, status: number) => {
  const res = await request;
  expect(res.statusCode, res.body).toBe(status);
};

describe('revoked with the sessions', () => {
  it('by a password change', async () => {
    const survives = await tokenSurvives((member) =>
      expectStatus(
        t.app.inject({ method: 'POST', url: '/api/password/edit', headers: member.auth, payload: { data: { current_password: member.user.password, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } } }),
        200,
      ),
    );
    expect(survives).toBe(false);
  });

  it('by a password reset, and the revocation is audited with its reason', async () => {
    let tokenId = 0;
    const survives = await tokenSurvives(async (member) => {
      tokenId = (await t.db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.user_id, member.user.id)))[0]!.id;
      await expectStatus(t.app.inject({ method: 'POST', url: '/api/password', payload: { user: { email: member.user.email } } }), 200);
      const link = (await mailedLinks(t.app, member.user.email)).find((url) => url.includes('/password-reset-form/'));
      const resetToken = decodeURIComponent(link!.split('/password-reset-form/')[1]!);
      await expectStatus(t.app.inject({ method: 'PATCH', url: '/api/password', payload: { user: { reset_password_token: resetToken, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } } }), 200);
    });
    expect(survives).toBe(false);
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'api_token'), eq(auditEntries.entity_id, tokenId), eq(auditEntries.action, 'revoked')));
    expect(entry!.changes).toMatchObject({ reason: { before: null, after: 'password_reset' } });
  });

  it('by turning two-factor on, and again by turning it off', async () => {
    let member: SignedIn | undefined;
    let recoveryCode = '';
    expect(
      await tokenSurvives(async (who) => {
        member = who;
        recoveryCode = (await enrolMfa(t, who.auth, who.user.password)).recoveryCodes[0]!;
      }),
    ).toBe(false);
    const { token } = await tokenOf(member!);
    await expectStatus(t.app.inject({ method: 'DELETE', url: '/api/user/mfa', headers: member!.auth, payload: { current_password: member!.user.password, code: recoveryCode } }), 204);
    expect((await profileWith(token)).statusCode).toBe(401);
  });

  it("by an administrator's End every session", async () => {
    expect(await tokenSurvives((member) => expectStatus(t.app.inject({ method: 'DELETE', url: `/api/admin/users/${member.user.id}/sessions`, headers: admin.auth }), 200))).toBe(false);
  });

  it("by an administrator's change of the member's email", async () => {
    const survives = await tokenSurvives((member) =>
      expectStatus(
        t.app.inject({ method: 'PUT', url: `/api/admin/users/${member.user.id}`, headers: admin.auth, payload: { user: { email: `moved-${member.user.id}@example.com` }, current_password: admin.user.password } }),
        200,
      ),
    );
    expect(survives).toBe(false);
  });
});

describe('kept', () => {
  it("by the member's own sign-out of their other sessions", async () => {
    expect(await tokenSurvives((member) => expectStatus(t.app.inject({ method: 'DELETE', url: '/api/user/sessions', headers: member.auth, payload: { current_password: member.user.password } }), 200))).toBe(true);
  });
});
