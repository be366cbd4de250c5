import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessages, mailOutbox, users } from '../db/schema/index.js';
import { startSmtpServer, type LocalSmtpServer } from '../test/smtp-server.js';
import { createTestApp, mailedLinks, type TestApp } from '../test/test-app.js';

/**
 * Issue 13 item 3 (ASVS 6.3.8, account enumeration): a reset request must take the same time
 * whether or not the account exists. It did not while the request waited on SMTP (84 ms
 * against 10 ms), nor would it while it waited on the account's token and mail (a write
 * transaction only a known email pays). Times are not asserted here (bench/src/reset.ts prints
 * them); the tests prove the cause is gone: the answer comes while the database is locked, so
 * the request path does no database work at all, and while the worker's SMTP connection is
 * still waiting for the greeting; and it is the same answer, headers included, either way.
 */
const unique = () => randomBytes(4).toString('hex');
let ipCounter = 1;
const freshIp = () => `10.13.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

function requestReset(t: TestApp, email: string) {
  return t.app.inject({ method: 'POST', url: '/api/password', remoteAddress: freshIp(), payload: { user: { email } } });
}

/** Status, body and headers, less the two that differ on every answer. */
function comparable(res: Awaited<ReturnType<typeof requestReset>>) {
  const headers: Record<string, unknown> = { ...res.headers };
  delete headers.date;
  delete headers['x-request-id'];
  return { status: res.statusCode, body: res.body, headers };
}

const outboxTo = (t: TestApp, to: string) => t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, to));

describe('password reset requests and the mail outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers while the database is locked, the same for a known and an unknown email, and the mail follows through the outbox', async () => {
    const { user } = await t.signIn();
    await t.app.ctx.mailer.pause();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding: () => void = () => {};
    const locked = new Promise<void>((resolve) => (holding = resolve));
    // Every query on users waits for this transaction (on PGlite, every query at all).
    const lock = t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${users} in access exclusive mode`);
      holding();
      await released;
    });
    try {
      await locked;
      const known = await requestReset(t, user.email);
      const unknown = await requestReset(t, `nobody-${unique()}@example.com`);
      expect(known.json()).toEqual({ message: MESSAGES.resetRequested });
      expect(comparable(unknown)).toEqual(comparable(known));
    } finally {
      release();
      await lock;
    }
    try {
      await t.app.ctx.background.drain();
      // The token's transaction wrote the mail to the outbox; the paused worker has not sent it.
      const [queued] = await outboxTo(t, user.email);
      expect(queued).toMatchObject({ subject: 'Reset your SunIn password', attempts: 0, sent_at: null, failed_at: null });
      expect(queued?.text_body).toContain('http://portal.test/password-reset-form/');
      expect(await t.db.select().from(mailMessages).where(eq(mailMessages.to_address, user.email))).toEqual([]);
    } finally {
      t.app.ctx.mailer.resume();
    }
    expect((await mailedLinks(t.app, user.email)).some((link) => link.startsWith('http://portal.test/password-reset-form/'))).toBe(true);
    expect((await outboxTo(t, user.email))[0]?.sent_at).toBeInstanceOf(Date);
  });

  it('writes the signup verification mail in the signup transaction, sent after the answer', async () => {
    await t.app.ctx.mailer.pause();
    const email = `new-${unique()}@example.com`;
    try {
      const password = 'a long passphrase';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: { user: { first_name: 'New', last_name: 'Member', user_name: `new${unique()}`, email, phone_number: '5125550100', password, password_confirmation: password, address_1: '1 Way', city: 'Austin', state: 'TX', zip: '78701', account_type: 'referral_partner' } },
      });
      expect(res.statusCode).toBe(201);
      expect(await outboxTo(t, email)).toEqual([expect.objectContaining({ subject: 'Confirm your email for SunIn', sent_at: null })]);
    } finally {
      t.app.ctx.mailer.resume();
    }
    expect((await mailedLinks(t.app, email)).some((link) => link.includes('/verify_email?token='))).toBe(true);
  });
});

describe('password reset requests with an SMTP server that has not answered yet', () => {
  let t: TestApp;
  let smtp: LocalSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await smtp?.close();
    await t?.close();
  });

  it('answers a known email while the SMTP server still withholds its greeting, as it answers an unknown one', async () => {
    const { user } = await t.signIn();
    const release = smtp.holdGreetings();
    try {
      // With the worker running: it may already be connecting, and stays stuck before the greeting.
      const known = await requestReset(t, user.email);
      const unknown = await requestReset(t, `nobody-${unique()}@example.com`);
      expect(comparable(unknown)).toEqual(comparable(known));
      // The worker's SMTP conversation for that mail is still open, stuck before the greeting:
      // the answers came while its delivery had not even begun.
      await expect.poll(() => smtp.waitingForGreeting()).toBe(1);
      expect(smtp.received).toHaveLength(0);
      expect((await outboxTo(t, user.email))[0]).toMatchObject({ attempts: 1, sent_at: null });
    } finally {
      release();
    }
    await t.app.ctx.mailer.flush();
    expect(smtp.received.map((mail) => mail.to)).toEqual([[user.email]]);
    expect(smtp.received[0]?.raw).toContain('http://portal.test/password-reset-form/');
  });
});
