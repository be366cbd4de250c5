import { HOUR_MS } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import type { StoredMail } from '../../lib/mailer.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { hourlySlot, scheduleHourlyDigests, sendHourlyDigests } from './hourly-digest.js';
import { createNotifications } from './notifications.service.js';

/**
 * Issue 37 item 3: an administrator who takes new requests (reminders, stalls, signatures) as an
 * hourly digest gets one email an hour with them grouped by kind, not one email each.
 */
let t: TestApp;
let partner: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  partner = await t.signIn({ first_name: 'Hana', account_type: 'sales_partner', subscription_status: 'active', email_verified_at: new Date() });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const admin = (first_name: string, verified = true) => t.signIn({ first_name, account_type: 'admin', company_role: 'full_access_admin', ...(verified ? { email_verified_at: new Date() } : {}) });
const setFrequency = (who: SignedIn, frequency: Record<string, string>, email?: Record<string, boolean>) =>
  call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { frequency, ...(email ? { email } : {}) } });
const mailTo = async (who: SignedIn): Promise<StoredMail[]> => (await t.app.ctx.mailer.list()).filter((mail) => mail.to === who.user.email);
const digestsTo = async (who: SignedIn) => (await mailTo(who)).filter((mail) => mail.subject.startsWith('Your SunIn digest'));
const pendingOf = (who: SignedIn) => t.db.select().from(notifications).where(and(eq(notifications.user_id, who.user.id), eq(notifications.digest_pending, true)));
const digestRows = (who: SignedIn) => t.db.select().from(mailOutbox).where(and(eq(mailOutbox.to_address, who.user.email), eq(mailOutbox.template, 'hourly_digest')));
/** Well after every notification of the test: the digest's hour has begun since. */
const later = () => new Date(Date.now() + 2 * HOUR_MS);

async function requestProposal(company: string): Promise<number> {
  const created = await call('POST', '/api/projects', partner.auth, { project: { company_name: company } });
  expect(created.statusCode, created.body).toBe(201);
  const projectId = created.json().projectId as number;
  const res = await call('POST', `/api/projects/${projectId}/proposal_tickets`, partner.auth, {
    proposal_ticket: { project_id: projectId, title: 'Proposal Management Ticket', details: 'Quote 200 kW', company_name: company, company_address: '', status: 1, notification_user_id: partner.user.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return projectId;
}

describe('the frequency of an email event type (PUT /api/user/notification-preferences)', () => {
  it('is offered to full access administrators for the four digest kinds, instant by default, and kept', async () => {
    const who = await admin('Fran');
    const before = await call('GET', '/api/user/notification-preferences', who.auth);
    expect(before.json().notification_preferences.frequency).toEqual({ proposal_requests: 'instant', proposal_reminders: 'instant', stall_alerts: 'instant', customer_responses: 'instant' });
    const res = await setFrequency(who, { proposal_requests: 'hourly', stall_alerts: 'hourly' }, { stall_alerts: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().notification_preferences.frequency).toEqual({ proposal_requests: 'hourly', proposal_reminders: 'instant', stall_alerts: 'hourly', customer_responses: 'instant' });
    // A frequency alone keeps the email choice, and an email choice alone keeps the frequency.
    expect(res.json().notification_preferences.email).toMatchObject({ proposal_requests: true, stall_alerts: false });
    expect((await setFrequency(who, { stall_alerts: 'instant' })).json().notification_preferences.email.stall_alerts).toBe(false);
    const email = await call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { email: { proposal_requests: false } } });
    expect(email.json().notification_preferences.frequency.proposal_requests).toBe('hourly');
  });

  it('answers 422 to a member, to a kind without a digest and to an unknown frequency, and changes nothing', async () => {
    const member = await t.signIn({ account_type: 'sales_partner' });
    const refused = await setFrequency(member, { stall_alerts: 'hourly' }, { earnings: false });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.fields).toEqual({ 'notification_preferences.frequency.stall_alerts': 'Only full access administrators choose an hourly digest.' });
    const mine = (await call('GET', '/api/user/notification-preferences', member.auth)).json().notification_preferences;
    expect(mine.frequency).toBeUndefined();
    expect(mine.email.earnings).toBe(true);

    const who = await admin('Gus');
    for (const frequency of [{ stage_changes: 'hourly' }, { proposal_requests: 'weekly' }, { proposal_requests: null }]) {
      const res = await call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { frequency } });
      expect(res.statusCode, JSON.stringify(frequency)).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
    }
    expect((await call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { frequency: {} } })).statusCode).toBe(422);
  });
});

