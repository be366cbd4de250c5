import { DEFAULT_PAYOUT_SETTINGS, type DealResponse, type EarningEntry, type Earnings, type PayablesResponse, type PayoutSettings } from '@sunin/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, deals, earningEntries, notifications } from '../../db/schema/index.js';
import { longDateIn } from '../../lib/business-date.js';
import { createTestApp, createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { applyDueClawbacksNow } from './clawbacks.service.js';
import { applyPayoutStatus } from './payout-sending.service.js';

const ZONE = 'America/Los_Angeles';
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin({ BUSINESS_TIME_ZONE: ZONE })));
afterAll(async () => t?.close());

const DAY_MS = 86_400_000;
const call = (method: 'GET' | 'PUT' | 'POST', url: string, who: SignedIn | null = admin, payload?: object, app: TestApp = t) =>
  app.app.inject({ method, url: `/api${url}`, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

let seq = 0;
async function partner(account_type: 'sales_partner' | 'referral_partner' = 'sales_partner'): Promise<SignedIn> {
  const who = await t.signIn({ first_name: `Claw${++seq}`, last_name: 'Partner', account_type });
  await makePayoutReady(t, who.user.id);
  return who;
}
async function project(owner: SignedIn, company_name: string, project_stage = 'Project Completion'): Promise<number> {
  const res = await call('POST', '/admin/projects', admin, { project: { user_id: owner.user.id, company_name, project_stage } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function deal(id: number, net_profit_usd: number): Promise<DealResponse> {
  const res = await call('PUT', `/admin/projects/${id}/deal`, admin, { contract_value_usd: 100_000, net_profit_usd });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function pay(who: SignedIn): Promise<void> {
  const res = await call('POST', '/admin/payouts', admin, { user_id: who.user.id, reference: `ACH-${++seq}` });
  expect(res.statusCode, res.body).toBe(201);
}
/** A partner paid on one project: its id and the paid deal entry's id (60 % of the net profit). */
async function paidProject(name: string, netProfit = 10_000, who?: SignedIn): Promise<{ who: SignedIn; projectId: number; entryId: number }> {
  const owner = who ?? (await partner());
  const projectId = await project(owner, name);
  const entryId = (await deal(projectId, netProfit)).deal!.entry!.id;
  await pay(owner);
  return { who: owner, projectId, entryId };
}
const setStage = async (id: number, project_stage: string) => {
  const res = await call('PUT', `/admin/projects/${id}`, admin, { project: { project_stage } });
  expect(res.statusCode, res.body).toBe(200);
};
const paidDaysAgo = (entryId: number, days: number) => t.db.update(earningEntries).set({ paid_at: new Date(Date.now() - days * DAY_MS) }).where(eq(earningEntries.id, entryId));
const clawbackOf = async (entryId: number) => (await t.db.select().from(earningEntries).where(and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.clawback_of, entryId))))[0];
const earningsOf = async (who: SignedIn): Promise<Earnings> => (await call('GET', '/user/earnings', who)).json();
const notesOf = async (userId: number) => t.db.select().from(notifications).where(eq(notifications.user_id, userId)).orderBy(notifications.id);
const clawBack = (entry_id: number, extra: object = {}) => call('POST', '/admin/earnings/clawbacks', admin, { clawback: { entry_id, reason: 'deal_cancelled', ...extra } });
async function withSettings(change: Partial<PayoutSettings>, work: () => Promise<void>): Promise<void> {
  const res = await call('PUT', '/admin/payout-settings', admin, { settings: { ...DEFAULT_PAYOUT_SETTINGS, ...change } });
  expect(res.statusCode, res.body).toBe(200);
  try {
    await work();
  } finally {
    await call('PUT', '/admin/payout-settings', admin, { settings: DEFAULT_PAYOUT_SETTINGS });
  }
}

describe('payout settings (issue 38 item 4)', () => {
  it('answers the defaults, saves a change audited field by field, and refuses what it cannot read with 422', async () => {
    const first = await call('GET', '/admin/payout-settings');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ settings: DEFAULT_PAYOUT_SETTINGS, defaults: DEFAULT_PAYOUT_SETTINGS, updated_at: null, updated_by_name: null });
    const next = { ...DEFAULT_PAYOUT_SETTINGS, clawback_window_days: 60, clawback_reasons: ['deal_cancelled'], reporting_threshold_usd: { before_2026: 600, from_2026: 2500 } };
    const saved = await call('PUT', '/admin/payout-settings', admin, { settings: next });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ settings: next, defaults: DEFAULT_PAYOUT_SETTINGS, updated_by_name: 'Avery Admin' });
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'setting'), eq(auditEntries.action, 'payouts_updated')));
    expect(audit?.changes).toEqual({
      clawback_window_days: { before: 90, after: 60 },
      clawback_reasons: { before: 'deal_cancelled, project_archived', after: 'deal_cancelled' },
      'reporting_threshold_usd.from_2026': { before: 2000, after: 2500 },
    });
    const bad: [object, RegExp][] = [
      [{ ...DEFAULT_PAYOUT_SETTINGS, clawback_window_days: -1 }, /at least 0 days/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, clawback_window_days: 1.5 }, /whole number of days/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, clawback_notice_days: 91 }, /at most 90 days/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, clawback_reasons: ['weather'] }, /Unknown clawback reason/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, clawback_reasons: ['deal_cancelled', 'deal_cancelled'] }, /Each reason once/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, reporting_threshold_usd: { before_2026: -1, from_2026: 2000 } }, /cannot be negative/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, reporting_threshold_usd: { before_2026: 600 } }, /from 2026/],
      [{ ...DEFAULT_PAYOUT_SETTINGS, extra: 1 }, /extra/],
    ];
    for (const [settings, message] of bad) {
      const res = await call('PUT', '/admin/payout-settings', admin, { settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(422);
      expect(JSON.stringify(res.json().error), JSON.stringify(settings)).toMatch(message);
    }
    expect((await call('PUT', '/admin/payout-settings', admin, {})).statusCode).toBe(422);
    await call('PUT', '/admin/payout-settings', admin, { settings: DEFAULT_PAYOUT_SETTINGS });
    const member = await partner();
    expect((await call('GET', '/admin/payout-settings', member)).statusCode).toBe(403);
    expect((await call('PUT', '/admin/payout-settings', member, { settings: DEFAULT_PAYOUT_SETTINGS })).statusCode).toBe(403);
    expect((await call('GET', '/admin/payout-settings', null)).statusCode).toBe(401);
  });
});

