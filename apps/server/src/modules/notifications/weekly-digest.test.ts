import { DAY_MS } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backdateStay } from '../../test/stays.js';
import type { StoredMail } from '../../lib/mailer.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { digestSlot, sendWeeklyDigests } from './weekly-digest.js';

let t: TestApp;
let admin: SignedIn;
let partner: SignedIn;
/** The Monday after this week's: the test's data is all in the week before it. */
const slot = digestSlot(new Date(Date.now() + 7 * DAY_MS));
const sendTime = new Date(slot.getTime() + 60 * 60_000);
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ first_name: 'Avery', account_type: 'admin', company_role: 'full_access_admin', email_verified_at: new Date() });
  partner = await t.signIn({ first_name: 'Hana', account_type: 'sales_partner', subscription_status: 'active', email_verified_at: new Date() });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, headers: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function createProject(owner: SignedIn, company: string): Promise<number> {
  const res = await call('POST', '/api/projects', owner.auth, { project: { company_name: company } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

const digestsTo = async (who: SignedIn): Promise<StoredMail[]> => (await t.app.ctx.mailer.list()).filter((mail) => mail.to === who.user.email && mail.subject.startsWith('Your SunIn week'));

describe('the weekly digest slot', () => {
  it('is Monday 14:00 UTC at or before the time', () => {
    expect(digestSlot(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(digestSlot(new Date('2026-11-23T14:00:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(digestSlot(new Date('2026-11-23T13:59:59Z')).toISOString()).toBe('2026-11-16T14:00:00.000Z');
    expect(digestSlot(new Date('2026-11-22T23:00:00Z')).toISOString()).toBe('2026-11-16T14:00:00.000Z');
  });
});

describe('the weekly digest (issue 18 item 4)', () => {
  it("sends a partner their week's changes, what waits on them and their clocks; an admin the queue and stalled projects; once each", async () => {
    const moved = await createProject(partner, 'Harbor Cold Storage');
    const res = await call('PUT', `/api/admin/projects/${moved}`, admin.auth, { project: { project_stage: 'Presentation Ready' } });
    expect(res.statusCode, res.body).toBe(200);
    const waiting = await createProject(partner, 'Canyon Bakery');
    const requested = await call('POST', `/api/projects/${waiting}/proposal_tickets`, partner.auth, {
      proposal_ticket: { project_id: waiting, title: 'Proposal Management Ticket', details: 'Quote 200 kW', company_name: 'Canyon Bakery', company_address: '', status: 1, notification_user_id: partner.user.id },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const stalled = await createProject(partner, 'Silver State Storage');
    await backdateStay(t.db, stalled, new Date(slot.getTime() - 40 * DAY_MS));
    const quiet = await t.signIn({ email_verified_at: new Date() });
    const optedOut = await t.signIn({ email_verified_at: new Date() });
    await createProject(optedOut, 'Opted Out Foods');
    expect((await call('PUT', '/api/user/notification-preferences', optedOut.auth, { notification_preferences: { email: { weekly_digest: false } } })).statusCode).toBe(200);

    // Two runs at once (two processes): each digest is claimed once.
    const [first, second] = await Promise.all([sendWeeklyDigests(t.app.ctx, { now: sendTime, batchSize: 1 }), sendWeeklyDigests(t.app.ctx, { now: sendTime, batchSize: 1 })]);
    expect(first + second).toBe(2);
    expect(await sendWeeklyDigests(t.app.ctx, { now: new Date(sendTime.getTime() + 60 * 60_000) })).toBe(0);

    const [digest, ...others] = await digestsTo(partner);
    expect(others).toEqual([]);
    expect(digest!.subject).toMatch(/^Your SunIn week: [A-Z][a-z]{2} \d{1,2} to [A-Z][a-z]{2} \d{1,2}$/);
    expect(digest!.text).toContain('Hello Hana,');
    expect(digest!.text).toContain('WHAT CHANGED');
    expect(digest!.text).toContain('Project stage updated: Harbor Cold Storage is now at Presentation Ready.');
    expect(digest!.text).toContain('WAITING ON YOU');
    expect(digest!.text).toContain('Canyon Bakery: The 48-hour clock starts when the utility bill is received');
    expect(digest!.text).toMatch(/Silver State Storage has been at Project Initiation for 4\d days/);
    expect(digest!.html).toContain(`href="http://portal.test/projects/${waiting}?tab=proposal"`);
    expect(digest!.html).toContain(`href="http://portal.test/projects/${moved}"`);
    expect(digest!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(/token=([^>]+)>/.exec(digest!.headers['List-Unsubscribe']!)![1]!);
    expect((await call('GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`, {})).json()).toMatchObject({ unsubscribe: { event_type: 'weekly_digest' } });

    const [adminDigest] = await digestsTo(admin);
    expect(adminDigest!.text).toContain('Last week: 1 proposal request and 0 deliveries. Open now: 1 request, 0 overdue, 0 due within 24 hours and 1 waiting for the utility bill.');
    expect(adminDigest!.text).toContain('PROPOSAL QUEUE');
    expect(adminDigest!.text).toContain('No proposal clock is running.');
    expect(adminDigest!.text).toContain('STALLED PROJECTS');
    expect(adminDigest!.html).toContain(`href="http://portal.test/admin/projects/${stalled}"`);
    expect(adminDigest!.html).toContain('href="http://portal.test/admin/proposal-management"');

    // Nothing to say to a partner without projects, and nothing for one who turned it off.
    expect(await digestsTo(quiet)).toEqual([]);
    expect(await digestsTo(optedOut)).toEqual([]);
  });

  it('waits for the next Monday when the servers were down for more than a day after it', async () => {
    const late = await t.signIn({ email_verified_at: new Date() });
    const lumber = await createProject(late, 'Late Lumber');
    const nextSlot = new Date(slot.getTime() + 7 * DAY_MS);
    // Late Lumber has been at Project Initiation for 30 days by the next slot, whatever weekday the test runs on: something to say.
    await backdateStay(t.db, lumber, new Date(nextSlot.getTime() - 30 * DAY_MS));
    expect(await sendWeeklyDigests(t.app.ctx, { now: new Date(nextSlot.getTime() + DAY_MS + 60_000) })).toBe(0);
    expect(await digestsTo(late)).toEqual([]);
    expect(await sendWeeklyDigests(t.app.ctx, { now: new Date(nextSlot.getTime() + 7 * DAY_MS + 60_000) })).toBeGreaterThan(0);
    expect(await digestsTo(late)).toHaveLength(1);
  });
});