describe('the hourly digest', () => {
  it('sends an admin on hourly ONE digest for a burst of 28 proposal requests, while an instant admin gets 28 emails and an unverified one none', async () => {
    const hourly = await admin('Holly');
    const instant = await admin('Ian');
    const unverified = await admin('Uma', false);
    for (const who of [hourly, unverified]) expect((await setFrequency(who, { proposal_requests: 'hourly' })).statusCode).toBe(200);

    const projectIds: number[] = [];
    for (let i = 0; i < 28; i++) projectIds.push(await requestProposal(`Burst Co ${String(i).padStart(2, '0')}`));

    const isRequest = (mail: StoredMail) => mail.subject === 'New proposal request';
    expect((await mailTo(hourly)).filter(isRequest)).toEqual([]);
    expect((await mailTo(instant)).filter(isRequest)).toHaveLength(28);
    expect(await pendingOf(hourly)).toHaveLength(28);
    // The rule needs a verified address: no email and nothing held for a digest.
    expect(await pendingOf(unverified)).toEqual([]);
    expect(await pendingOf(instant)).toEqual([]);

    // Two runs at once (two processes past the lock, or a retry): one digest.
    await Promise.all([sendHourlyDigests(t.app.ctx, { now: later() }), sendHourlyDigests(t.app.ctx, { now: later() })]);
    expect(await sendHourlyDigests(t.app.ctx, { now: later() })).toBe(0);
    const [digest, ...others] = await digestsTo(hourly);
    expect(others).toEqual([]);
    expect(await pendingOf(hourly)).toEqual([]);
    expect(await digestsTo(instant)).toEqual([]);
    expect(await mailTo(unverified)).toEqual([]);

    expect(digest!.subject).toBe('Your SunIn digest: New proposal requests (28)');
    expect(digest!.text).toContain('Hello Holly,');
    expect(digest!.text).toContain('NEW PROPOSAL REQUESTS (28)');
    expect(digest!.text).toContain('Burst Co 00');
    expect(digest!.text).toContain('Burst Co 27');
    for (const id of projectIds) expect(digest!.html).toContain(`href="http://portal.test/admin/projects/${id}?tab=proposal"`);
    expect(digest!.html).toContain('href="http://portal.test/notifications"');
    expect(digest!.html).toContain('href="http://portal.test/profile#notifications"');
    expect(digest!.text).toContain('Unsubscribe from “New proposal requests”');
    expect(digest!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/token=([^>]+)>/.exec(digest!.headers['List-Unsubscribe']!)![1]!);
    expect((await call('GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`, {})).json()).toMatchObject({ unsubscribe: { event_type: 'proposal_requests' } });
  });

  it('groups kinds, drops what was read in the portal or is no longer emailed, and sends nothing when nothing is left', async () => {
    const who = await admin('Gwen');
    expect((await setFrequency(who, { proposal_requests: 'hourly', stall_alerts: 'hourly', customer_responses: 'hourly' })).statusCode).toBe(200);
    const notify = (kind: 'proposal_requests' | 'stall_alerts' | 'customer_responses', title: string) => createNotifications(t.db, [who.user.id], { kind, title, message: `${title} message`, subject: null });
    await notify('stall_alerts', 'Stall one');
    const [read] = await notify('proposal_requests', 'Read request');
    await notify('proposal_requests', 'Unread request');
    await notify('customer_responses', 'Signed');
    expect(await pendingOf(who)).toHaveLength(4);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/users/${who.user.id}/notifications/${read!.id}`, headers: who.auth, payload: { notification: { read: true } } })).statusCode).toBe(200);
    expect((await call('PUT', '/api/user/notification-preferences', who.auth, { notification_preferences: { email: { customer_responses: false } } })).statusCode).toBe(200);

    await sendHourlyDigests(t.app.ctx, { now: later() });
    const [digest, ...others] = await digestsTo(who);
    expect(others).toEqual([]);
    expect(digest!.subject).toBe('Your SunIn digest: 2 notifications');
    expect(digest!.text).toMatch(/NEW PROPOSAL REQUESTS \(1\)[\s\S]*Unread request: Unread request message[\s\S]*STALL ALERTS \(1\)[\s\S]*Stall one: Stall one message/);
    expect(digest!.text).not.toContain('Read request');
    expect(digest!.text).not.toContain('Signed');
    expect(digest!.text).toContain('Why this email: “New proposal requests” and “Stall alerts” are on in your email preferences.');
    expect(digest!.text).toContain('Unsubscribe from “Stall alerts”');
    expect(await pendingOf(who)).toEqual([]);

    // All read before the hour: the flags are cleared and no email goes.
    await notify('stall_alerts', 'Stall two');
    expect((await call('POST', '/api/notifications/read_all', who.auth)).json().updated).toBeGreaterThan(0);
    await sendHourlyDigests(t.app.ctx, { now: later() });
    expect(await digestsTo(who)).toHaveLength(1);
    expect(await pendingOf(who)).toEqual([]);
  });

  it('waits for the hour to end: a notification is sent with the first run after its hour', async () => {
    const who = await admin('Hal');
    expect((await setFrequency(who, { proposal_reminders: 'hourly' })).statusCode).toBe(200);
    const [row] = await createNotifications(t.db, [who.user.id], { kind: 'proposal_reminders', title: 'Proposal overdue', message: 'Late Co is overdue.', subject: null });
    expect(await sendHourlyDigests(t.app.ctx, { now: row!.created_at })).toBe(0);
    expect(await pendingOf(who)).toHaveLength(1);
    expect(await digestsTo(who)).toEqual([]);
    expect(hourlySlot(new Date(row!.created_at.getTime() + HOUR_MS)).getTime()).toBeGreaterThan(row!.created_at.getTime());
    await sendHourlyDigests(t.app.ctx, { now: new Date(row!.created_at.getTime() + HOUR_MS) });
    expect(await digestsTo(who)).toHaveLength(1);
    // The outbox row and the cleared flag committed together: nothing is held for this admin.
    expect(await pendingOf(who)).toEqual([]);
    expect(await digestRows(who)).toHaveLength(1);
  });

  it('runs in one process of the cluster at a time: a round skips while another holds the job lock', async () => {
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      const who = await admin('Lou');
      expect((await setFrequency(who, { stall_alerts: 'hourly' })).statusCode).toBe(200);
      const [row] = await createNotifications(t.db, [who.user.id], { kind: 'stall_alerts', title: 'Stalled', message: 'Slow Co is stalled.', subject: null });
      // Made two hours ago, so the scheduled round (at the real time) takes it.
      await t.db.update(notifications).set({ created_at: new Date(Date.now() - 2 * HOUR_MS) }).where(eq(notifications.id, row!.id));

      let release: () => void = () => {};
      const holding = new Promise<void>((resolve) => (release = resolve));
      let entered = false;
      const held = t.database.withAdvisoryLock('job:hourly-digest', () => {
        entered = true;
        return holding;
      });
      // On PostgreSQL the lock is taken on a pooled connection a few turns later: wait until it
      // is held, or the second app's round may take it first.
      await expect.poll(() => entered).toBe(true);
      await scheduleHourlyDigests(second.app.ctx, second.database)();
      expect(await pendingOf(who)).toHaveLength(1);
      release();
      await held;
      await scheduleHourlyDigests(second.app.ctx, second.database)();
      expect(await pendingOf(who)).toEqual([]);
      // Enqueued once (the second app's worker may be the one delivering it).
      expect(await digestRows(who)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