describe('clawbacks inside the window (issue 38 item 4)', () => {
  it('claws back a paid entry when its project is archived, tells the partner the date in the business time zone, and audits it', async () => {
    const { who, projectId, entryId } = await paidProject('Archived Later');
    const before = await earningsOf(who);
    expect(before.at_risk).toEqual({ amount_usd: 6000, until: expect.any(String) });
    const entry = before.entries.find((row) => row.id === entryId)!;
    expect(entry.clawback_until).toBe(before.at_risk.until);
    expect(Date.parse(entry.clawback_until!) - Date.now()).toBeGreaterThan(89 * DAY_MS);

    await setStage(projectId, 'Archived');
    const clawback = await clawbackOf(entryId);
    expect(clawback).toMatchObject({ user_id: who.user.id, project_id: projectId, kind: 'clawback', amount_cents: -600_000, status: 'expected', reason: 'Project archived after payment', created_by: admin.user.id });
    expect(clawback!.applies_at!.getTime() - clawback!.created_at.getTime()).toBe(7 * DAY_MS);
    const notice = (await notesOf(who.user.id)).find((note) => note.title === 'Clawback scheduled');
    expect(notice?.message).toBe(`$6,000.00 from Archived Later will be clawed back on ${longDateIn(ZONE, clawback!.applies_at!)}: Project archived after payment.`);
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'clawback_scheduled'), eq(auditEntries.entity_id, who.user.id)));
    expect(audit?.changes).toMatchObject({ amount_usd: { after: -6000 }, clawback_of: { after: entryId }, record_id: { after: clawback!.id } });

    const after = await earningsOf(who);
    expect(after.at_risk).toEqual({ amount_usd: 0, until: null });
    expect(after.entries.find((row) => row.id === entryId)?.clawback_until).toBeNull();
    expect(after.entries.find((row) => row.kind === 'clawback')).toMatchObject({ amount_usd: -6000, status: 'expected', applies_at: clawback!.applies_at!.toISOString() });
    expect(after.totals.expected_usd).toBe(-6000);
    // Archiving again, or the deal's page, never makes a second one.
    await setStage(projectId, 'Project Completion');
    await setStage(projectId, 'Archived');
    expect(await t.db.select().from(earningEntries).where(and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.user_id, who.user.id)))).toHaveLength(1);
    expect((await call('GET', `/admin/projects/${projectId}/deal`)).json<DealResponse>().deal?.clawback).toMatchObject({ id: clawback!.id, amount_usd: -6000 });
  });

  it('claws back what was paid on the project: the deal entry with its adjustments', async () => {
    const { who, projectId, entryId } = await paidProject('Corrected Then Cancelled');
    await deal(projectId, 9_000); // an approved adjustment of -$600 after payment
    const res = await clawBack(entryId, { note: 'Customer walked away' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<EarningEntry>()).toMatchObject({ kind: 'clawback', amount_usd: -5400, status: 'expected', reason: 'Deal cancelled: Customer walked away', project_id: projectId, user_id: who.user.id });
  });

  it('cancels a deal: a paid entry is clawed back, an approved or expected one voided; it cannot be cancelled twice or corrected', async () => {
    const { who, projectId, entryId } = await paidProject('Cancelled After Payment');
    const cancelled = await call('POST', `/admin/projects/${projectId}/deal/cancel`, admin, { reason: 'Customer backed out' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const body = cancelled.json<DealResponse>();
    expect(body.deal).toMatchObject({ cancelled_at: expect.any(String), cancel_reason: 'Customer backed out', entry: { id: entryId, status: 'paid' }, clawback: { amount_usd: -6000, status: 'expected', reason: 'Deal cancelled: Customer backed out' } });
    expect((await call('POST', `/admin/projects/${projectId}/deal/cancel`, admin, { reason: 'Again' })).statusCode).toBe(409);
    const correct = await call('PUT', `/admin/projects/${projectId}/deal`, admin, { contract_value_usd: 1, net_profit_usd: 1 });
    expect(correct.statusCode).toBe(409);
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'deal_cancelled'), eq(auditEntries.entity_id, projectId)));
    expect(audit?.changes).toMatchObject({ cancel_reason: { before: null, after: 'Customer backed out' }, clawback_id: { after: body.deal!.clawback!.id } });
    // Archiving a cancelled deal's project makes no second clawback.
    await setStage(projectId, 'Archived');
    expect(await t.db.select().from(earningEntries).where(and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.user_id, who.user.id)))).toHaveLength(1);

    // Approved and unpaid: void, and it leaves the balance.
    const approvedId = await project(who, 'Approved Then Cancelled');
    await deal(approvedId, 1_000);
    expect((await earningsOf(who)).totals.approved_usd).toBe(600);
    const voided = await call('POST', `/admin/projects/${approvedId}/deal/cancel`, admin, { reason: 'Financing fell through' });
    expect(voided.json<DealResponse>().deal?.entry).toMatchObject({ status: 'void' });
    expect((await earningsOf(who)).totals).toMatchObject({ approved_usd: 0, payable_usd: 0 });
    expect((await notesOf(who.user.id)).map((note) => note.message)).toContain('Your approved $600.00 from Approved Then Cancelled is void: the deal was cancelled (Financing fell through).');
    // Expected: void, and it stays void when the project moves on.
    const expectedId = await project(who, 'Expected Then Cancelled', 'Project Initiation');
    await deal(expectedId, 1_000);
    await call('POST', `/admin/projects/${expectedId}/deal/cancel`, admin, { reason: 'Lost' });
    await setStage(expectedId, 'Project Completion');
    expect((await call('GET', `/admin/projects/${expectedId}/deal`)).json<DealResponse>().deal).toMatchObject({ entry: { status: 'void' }, cancel_reason: 'Lost', clawback: null });

    const noDeal = await project(who, 'No Deal');
    expect((await call('POST', `/admin/projects/${noDeal}/deal/cancel`, admin, { reason: 'x' })).statusCode).toBe(409);
    expect((await call('POST', '/admin/projects/2000000000/deal/cancel', admin, { reason: 'x' })).statusCode).toBe(404);
    expect((await call('POST', `/admin/projects/${noDeal}/deal/cancel`, admin, { reason: '  ' })).statusCode).toBe(422);
    expect((await call('POST', `/admin/projects/${noDeal}/deal/cancel`, admin, {})).statusCode).toBe(422);
    expect((await call('POST', `/admin/projects/${noDeal}/deal/cancel`, who, { reason: 'x' })).statusCode).toBe(403);
  });

  it('claws back by hand inside the window, and refuses what is not a paid deal entry or is clawed back already', async () => {
    const { who, entryId } = await paidProject('By Hand');
    const res = await clawBack(entryId, { reason: 'project_archived' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<EarningEntry>()).toMatchObject({ kind: 'clawback', amount_usd: -6000, status: 'expected', reason: 'Project archived after payment', applies_at: expect.any(String) });
    expect((await clawBack(entryId)).statusCode).toBe(409);
    const unpaid = (await deal(await project(who, 'Unpaid'), 1_000)).deal!.entry!.id;
    expect((await clawBack(unpaid)).json().error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/not paid/) });
    expect((await clawBack(2_000_000_000)).statusCode).toBe(404);
    expect((await clawBack(res.json<EarningEntry>().id)).statusCode).toBe(409); // a clawback is no deal entry
    for (const body of [{ clawback: { entry_id: entryId } }, { clawback: { entry_id: 'x', reason: 'deal_cancelled' } }, { clawback: { entry_id: entryId, reason: 'weather' } }, { clawback: { entry_id: entryId, reason: 'deal_cancelled', override: true } }, {}]) {
      expect((await call('POST', '/admin/earnings/clawbacks', admin, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await call('POST', '/admin/earnings/clawbacks', who, { clawback: { entry_id: entryId, reason: 'deal_cancelled' } })).statusCode).toBe(403);
    expect((await call('POST', '/admin/earnings/clawbacks', null, { clawback: { entry_id: entryId, reason: 'deal_cancelled' } })).statusCode).toBe(401);
  });
});

