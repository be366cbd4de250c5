import { ALL_PROJECT_STAGES, PROPOSAL_STATUS_NUMBERS, TERMINAL_PROPOSAL_STATUSES, type AdminLead, type LeadListResponse, type PublicShare } from '@sunin/contract';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, contacts, notifications, payoutAccounts, payouts, projectLinks, taxForms, projects, projectStageChanges, proposalClocks, proposalTicketHistories, proposalTickets, storedFiles, users } from '../db/schema/index.js';
import type { FileStorage } from '../lib/storage/index.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { alertStalledProjects } from '../modules/stalls/stalls.service.js';
import { DEMO_PROJECTS } from './demo-projects.js';
import { DEMO_REFERRAL_CODE } from './demo-referrals.js';
import { DEMO_PARTNER_COMPANY, demoShareLink, demoShareToken } from './demo-share.js';
import { DEMO_ACCOUNTS, DEMO_PAYOUT_REFERENCE, DEMO_UNREAD_NOTIFICATIONS, seedDemoData, seedDemoOnce } from './seed.js';

async function rowsIn(t: TestApp, table: PgTable): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function login(t: TestApp, account: { email: string; password: string }): Promise<{ authorization: string }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: account.email, password: account.password } } });
  expect(res.statusCode).toBe(200);
  return { authorization: String(res.headers.authorization) };
}

