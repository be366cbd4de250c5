import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { Mailer } from '../../lib/mailer.js';
import { startSmtpServer, type LocalSmtpServer } from '../../test/smtp-server.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { renderTemplatedMail } from './mail/render.js';

/**
 * Issue 18 item 4 over real SMTP: a notification email leaves the outbox for an SMTP server on a
 * loopback port (smtp-server) and arrives as a multipart message with its unsubscribe headers;
 * a refused delivery is retried with backoff while the action that caused it has long succeeded.
 */
let server: LocalSmtpServer;
let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
const mailers: Mailer[] = [];
beforeAll(async () => {
  server = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: server.url, MAIL_FROM: 'SunIn Partner Portal <no-reply@sunin.example>' });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin', email_verified_at: new Date() });
  member = await t.signIn({ first_name: 'Hana', email_verified_at: new Date() });
});
afterEach(async () => {
  await Promise.all(mailers.splice(0).map((mailer) => mailer.close()));
  t.app.ctx.mailer.resume();
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

async function stageChange(company: string): Promise<number> {
  const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: company } } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().projectId as number;
  const moved = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}`, headers: admin.auth, payload: { project: { project_stage: 'Presentation Ready' } } });
  // The action succeeds whatever the mail server does: the mail only waits in the outbox.
  expect(moved.statusCode, moved.body).toBe(200);
  return id;
}

const arrived = (company: string): Promise<ParsedMail[]> =>
  Promise.all(server.received.filter((mail) => mail.raw.includes(company)).map((mail) => simpleParser(mail.raw)));

describe('notification emails over SMTP', () => {
  it('arrive with a text and an HTML part, the link to the project and the RFC 8058 headers', async () => {
    const before = server.received.length;
    const id = await stageChange('Harbor Cold Storage');
    await t.app.ctx.mailer.flush();
    expect(server.received.slice(before).map((mail) => mail.to)).toEqual([[member.user.email]]);
    const mail = await simpleParser(server.received.at(-1)!.raw);
    expect(mail.subject).toBe('Project stage updated');
    expect(mail.from?.value).toEqual([{ name: 'SunIn Partner Portal', address: 'no-reply@sunin.example' }]);
    expect(mail.text).toContain('Harbor Cold Storage is now at Presentation Ready.');
    expect(mail.text).toContain(`http://portal.test/projects/${id}`);
    expect(mail.html).toContain(`href="http://portal.test/projects/${id}"`);
    expect(mail.html).toContain('http://portal.test/profile#notifications');
    // Read as sent (mailparser parses List-* headers into other shapes): unfolded, after the name.
    const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line.replace(/\r?\n[ \t]+/g, ' ').replace(/^[^:]+:\s*/, '');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header('list-unsubscribe');
    expect(listUnsubscribe).toMatch(/^<http:\/\/portal\.test\/api\/unsubscribe\?token=[^>]+>$/);
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');

    // The link in the header works as a one-click unsubscribe, without signing in.
    const link = /<([^>]+)>/.exec(listUnsubscribe!)![1]!.replace('http://portal.test', '');
    const res = await t.app.inject({ method: 'POST', url: link, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' });
    expect(res.json()).toMatchObject({ unsubscribe: { event_type: 'stage_changes', email: false } });
  });

  it('retries a refused delivery with backoff, and delivers it once the server accepts', async () => {
    await t.app.ctx.mailer.pause();
    await t.db.delete(mailOutbox);
    // The member turned stage changes back on.
    await t.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: member.auth, payload: { notification_preferences: { email: { stage_changes: true } } } });
    let now = Date.now() + 1_000;
    const mailer = new Mailer({
      db: t.db,
      run: t.database.run,
      from: 'SunIn Partner Portal <no-reply@sunin.example>',
      smtpUrl: server.url,
      maxAttempts: 6,
      log: { warn() {}, error() {} },
      now: () => new Date(now),
      render: (template, data) => renderTemplatedMail(template, data, { appUrl: 'http://portal.test', unsubscribeTokens: t.app.ctx.unsubscribeTokens }),
    });
    mailers.push(mailer);
    const before = server.received.length;
    server.reject(451, 'Greylisted, try again later');
    await stageChange('Desert Logistics');

    await mailer.flush();
    const [waiting] = await t.db.select().from(mailOutbox);
    expect(waiting).toMatchObject({ attempts: 1, sent_at: null, failed_at: null });
    expect(waiting!.last_error).toContain('451');
    expect(server.received.length).toBe(before);

    now += 29_000;
    await mailer.flush();
    expect(server.received.length).toBe(before);

    now += 1_000;
    await mailer.flush();
    const [sent] = await t.db.select().from(mailOutbox);
    expect(sent).toMatchObject({ attempts: 2, sent_at: expect.any(Date), last_error: null });
    const [mail] = await arrived('Desert Logistics');
    expect(mail?.subject).toBe('Project stage updated');
    expect(mail?.text).toContain('Desert Logistics is now at Presentation Ready.');
  });
});