describe('outside the window, and reasons turned off', () => {
  it('refuses a clawback outside the window unless overridden with a note, which is audited', async () => {
    const { who, entryId } = await paidProject('Long Ago');
    await paidDaysAgo(entryId, 100);
    expect((await earningsOf(who)).at_risk).toEqual({ amount_usd: 0, until: null });
    const refused = await clawBack(entryId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^This entry is outside the 90-day clawback window \(paid on \d{4}-\d\d-\d\d, window ended \d{4}-\d\d-\d\d\): override with a note/);
    expect(await clawbackOf(entryId)).toBeUndefined();
    const overridden = await clawBack(entryId, { override: true, note: 'Fraudulent signature found in audit' });
    expect(overridden.statusCode, overridden.body).toBe(201);
    expect(overridden.json()).toMatchObject({ amount_usd: -6000, reason: 'Deal cancelled: Fraudulent signature found in audit' });
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.action, 'clawback_override'), eq(auditEntries.entity_id, who.user.id)));
    expect(audit).toMatchObject({ actor_id: admin.user.id, changes: { note: { after: 'Fraudulent signature found in audit' }, record_id: { after: overridden.json().id } } });
  });

  it('creates nothing when a project is archived outside the window, and tells the admins an override is needed', async () => {
    const { projectId, entryId } = await paidProject('Archived Too Late');
    await paidDaysAgo(entryId, 91);
    await setStage(projectId, 'Archived');
    expect(await clawbackOf(entryId)).toBeUndefined();
    const told = (await notesOf(admin.user.id)).filter((note) => note.title === 'Clawback needs an override' && note.project_id === projectId);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toMatch(/outside the 90-day clawback window/);
  });

  it('does nothing for a reason turned off in the settings', async () => {
    await withSettings({ clawback_reasons: [] }, async () => {
      const archived = await paidProject('Reasons Off');
      await setStage(archived.projectId, 'Archived');
      expect(await clawbackOf(archived.entryId)).toBeUndefined();
      const cancelled = await paidProject('Reasons Off Cancelled');
      const res = await call('POST', `/admin/projects/${cancelled.projectId}/deal/cancel`, admin, { reason: 'Lost' });
      expect(res.json<DealResponse>().deal).toMatchObject({ cancel_reason: 'Lost', clawback: null, entry: { status: 'paid' } });
    });
  });
});