describe('the demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    expect((await seedDemoData(t.app.ctx)).map((account) => account.email)).toEqual(Object.values(DEMO_ACCOUNTS).map((account) => account.email));
  });
  afterAll(async () => t?.close());

  it('does nothing once users exist', async () => {
    const before = await Promise.all([rowsIn(t, users), rowsIn(t, projects), rowsIn(t, storedFiles), rowsIn(t, notifications)]);
    expect(await seedDemoData(t.app.ctx)).toEqual([]);
    expect(await Promise.all([rowsIn(t, users), rowsIn(t, projects), rowsIn(t, storedFiles), rowsIn(t, notifications)])).toEqual(before);
  });

  it('gives the partners a dozen projects in every stage, one archived, each with contacts, links, a photo and a PDF', async () => {
    const rows = await t.db.select().from(projects);
    expect(rows.length).toBe(DEMO_PROJECTS.length);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const [sales] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.sales.email));
    const [referral] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.referral.email));
    expect(new Set(rows.map((row) => row.user_id))).toEqual(new Set([sales?.id, referral?.id]));
    expect(new Set(rows.map((row) => row.project_stage))).toEqual(new Set(ALL_PROJECT_STAGES));
    expect(rows.filter((row) => row.project_stage === 'Archived')).toHaveLength(1);
    for (const row of rows) {
      expect(row.state).toMatch(/^(CA|TX|MA|NV|CT)$/);
      expect(row.kilowatt_amounts.length).toBeGreaterThan(0);
      for (const meter of row.kilowatt_amounts) expect(meter.filter((value) => Number(value) > 0)).toHaveLength(12);
      // Issue 35 item 1: named meters with a load profile and the calendar months they were read in, no tariff.
      expect(row.meters).toHaveLength(row.kilowatt_amounts.length);
      for (const meter of row.meters) expect(meter).toMatchObject({ name: expect.not.stringMatching(/^(Meter \d+)?$/), months: expect.arrayContaining([expect.stringMatching(/^202[45]-\d\d$/)]) });
      expect(Number(row.average_monthly_power_bill_cost)).toBeGreaterThan(0);
      const [contactCount] = await t.db.select({ n: count() }).from(contacts).where(eq(contacts.project_id, row.id));
      const [linkCount] = await t.db.select({ n: count() }).from(projectLinks).where(eq(projectLinks.project_id, row.id));
      const files = await t.db.select().from(storedFiles).where(eq(storedFiles.project_id, row.id));
      expect(contactCount?.n).toBeGreaterThan(0);
      expect(linkCount?.n).toBeGreaterThan(0);
      expect(files.map((file) => file.content_type).sort()).toEqual(['application/pdf', 'image/png']);
    }
    expect(rows.some((row) => row.meters[0]?.months[0] === '2024-11' && row.meters[0].months[11] === '2025-10')).toBe(true);
    // The stage changes were the administrator's, through the service: the owners were told.
    const stageNotices = await t.db.select().from(notifications).where(eq(notifications.title, 'Project stage updated'));
    expect(stageNotices).toHaveLength(rows.filter((row) => row.project_stage !== 'Project Initiation').length);
  });

  it('plays proposal tickets through every status, with their history, and leaves open work for the admin', async () => {
    const tickets = await t.db.select().from(proposalTickets);
    expect(new Set(tickets.map((ticket) => ticket.status))).toEqual(new Set(PROPOSAL_STATUS_NUMBERS));
    const [histories] = await t.db.select({ n: count() }).from(proposalTicketHistories);
    expect(histories?.n).toBe(DEMO_PROJECTS.reduce((sum, demo) => sum + demo.proposal.length, 0));
    const open = tickets.filter((ticket) => !TERMINAL_PROPOSAL_STATUSES.includes(ticket.status as never));

    const admin = await login(t, DEMO_ACCOUNTS.admin);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/proposal_tickets', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(open.length);
    expect(open.length).toBeGreaterThanOrEqual(3);
  });

  it('leaves each demo person read and unread notifications, the newest unread', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const auth = await login(t, account);
      const me = (await t.app.inject({ method: 'GET', url: '/api/user/profile', headers: auth })).json() as { id: number };
      const res = await t.app.inject({ method: 'GET', url: `/api/users/${me.id}/notifications?per_page=100`, headers: auth });
      expect(res.statusCode).toBe(200);
      const list = res.json() as Array<{ read: boolean }>;
      expect(list.length).toBeGreaterThan(DEMO_UNREAD_NOTIFICATIONS);
      expect(list.map((notification) => notification.read)).toEqual(list.map((_, i) => i >= DEMO_UNREAD_NOTIFICATIONS));
    }
  });

  it('dates the story over weeks: each ticket history in order and hours or days apart, the latest step within a day', async () => {
    const day = 24 * 60 * 60 * 1000;
    const histories = await t.db.select().from(proposalTicketHistories).orderBy(proposalTicketHistories.id);
    for (const ticket of await t.db.select().from(proposalTickets)) {
      const times = histories.filter((history) => history.proposal_ticket_id === ticket.id).map((history) => history.event_date.getTime());
      for (const [i, time] of times.entries()) if (i > 0) expect(time - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(day / 24);
      expect(ticket.updated_at.getTime()).toBe(times.at(-1));
    }
    const updated = (await t.db.select({ at: projects.updated_at }).from(projects)).map((row) => row.at.getTime());
    expect(Math.max(...updated)).toBeGreaterThan(Date.now() - day);
    expect(Math.min(...updated)).toBeLessThan(Date.now() - 14 * day);
    expect(new Set(updated).size).toBe(updated.length);
    const notices = await t.db.select().from(notifications);
    expect(Math.min(...notices.map((row) => row.created_at.getTime()))).toBeLessThan(Date.now() - 14 * day);
    for (const row of notices.filter((notice) => notice.read)) expect(row.viewed_on && row.viewed_on.getTime() - row.created_at.getTime()).toBe(2 * 60 * 60 * 1000);
  });

  it('dates the 48-hour clocks with the story: most delivered within the promise, one late, open ones due and overdue (issue 18)', async () => {
    const clocks = await t.db.select().from(proposalClocks);
    const hours = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 3_600_000;
    const delivered = clocks.filter((clock) => clock.delivered_at !== null && clock.started_at !== null);
    const onTime = delivered.filter((clock) => hours(clock.started_at!, clock.delivered_at!) <= 48);
    expect(onTime.length).toBeGreaterThan(delivered.length / 2);
    expect(delivered.length - onTime.length).toBeGreaterThanOrEqual(1);
    for (const clock of clocks) if (clock.due_at && clock.started_at) expect(hours(clock.started_at, clock.due_at)).toBe(48);
    const running = clocks.filter((clock) => clock.stopped_at === null && clock.due_at !== null);
    expect(running.some((clock) => clock.due_at!.getTime() > Date.now())).toBe(true);
    expect(running.some((clock) => clock.due_at!.getTime() < Date.now())).toBe(true);
    // The clocks' times are the history's: every request the clock opened at is a history row.
    const histories = await t.db.select().from(proposalTicketHistories);
    for (const clock of clocks) expect(histories.some((row) => row.proposal_ticket_id === clock.proposal_ticket_id && row.event_date.getTime() === clock.requested_at.getTime())).toBe(true);
  });

  it('gives both partners earnings in every status, a stage history per project, and the sales partner a payout (issue 17)', async () => {
    const sales = await login(t, DEMO_ACCOUNTS.sales);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/user/earnings', headers: sales })).json();
    expect(new Set(mine.entries.map((entry: { status: string }) => entry.status))).toEqual(new Set(['expected', 'paid', 'void']));
    // Sent through the local payout provider, and paid (issue 38).
    expect(mine.payouts).toEqual([expect.objectContaining({ reference: DEMO_PAYOUT_REFERENCE, amount_usd: 48_150, method: 'local', status: 'paid', failure_reason: null })]);
    const referral = await login(t, DEMO_ACCOUNTS.referral);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/user/earnings', headers: referral })).json();
    expect(theirs.totals).toEqual({ expected_usd: 5940, approved_usd: 10_260, paid_usd: 0, payable_usd: 10_260 });
    // Dated with the story: the payout two weeks ago, after the project it pays was completed.
    const [payout] = await t.db.select().from(payouts);
    expect(Date.now() - payout!.created_at.getTime()).toBeGreaterThan(13 * 86_400_000);
    expect(payout!.settled_at?.getTime()).toBe(payout!.created_at.getTime());
    expect(payout!.updated_at.getTime()).toBe(payout!.created_at.getTime());
    // Both partners can be paid: a W-9 (the TIN sealed, never in clear) and an active local payout account.
    for (const [who, last4] of [[DEMO_ACCOUNTS.sales, '6789'], [DEMO_ACCOUNTS.referral, '6789']] as const) {
      const [person] = await t.db.select().from(users).where(eq(users.email, who.email));
      const [form] = await t.db.select().from(taxForms).where(eq(taxForms.user_id, person!.id));
      expect(form).toMatchObject({ tin_last4: last4 });
      expect(form!.tin_sealed).not.toContain('3456789');
      expect(await t.db.select().from(payoutAccounts).where(eq(payoutAccounts.user_id, person!.id))).toEqual([expect.objectContaining({ provider: 'local', status: 'active', bank_last4: '6789' })]);
    }
    const [salesRow] = await t.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.sales.email));
    expect((await t.db.select().from(notifications).where(eq(notifications.user_id, salesRow!.id))).map((note) => note.title)).toEqual(expect.arrayContaining(['Payout on its way', 'Payout sent']));
    // Every project has its history, starting at its creation, and ending at its stage, days apart.
    const rows = await t.db.select().from(projects);
    for (const row of rows) {
      const history = await t.db.select().from(projectStageChanges).where(eq(projectStageChanges.project_id, row.id)).orderBy(projectStageChanges.id);
      expect(history[0]).toMatchObject({ from_stage: null, to_stage: 'Project Initiation' });
      expect(history.at(-1)?.to_stage).toBe(row.project_stage);
      if (history.length > 1) expect(history.at(-1)!.changed_at.getTime() - history[0]!.changed_at.getTime()).toBeGreaterThan(86_400_000);
    }
  });

  it('leaves one project stalled, which the stall check alerts once, not again at the next start (issue 18 item 3)', async () => {
    const sales = await login(t, DEMO_ACCOUNTS.sales);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/projects', headers: sales })).json() as Array<{ company_name: string; stalled: boolean }>;
    expect(listed.filter((project) => project.stalled).map((project) => project.company_name)).toEqual(['Silver State Self Storage']);
    expect(await alertStalledProjects(t.app.ctx)).toBe(1);
    expect(await alertStalledProjects(t.app.ctx)).toBe(0);
    const alerts = await t.db.select().from(notifications).where(eq(notifications.title, 'Project stalled'));
    expect(alerts.map((row) => row.message)).toContain('Silver State Self Storage has been at Presentation Ready for 26 days, past the 21-day stall threshold.');
  });

  it('prices two demo projects hour by hour on example tariffs, with demand savings (issue 35)', async () => {
    const sales = await login(t, DEMO_ACCOUNTS.sales);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/projects', headers: sales })).json() as Array<{ id: number; company_name: string }>;
    for (const name of ['Silver State Self Storage', 'Nutmeg Precision Machining']) {
      const id = listed.find((project) => project.company_name === name)!.id;
      const estimate = (await t.app.inject({ method: 'GET', url: `/api/projects/${id}/estimate`, headers: sales })).json();
      expect(estimate.bills.meters.map((meter: { tariff_source: string }) => meter.tariff_source), name).toEqual(['tariff']);
      expect(estimate.bills.annual.demand_savings_usd, name).toBeGreaterThan(0);
      expect(estimate.investment.npv_usd, name).toEqual(expect.any(Number));
    }
  });

  it('leaves a customer link of Bayside Brewing whose page shows its second proposal, the first superseded (issue 36)', async () => {
    const link = await demoShareLink(t.app.ctx);
    expect(link).toBe(`${t.app.ctx.config.appUrl}/p/${demoShareToken(t.app.ctx.config.jwtSecret)}`);
    const res = await t.app.inject({ method: 'GET', url: `/api/public/shares/${demoShareToken(t.app.ctx.config.jwtSecret)}` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<PublicShare>();
    expect(page.customer.company_name).toBe('Bayside Brewing Company');
    expect(page.partner.company_name).toBe(DEMO_PARTNER_COMPANY);
    expect(page.proposal?.version).toBe(2);
    expect(page.superseded.map((version) => version.version)).toEqual([1]);
  });

  it('gives the referral partner a link with clicks and leads in every status, and the admin queue a request of nobody (issue 39)', async () => {
    const auth = await login(t, DEMO_ACCOUNTS.referral);
    const referral = await t.app.inject({ method: 'GET', url: '/api/user/referral', headers: auth });
    expect(referral.json()).toEqual({ code: DEMO_REFERRAL_CODE, url: `${t.app.ctx.config.appUrl}/r/${DEMO_REFERRAL_CODE}`, clicks: 23, leads: 3, converted: 1 });
    const mine = await t.app.inject({ method: 'GET', url: '/api/user/leads', headers: auth });
    const leads = mine.json<LeadListResponse>().leads;
    expect(leads.map((lead) => [lead.company_name, lead.status])).toEqual([
      ['Lakeway Dental Group', 'new'],
      ['Riverbend Feed & Seed', 'contacted'],
      ['Cedar Park Print Shop', 'rejected'],
      ['Hill Country Auto Body', 'converted'],
    ]);
    expect(leads[3]!.project).toMatchObject({ company_name: 'Hill Country Auto Body' });
    const admin = await login(t, DEMO_ACCOUNTS.admin);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/leads?status=new', headers: admin });
    expect(queue.json<{ leads: AdminLead[] }>().leads.map((lead) => [lead.company_name, lead.partner?.id ?? null])).toEqual([
      ['Mission Bay Bakery', null],
      ['Lakeway Dental Group', expect.any(Number)],
    ]);
  });

  it('the sales partner paid through the local checkout', async () => {
    const auth = await login(t, DEMO_ACCOUNTS.sales);
    const subscription = await t.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: auth });
    expect(subscription.json().subscription).toMatchObject({ provider: 'local', status: 'active' });
  });

  it('stored real images and PDFs that the owner opens through the API', async () => {
    for (const account of [DEMO_ACCOUNTS.sales, DEMO_ACCOUNTS.referral]) {
      const auth = await login(t, account);
      const list = await t.app.inject({ method: 'GET', url: '/api/projects?per_page=100', headers: auth });
      const owned = list.json() as Array<{ id: number }>;
      expect(owned.length).toBeGreaterThan(0);
      for (const project of owned) {
        for (const [path, type, magic] of [
          ['images', 'image/png', '\x89PNG'],
          ['files', 'application/pdf', '%PDF-'],
        ] as const) {
          const files = (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}/${path}`, headers: auth })).json() as Array<{ url: string }>;
          expect(files).toHaveLength(1);
          const download = await t.app.inject({ method: 'GET', url: files[0]?.url ?? '', headers: auth });
          expect(download.statusCode).toBe(200);
          expect(download.headers['content-type']).toBe(type);
          expect(download.rawPayload.subarray(0, magic.length).toString('latin1')).toBe(magic);
        }
      }
    }
  });
});

describe('the demo seed cut short', () => {
  it('leaves no row behind, and the next start seeds the whole demo', async () => {
    const t = await createTestApp();
    try {
      const real = t.app.ctx.storage;
      let puts = 0;
      const failing: FileStorage = {
        kind: real.kind,
        put: async (key, body, type) => {
          if (++puts > 5) throw new Error('disk full');
          return real.put(key, body, type);
        },
        get: (key) => real.get(key),
        getRange: (key, range) => real.getRange(key, range),
        delete: (key) => real.delete(key),
        list: () => real.list(),
      };
      await expect(seedDemoData({ ...t.app.ctx, storage: failing })).rejects.toThrow('disk full');
      expect(await Promise.all([rowsIn(t, users), rowsIn(t, projects), rowsIn(t, storedFiles), rowsIn(t, notifications)])).toEqual([0, 0, 0, 0]);

      expect(await seedDemoData(t.app.ctx)).toHaveLength(3);
      expect(await rowsIn(t, projects)).toBe(DEMO_PROJECTS.length);
    } finally {
      await t.close();
    }
  });
});

describe('the start-up seed of two processes starting together', () => {
  it('seeds the demo once, under the advisory lock, and pays for the sales partner once', async () => {
    // A second app on the same empty database: another process on PostgreSQL (issue 13 item 9).
    const first = await createTestApp();
    const second = await createTestApp({}, { sameDatabaseAs: first });
    try {
      const results = await Promise.all([seedDemoOnce(first.app.ctx, first.database), seedDemoOnce(second.app.ctx, second.database)]);
      expect(results.map((created) => created.length).sort()).toEqual([0, 3]);
      const emails = (await first.db.select({ email: users.email }).from(users)).map((row) => row.email).sort();
      expect(emails).toEqual(Object.values(DEMO_ACCOUNTS).map((account) => account.email).sort());
      expect(await first.db.select().from(checkoutSessions)).toHaveLength(1);
      expect(await rowsIn(first, projects)).toBe(DEMO_PROJECTS.length);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
