import { VERIFICATION_EMAIL_MESSAGES, VERIFICATION_EMAILS_PER_HOUR } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { startSession } from '../auth/sessions.service.js';
import { createTestApp, mailedLinks, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const resend = (who: SignedIn | null, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/user/verification_email', headers: who ? who.auth : {}, ...(payload === undefined ? {} : { payload }) });

const verificationLinks = async (email: string) => (await mailedLinks(t.app, email)).filter((link) => link.includes('/verify_email?token='));

describe('POST /api/user/verification_email (issue 34 item 7)', () => {
  it("mails a new link to the caller's own unverified address, and the link verifies it", async () => {
    const member = await t.signIn({ first_name: 'Una' });
    const res = await resend(member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: VERIFICATION_EMAIL_MESSAGES.sent(member.user.email) });

    const [link] = await verificationLinks(member.user.email);
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token');
    expect((await t.app.inject({ method: 'POST', url: '/api/verify_email', payload: { token } })).statusCode).toBe(200);
    const [row] = await t.db.select({ at: users.email_verified_at }).from(users).where(eq(users.id, member.user.id));
    expect(row?.at).toBeInstanceOf(Date);
  });

  it('answers 409 with a clear message once the address is verified, and sends nothing', async () => {
    const member = await t.signIn({ email_verified_at: new Date() });
    const res = await resend(member);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'conflict', message: VERIFICATION_EMAIL_MESSAGES.alreadyVerified }) });
    expect(await verificationLinks(member.user.email)).toEqual([]);
  });

  it(`allows ${VERIFICATION_EMAILS_PER_HOUR} an hour per user, then 429 with Retry-After and a clear message; another user is not held back`, async () => {
    const member = await t.signIn();
    for (let sent = 0; sent < VERIFICATION_EMAILS_PER_HOUR; sent++) expect((await resend(member)).statusCode).toBe(200);
    const refused = await resend(member);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'rate_limited', message: VERIFICATION_EMAIL_MESSAGES.tooMany });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(60);
    expect(retryAfter).toBeLessThanOrEqual(3600);

    // The limit is the caller's: a second session of the same user is held back too, another user is not.
    const secondSession = await startSession(t.app.ctx, t.db, member.user.id, { ip: '203.0.113.9', userAgent: 'phone' });
    expect((await resend({ ...member, auth: { authorization: `Bearer ${secondSession.token}` } })).statusCode).toBe(429);
    const other = await t.signIn();
    expect((await resend(other)).statusCode).toBe(200);
  });

  it("only ever mails the caller's own address: no user can be named, and no session answers 401", async () => {
    const member = await t.signIn();
    const victim = await t.signIn();
    const named = await resend(member, { user_id: victim.user.id, user: { id: victim.user.id, email: victim.user.email } });
    expect(named.statusCode).toBe(200);
    expect(named.json().message).toContain(member.user.email);
    expect(await verificationLinks(victim.user.email)).toEqual([]);
    expect(await verificationLinks(member.user.email)).toHaveLength(1);

    expect((await resend(null)).statusCode).toBe(401);
    expect(await verificationLinks(victim.user.email)).toEqual([]);
  });
});