describe('applying clawbacks and netting them', () => {
  it('applies a due clawback in the next payout, lowering it: $600 payable with a -$200 clawback pays $400', async () => {
    const who = await partner();
    const small = await paidProject('Two Hundred', 333.33, who); // 60 % = $200.00
    expect((await clawBack(small.entryId)).statusCode).toBe(201);
    const next = await project(who, 'Six Hundred', 'Project Initiation');
    await deal(next, 1_000);
    await setStage(next, 'Project Completion');
    expect((await earningsOf(who)).totals).toMatchObject({ approved_usd: 600, expected_usd: -200, payable_usd: 600 });
    // Its date comes: reads net it at once, before anything is written.
    await t.db.update(earningEntries).set({ applies_at: new Date(Date.now() - 1000) }).where(eq(earningEntries.clawback_of, small.entryId));
    expect((await earningsOf(who)).totals).toMatchObject({ approved_usd: 400, expected_usd: 0, payable_usd: 400 });
    const payables = (await call('GET', '/admin/payables')).json<PayablesResponse>();
    expect(payables.payables.find((row) => row.user_id === who.user.id)?.payable_usd).toBe(400);
    expect((await clawbackOf(small.entryId))?.status).toBe('expected');

    const paid = await call('POST', '/admin/payouts', admin, { user_id: who.user.id, reference: 'NET-1' });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ amount_usd: 400 });
    const clawback = await clawbackOf(small.entryId);
    expect(clawback).toMatchObject({ status: 'paid', payout_id: paid.json().id, approved_at: expect.any(Date) });
    expect((await notesOf(who.user.id)).map((note) => note.title)).toContain('Clawback applied');
    expect((await earningsOf(who)).totals).toMatchObject({ approved_usd: 0, payable_usd: 0, paid_usd: 200 + 600 - 200 });
  });

  it('applies the clawbacks due with the hourly job, once, and tells each partner', async () => {
    const { who, entryId } = await paidProject('Job Applied');
    const scheduled = await clawBack(entryId);
    expect(scheduled.statusCode).toBe(201);
    const appliesAt = new Date(scheduled.json<EarningEntry>().applies_at!);
    await applyDueClawbacksNow(t.app.ctx, new Date(appliesAt.getTime() - 1000)); // other tests' clawbacks may be due
    expect((await clawbackOf(entryId))?.status).toBe('expected');
    const at = new Date(appliesAt.getTime() + 1000);
    expect(await applyDueClawbacksNow(t.app.ctx, at)).toBeGreaterThanOrEqual(1);
    expect(await clawbackOf(entryId)).toMatchObject({ status: 'approved', approved_at: at });
    expect(await applyDueClawbacksNow(t.app.ctx, at)).toBe(0);
    expect((await notesOf(who.user.id)).filter((note) => note.title === 'Clawback applied')).toHaveLength(1);
    // A negative balance is never payable: it waits for the next earnings.
    expect((await earningsOf(who)).totals).toMatchObject({ approved_usd: -6000, payable_usd: 0 });
  });
});

