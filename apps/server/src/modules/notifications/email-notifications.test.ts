import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, mailOutbox, notifications, users } from '../../db/schema/index.js';
import type { StoredMail } from '../../lib/mailer.js';
import { multipartBody } from '../../test/fixtures.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';

/**
 * Issue 18 item 4: notification emails, the preferences that decide them, and one-click
 * unsubscribe, through the API and the dev mailbox (SMTP delivery: email-notifications-smtp.test.ts).
 */
let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let unverified: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  const verified = new Date();
  admin = await t.signIn({ first_name: 'Avery', account_type: 'admin', company_role: 'full_access_admin', email_verified_at: verified });
  member = await t.signIn({ first_name: 'Hana', account_type: 'sales_partner', subscription_status: 'active', email_verified_at: verified });
  unverified = await t.signIn({ first_name: 'Uma', account_type: 'referral_partner' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string> = {}, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const preferences = async (who: SignedIn) => {
  const res = await call('GET', '/api/user/notification-preferences', who.auth);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notification_preferences.email as Record<string, boolean>;
};
const setPreferences = (who: SignedIn, email: Record<string, unknown>) => call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { email } });

async function createProject(owner: SignedIn, company: string): Promise<number> {
  const res = await call('POST', '/api/projects', owner.auth, { project: { company_name: company } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

async function moveTo(id: number, stage: string): Promise<void> {
  const res = await call('PUT', `/api/admin/projects/${id}`, admin.auth, { project: { project_stage: stage } });
  expect(res.statusCode, res.body).toBe(200);
}

/** The dev mailbox's messages to `who` (newest first), once the outbox is delivered. */
const mailTo = async (who: SignedIn): Promise<StoredMail[]> => (await t.app.ctx.mailer.list()).filter((mail) => mail.to === who.user.email);
const tokenOf = (mail: StoredMail) => decodeURIComponent(/token=([^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] ?? '');

describe('notification preferences (GET and PUT /api/user/notification-preferences)', () => {
  it('offer a partner the partner event types and a full access admin all of them, every one on by default', async () => {
    expect(await preferences(unverified)).toEqual({ proposal_updates: true, stage_changes: true, stall_alerts: true, earnings: true, customer_views: true, customer_responses: true, weekly_digest: true });
    expect(await preferences(admin)).toEqual({
      proposal_updates: true,
      stage_changes: true,
      stall_alerts: true,
      earnings: true,
      proposal_requests: true,
      proposal_reminders: true,
      customer_views: true,
      customer_responses: true,
      weekly_digest: true,
    });
  });

  it('change only the event types named, and keep the choice', async () => {
    const who = await t.signIn();
    const res = await setPreferences(who, { earnings: false, weekly_digest: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification_preferences.email).toMatchObject({ earnings: false, weekly_digest: false, stage_changes: true });
    expect(await setPreferences(who, { earnings: true })).toMatchObject({ statusCode: 200 });
    expect(await preferences(who)).toEqual({ proposal_updates: true, stage_changes: true, stall_alerts: true, earnings: true, customer_views: true, customer_responses: true, weekly_digest: false });
  });

  it('refuse what is not a choice of this user with 422 and change nothing', async () => {
    const who = await t.signIn();
    const refused = await setPreferences(who, { stage_changes: false, proposal_requests: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ 'notification_preferences.email.proposal_requests': 'This email is sent only to full access administrators.' });
    expect((await preferences(who)).stage_changes).toBe(true);
    for (const email of [{}, { stage_changes: 'no' }, { marketing: true }]) {
      expect((await setPreferences(who, email)).statusCode, JSON.stringify(email)).toBe(422);
    }
    expect((await call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { email: { earnings: false } }, extra: 1 })).statusCode).toBe(422);
    expect((await call('GET', '/api/user/notification-preferences')).statusCode).toBe(401);
    expect((await call('PUT', '/api/user/notification-preferences', {}, { notification_preferences: { email: { earnings: false } } })).statusCode).toBe(401);
  });
});

describe('notification emails', () => {
  it('email a stage change to its owner: HTML and text, a link to the project and to the preferences, and RFC 8058 headers', async () => {
    const id = await createProject(member, 'Harbor Cold Storage');
    await moveTo(id, 'Presentation Ready');
    const [notification] = await t.db.select().from(notifications).where(eq(notifications.project_id, id));
    expect(notification).toMatchObject({ user_id: member.user.id, kind: 'stage_changes', title: 'Project stage updated' });

    const [mail] = await mailTo(member);
    expect(mail).toMatchObject({ subject: 'Project stage updated', from: expect.stringContaining('@') });
    expect(mail!.text).toContain('Hello Hana,');
    expect(mail!.text).toContain('Harbor Cold Storage is now at Presentation Ready.');
    expect(mail!.text).toContain(`http://portal.test/projects/${id}`);
    expect(mail!.text).toContain('http://portal.test/profile#notifications');
    expect(mail!.text).toContain('http://portal.test/unsubscribe?token=');
    expect(mail!.html).toContain(`href="http://portal.test/projects/${id}"`);
    expect(mail!.html).toContain('View project');
    expect(mail!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/portal\.test\/api\/unsubscribe\?token=[^>]+>$/);
    expect(mail!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.headers['Auto-Submitted']).toBe('auto-generated');
  });

  it('email the admins a proposal request with a link to the admin project, and the member the status changes', async () => {
    const id = await createProject(member, 'Canyon Bakery');
    const requested = await call('POST', `/api/projects/${id}/proposal_tickets`, member.auth, {
      proposal_ticket: { project_id: id, title: 'Proposal Management Ticket', details: 'Please quote 200 kW', company_name: 'Canyon Bakery', company_address: '', status: 1, notification_user_id: member.user.id },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const ticketId = requested.json().id as number;
    const [toAdmin] = await mailTo(admin);
    expect(toAdmin).toMatchObject({ subject: 'New proposal request' });
    expect(toAdmin!.html).toContain(`href="http://portal.test/admin/projects/${id}?tab=proposal"`);

    const accepted = await call('PUT', `/api/admin/proposal_tickets/${ticketId}`, admin.auth, { proposal_ticket: { status: 2, engineer_name: 'Eli Engineer' } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [toMember] = await mailTo(member);
    expect(toMember).toMatchObject({ subject: 'Proposal update' });
    expect(toMember!.html).toContain(`href="http://portal.test/projects/${id}?tab=proposal"`);
  });

  it('skip the email, never the notification, when its type is off or the address is not verified', async () => {
    const quiet = await t.signIn({ email_verified_at: new Date() });
    expect((await setPreferences(quiet, { stage_changes: false })).statusCode).toBe(200);
    const quietProject = await createProject(quiet, 'Quiet Storage');
    const unverifiedProject = await createProject(unverified, 'Unverified Storage');
    await moveTo(quietProject, 'Presentation Ready');
    await moveTo(unverifiedProject, 'Presentation Ready');
    expect(await t.db.select().from(notifications).where(eq(notifications.project_id, quietProject))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.project_id, unverifiedProject))).toHaveLength(1);
    expect(await mailTo(quiet)).toEqual([]);
    expect(await mailTo(unverified)).toEqual([]);
  });

  it('record a message that cannot be rendered as a failed attempt, leaving the rest of the outbox to go', async () => {
    const [row] = await t.db.insert(mailOutbox).values({ to_address: 'nobody@example.com', subject: 'Broken', text_body: '', template: 'notification', template_data: { user_id: 'x' } }).returning();
    await t.app.ctx.mailer.flush();
    const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
    expect(after).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(after!.last_error).toBeTruthy();
    expect(await t.db.select().from(mailMessages).where(eq(mailMessages.to_address, 'nobody@example.com'))).toEqual([]);
    await t.db.delete(mailOutbox).where(eq(mailOutbox.id, row!.id));
  });

  it('show each message with its headers and its HTML in the dev mailbox', async () => {
    const [mail] = await mailTo(member);
    const page = await call('GET', '/dev/mailbox');
    expect(page.body).toContain('List-Unsubscribe-Post');
    expect(page.body).toContain(`<iframe src="/dev/mailbox/${mail!.id}.html"`);
    // Its links stay in plain sight, not only in the frame and the folded text.
    expect(page.body).toMatch(new RegExp(`<p class="links">Links: .*<a href="http://portal.test/projects/\\d+">`));
    const html = await call('GET', `/dev/mailbox/${mail!.id}.html`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.body).toBe(mail!.html);
    expect((await call('GET', '/dev/mailbox/999999.html')).statusCode).toBe(404);
    expect((await call('GET', '/dev/mailbox/x.html')).statusCode).toBe(404);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns off the one event type of the link, without signing in, from a form POST; a second POST is the same', async () => {
    const who = await t.signIn({ email_verified_at: new Date() });
    await moveTo(await createProject(who, 'Desert Logistics'), 'Presentation Ready');
    const [mail] = await mailTo(who);
    const token = tokenOf(mail!);
    const url = `/api/unsubscribe?token=${encodeURIComponent(token)}`;

    const described = await call('GET', url);
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toEqual({ unsubscribe: { event_type: 'stage_changes', label: 'Stage changes', email: true } });

    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ unsubscribe: { event_type: 'stage_changes', label: 'Stage changes', email: false } });
    }
    expect(await preferences(who)).toEqual({ proposal_updates: true, stage_changes: false, stall_alerts: true, earnings: true, customer_views: true, customer_responses: true, weekly_digest: true });
  });

  it('accepts the POST as multipart form data, as JSON and with no body', async () => {
    const who = await t.signIn();
    const url = (type: 'earnings' | 'weekly_digest' | 'stall_alerts') => `/api/unsubscribe?token=${encodeURIComponent(t.app.ctx.unsubscribeTokens.sign(who.user.id, type))}`;
    const form = multipartBody([{ field: 'List-Unsubscribe', data: 'One-Click' }]);
    expect((await t.app.inject({ method: 'POST', url: url('earnings'), headers: form.headers, payload: form.payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: url('weekly_digest'), payload: {} })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: url('stall_alerts') })).statusCode).toBe(200);
    expect(await preferences(who)).toMatchObject({ earnings: false, weekly_digest: false, stall_alerts: false, stage_changes: true });
  });

  it('refuses a link that is not ours, altered, for another user or a user who is gone, and changes nothing', async () => {
    const who = await t.signIn();
    const token = t.app.ctx.unsubscribeTokens.sign(who.user.id, 'earnings');
    const gone = await t.signIn();
    const goneToken = t.app.ctx.unsubscribeTokens.sign(gone.user.id, 'earnings');
    await t.db.delete(users).where(eq(users.id, gone.user.id));
    const forged = [
      token.replace(/^\d+/, String(admin.user.id)),
      token.replace('earnings', 'stage_changes'),
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      'not-a-token',
      goneToken,
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await call(method, `/api/unsubscribe?token=${encodeURIComponent(bad)}`);
        expect(res.statusCode, `${method} ${bad}`).toBe(422);
        expect(res.json().error.code).toBe('invalid_token');
      }
    }
    expect((await call('POST', '/api/unsubscribe')).statusCode).toBe(422);
    expect((await call('POST', `/api/unsubscribe?token=${'a'.repeat(300)}`)).statusCode).toBe(422);
    expect(await preferences(who)).toMatchObject({ earnings: true, stage_changes: true });
    expect(await preferences(admin)).toMatchObject({ earnings: true });
  });

  it('stops the emails of that type and keeps the others', async () => {
    const who = await t.signIn({ email_verified_at: new Date() });
    const id = await createProject(who, 'Mesa Foods');
    const res = await call('POST', `/api/unsubscribe?token=${encodeURIComponent(t.app.ctx.unsubscribeTokens.sign(who.user.id, 'stage_changes'))}`);
    expect(res.statusCode).toBe(200);
    await moveTo(id, 'Presentation Ready');
    expect(await mailTo(who)).toEqual([]);
    const requested = await call('POST', `/api/projects/${id}/proposal_tickets`, who.auth, {
      proposal_ticket: { project_id: id, title: 'Proposal Management Ticket', details: 'Quote', company_name: 'Mesa Foods', company_address: '', status: 1, notification_user_id: who.user.id },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    expect((await call('PUT', `/api/admin/proposal_tickets/${requested.json().id}`, admin.auth, { proposal_ticket: { status: 2, engineer_name: 'Eli Engineer' } })).statusCode).toBe(200);
    expect((await mailTo(who)).map((mail) => mail.subject)).toEqual(['Proposal update']);
  });
});