describe('at risk and the next tier', () => {
  it('adds up paid money still inside the window, until the latest day', async () => {
    const who = await partner();
    const first = await paidProject('Risk One', 1_000, who);
    await paidDaysAgo(first.entryId, 30);
    const second = await paidProject('Risk Two', 2_000, who);
    const old = await paidProject('Risk Old', 5_000, who);
    await paidDaysAgo(old.entryId, 120);
    const ledger = await earningsOf(who);
    expect(ledger.at_risk.amount_usd).toBe(600 + 1200);
    expect(ledger.at_risk.until).toBe(ledger.entries.find((row) => row.id === second.entryId)?.clawback_until);
    expect(ledger.entries.find((row) => row.id === old.entryId)?.clawback_until).toBeNull();
    await clawBack(second.entryId);
    const after = await earningsOf(who);
    expect(after.at_risk).toEqual({ amount_usd: 600, until: after.entries.find((row) => row.id === first.entryId)?.clawback_until });
  });

  it('answers the tier above with its share and the way to reach it', async () => {
    const referral = await partner('referral_partner');
    expect((await earningsOf(referral)).next_tier).toEqual({ account_type: 'sales_partner', share_rate: 0.6, path: 'subscribe' });
    expect((await earningsOf(await partner())).next_tier).toEqual({ account_type: 'enterprize_partner', share_rate: 0.7, path: 'ask_team' });
    const top = await t.signIn({ account_type: 'enterprize_partner' });
    expect((await earningsOf(top)).next_tier).toBeNull();
    expect((await call('GET', `/admin/users/${admin.user.id}/earnings`)).json<Earnings>().next_tier).toBeNull();
  });
});

describe('concurrency', () => {
  it('makes one clawback when two administrators cancel the same paid deal at once (two processes)', async () => {
    const second = await createTestApp({ BUSINESS_TIME_ZONE: ZONE }, { sameDatabaseAs: t });
    try {
      const other = await second.signIn({ first_name: 'Blair', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' });
      const { projectId, entryId } = await paidProject('Raced');
      const [a, b] = await Promise.all([
        call('POST', `/admin/projects/${projectId}/deal/cancel`, admin, { reason: 'One' }),
        call('POST', `/admin/projects/${projectId}/deal/cancel`, other, { reason: 'Two' }, second),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect(await t.db.select().from(earningEntries).where(and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.clawback_of, entryId)))).toHaveLength(1);

      const manual = await paidProject('Raced By Hand');
      const both = await Promise.all([clawBack(manual.entryId), second.app.inject({ method: 'POST', url: '/api/admin/earnings/clawbacks', headers: other.auth, payload: { clawback: { entry_id: manual.entryId, reason: 'deal_cancelled' } } })]);
      expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      const rows = await t.db.select().from(deals).where(inArray(deals.project_id, [projectId]));
      expect(rows[0]?.cancelled_at).not.toBeNull();
    } finally {
      await second.close();
    }
  });
});

describe('a payout that fails after its deal ended (issue 38 review)', () => {
  it('voids the returned entry and its clawback: the cancelled deal is not paid later, and nothing is taken back that never left', async () => {
    const { who, projectId, entryId } = await paidProject('Never Left Co');
    const [entry] = await t.db.select().from(earningEntries).where(eq(earningEntries.id, entryId));
    expect(entry?.status).toBe('paid');
    const cancelled = await call('POST', `/admin/projects/${projectId}/deal/cancel`, admin, { reason: 'Customer walked away' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await clawbackOf(entryId))?.status).toBe('expected');

    // The payout still on its way fails: the money never reached the partner.
    expect(await applyPayoutStatus(t.app.ctx, entry!.payout_id!, 'failed', 'The bank account is closed (account_closed).')).toBe('applied');
    const [after] = await t.db.select().from(earningEntries).where(eq(earningEntries.id, entryId));
    expect(after?.status).toBe('void');
    expect((await clawbackOf(entryId))?.status).toBe('void');
    const ledger = await earningsOf(who);
    expect(ledger.totals).toEqual({ expected_usd: 0, approved_usd: 0, paid_usd: 0, payable_usd: 0 });
    const payables: PayablesResponse = (await call('GET', '/admin/payables')).json();
    expect(payables.payables.map((row) => row.user_id)).not.toContain(who.user.id);
    const [note] = (await notesOf(who.user.id)).filter((row) => row.title === 'Payout failed');
    expect(note?.message).toBe('Your payout of $6,000.00 could not be sent: The bank account is closed (account_closed). $6,000.00 from Never Left Co is void instead: its deal ended while the payout was on its way, and its clawback is cancelled with it.');
  });

  it('keeps a returned entry approved when its clawback was already netted against another payout: it gives that money back', async () => {
    const { who, projectId, entryId } = await paidProject('Netted Co');
    const [entry] = await t.db.select().from(earningEntries).where(eq(earningEntries.id, entryId));
    await setStage(projectId, 'Archived');
    const clawback = await clawbackOf(entryId);
    expect(clawback?.status).toBe('expected');
    // The clawback applied and was netted with another project's earnings in a later payout.
    await t.db.update(earningEntries).set({ status: 'paid', approved_at: new Date(), paid_at: new Date() }).where(eq(earningEntries.id, clawback!.id));
    expect(await applyPayoutStatus(t.app.ctx, entry!.payout_id!, 'failed', 'Returned by the bank.')).toBe('applied');
    const [after] = await t.db.select().from(earningEntries).where(eq(earningEntries.id, entryId));
    expect(after?.status).toBe('approved');
    // Cancelling the deal now does not void it: the netted clawback already took it back.
    expect((await call('POST', `/admin/projects/${projectId}/deal/cancel`, admin, { reason: 'Late cancellation' })).statusCode).toBe(200);
    const [still] = await t.db.select().from(earningEntries).where(eq(earningEntries.id, entryId));
    expect(still?.status).toBe('approved');
    expect((await earningsOf(who)).totals.approved_usd).toBe(6000);
  });
});
