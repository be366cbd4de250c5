import { applyClockAction, clockAction, openClock, type ProjectStage, type ProposalClock } from '@sunin/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingSubscriptions, deals, earningEntries, projects, projectStageChanges, proposalClocks, proposalTickets, proposalTicketHistories } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * A seeded data set whose answers are worked out by hand (the comments give the sums), over the
 * range 2025-01-01..2025-03-31. Every event is at noon UTC unless a time is given.
 */
const RANGE = '?from=2025-01-01&to=2025-03-31';
const day = (date: string) => new Date(date.length === 10 ? `${date}T12:00:00Z` : date);

let t: TestApp;
type Member = Awaited<ReturnType<TestApp['signIn']>>;
let admin: Member;
let sales: Member;
let referral: Member;
let other: Member;
let enterprise: Member;
let administrative: Member;

async function project(owner: Member, stages: Array<[ProjectStage, string]>, dealUsd?: number): Promise<number> {
  const [first] = stages;
  const last = stages[stages.length - 1];
  if (!first || !last) throw new Error('a project needs a stage');
  const [row] = await t.db
    .insert(projects)
    .values({ user_id: owner.user.id, company_name: 'Seeded Co', project_stage: last[0], created_at: day(first[1]), updated_at: day(last[1]) })
    .returning({ id: projects.id });
  const id = row?.id ?? 0;
  await t.db.insert(projectStageChanges).values(stages.map(([stage, at], index) => ({ project_id: id, from_stage: index === 0 ? null : (stages[index - 1]?.[0] ?? null), to_stage: stage, changed_at: day(at), left_at: stages[index + 1] ? day(stages[index + 1]![1]) : null })));
  if (dealUsd !== undefined) await t.db.insert(deals).values({ project_id: id, contract_value_cents: Math.round(dealUsd * 100), net_profit_cents: Math.round(dealUsd * 20) });
  return id;
}

async function ticket(projectId: number, owner: Member, events: Array<[number, string]>): Promise<void> {
  const last = events[events.length - 1];
  const [row] = await t.db
    .insert(proposalTickets)
    .values({ project_id: projectId, status: last?.[0] ?? 1, notification_user_id: owner.user.id })
    .returning({ id: proposalTickets.id });
  await t.db.insert(proposalTicketHistories).values(events.map(([status, at]) => ({ proposal_ticket_id: row?.id ?? 0, status, event_date: day(at), action_taken_by: 'seed' })));
  // The clocks those events make, by the contract's rules (the power bill received throughout).
  const clocks: ProposalClock[] = [];
  for (const [status, at] of events) {
    const current = clocks.at(-1) ?? null;
    const action = clockAction(current, status);
    if (action === 'open') clocks.push(openClock(day(at), true));
    else if (current && action !== 'none') clocks[clocks.length - 1] = applyClockAction(current, action, day(at));
  }
  await t.db.insert(proposalClocks).values(clocks.map((clock) => ({ proposal_ticket_id: row?.id ?? 0, ...clock })));
}

async function entry(owner: Member, projectId: number | null, usd: number, status: 'expected' | 'approved' | 'paid' | 'void', createdAt: string) {
  await t.db.insert(earningEntries).values({ user_id: owner.user.id, project_id: projectId, kind: projectId === null ? 'adjustment' : 'deal', amount_cents: Math.round(usd * 100), status, created_at: day(createdAt) });
}

let subscriptionSeq = 0;
async function subscription(owner: Member, plan: 'monthly' | 'yearly', status: string) {
  subscriptionSeq += 1;
  await t.db.insert(billingSubscriptions).values({ id: `sub_${String(subscriptionSeq)}`, user_id: owner.user.id, provider: 'local', customer_id: `cus_${String(subscriptionSeq)}`, provider_status: status, plan, last_event_at: new Date(), last_event_rank: 1 });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ first_name: 'Avery', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' });
  sales = await t.signIn({ first_name: 'Sam', last_name: 'Sales', account_type: 'sales_partner', created_at: day('2025-01-10') });
  referral = await t.signIn({ first_name: 'Rita', last_name: 'Referral', account_type: 'referral_partner', created_at: day('2025-02-05') });
  other = await t.signIn({ first_name: 'Olga', last_name: 'Other', account_type: 'referral_partner', created_at: day('2025-02-20') });
  enterprise = await t.signIn({ first_name: 'Eve', last_name: 'Enterprise', account_type: 'enterprize_partner', created_at: day('2025-03-01') });
  administrative = await t.signIn({ first_name: 'Ada', last_name: 'Office', account_type: 'administrative_partner', created_at: day('2025-03-15') });

  // Sam (sales partner): P0 created before the range, P1 completed, P2 archived, P3 in Financing.
  const p0 = await project(sales, [['Project Initiation', '2024-12-20'], ['Presentation Ready', '2025-01-02'], ['Financing and Documentation', '2025-01-12'], ['Site Survey and Finalization', '2025-04-15']], 30_000);
  const p1 = await project(sales, [['Project Initiation', '2025-01-05'], ['Presentation Ready', '2025-01-15'], ['Financing and Documentation', '2025-02-04'], ['Site Survey and Finalization', '2025-02-14'], ['Project Completion', '2025-03-01']], 100_000);
  const p2 = await project(sales, [['Project Initiation', '2025-01-20'], ['Presentation Ready', '2025-01-24'], ['Archived', '2025-02-03']], 50_000);
  const p3 = await project(sales, [['Project Initiation', '2025-02-10'], ['Presentation Ready', '2025-02-16'], ['Financing and Documentation', '2025-05-01']], 20_000.5);
  // Rita (referral): P4. Olga (referral): P5 archived with a deal, P6. Eve (enterprise): P7.
  const p4 = await project(referral, [['Project Initiation', '2025-02-12'], ['Presentation Ready', '2025-02-22'], ['Financing and Documentation', '2025-04-03']]);
  await project(other, [['Project Initiation', '2025-03-05'], ['Archived', '2025-03-07']], 70_000);
  const p6 = await project(other, [['Project Initiation', '2025-03-20'], ['Presentation Ready', '2025-03-25'], ['Financing and Documentation', '2025-04-04']], 80_000);
  const p7 = await project(enterprise, [['Project Initiation', '2025-03-10'], ['Presentation Ready', '2025-04-20']]);

  // Proposal clocks: 24 h on time, then a revision 72 h late; 36 h to a rejection; 54 h late; exactly 48 h; one open since March.
  await ticket(p1, sales, [[1, '2025-01-06T12:00:00Z'], [2, '2025-01-06T13:00:00Z'], [3, '2025-01-07T12:00:00Z'], [5, '2025-01-10T00:00:00Z'], [6, '2025-01-11T00:00:00Z'], [7, '2025-01-13T00:00:00Z']]);
  await ticket(p3, sales, [[1, '2025-02-11T00:00:00Z'], [4, '2025-02-12T12:00:00Z']]);
  await ticket(p6, other, [[1, '2025-03-21T00:00:00Z'], [3, '2025-03-23T06:00:00Z']]);
  await ticket(p4, referral, [[1, '2025-03-30T00:00:00Z'], [3, '2025-04-01T00:00:00Z']]);
  await ticket(p7, enterprise, [[1, '2024-12-30T00:00:00Z'], [3, '2025-01-02T00:00:00Z']]);
  await ticket(p0, sales, [[1, '2025-03-31T12:00:00Z']]);

  // Sam's ledger: approved 12,000 in January, a void entry, expected 1,200.30 in February, paid 500 and a -50.25 adjustment in March.
  await entry(sales, p1, 12_000, 'approved', '2025-01-20');
  await entry(sales, p2, 6_000, 'void', '2025-01-25');
  await entry(sales, p3, 1_200.3, 'expected', '2025-02-15');
  await entry(sales, null, -50.25, 'paid', '2025-03-03');
  await entry(sales, p0, 500, 'paid', '2025-03-10');
  await entry(other, p6, 999, 'expected', '2025-02-01');

  // One monthly and two yearly paying, one trial, one canceled: MRR = 129 + 2 x 1399 / 12 = 362.17.
  await subscription(sales, 'monthly', 'active');
  await subscription(sales, 'monthly', 'canceled');
  await subscription(enterprise, 'yearly', 'active');
  await subscription(administrative, 'yearly', 'active');
  await subscription(referral, 'monthly', 'trialing');
});
afterAll(async () => t?.close());

const get = (url: string, member?: Member) => t.app.inject({ method: 'GET', url, headers: member ? member.auth : {} });
const months = ['2025-01', '2025-02', '2025-03'];

describe('GET /api/user/analytics', () => {
  it("answers a sales partner's advanced set from the caller's own data", async () => {
    const res = await get(`/api/user/analytics${RANGE}`, sales);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range).toEqual({ from: '2025-01-01', to: '2025-03-31', months });
    expect(body.advanced).toBe(true);
    // P1 completed, P2 archived, P3 in Financing (P0 was created before the range).
    expect(body.projects_by_stage).toEqual([
      { stage: 'Project Initiation', count: 0 },
      { stage: 'Presentation Ready', count: 0 },
      { stage: 'Financing and Documentation', count: 1 },
      { stage: 'Site Survey and Finalization', count: 0 },
      { stage: 'Project Completion', count: 1 },
      { stage: 'Archived', count: 1 },
    ]);
    expect(body.projects_per_month).toEqual([
      { month: '2025-01', count: 2 },
      { month: '2025-02', count: 1 },
      { month: '2025-03', count: 0 },
    ]);
    // Initiation 10, 4, 6; Ready 10 (P0), 20, 10, 74 (P3 left on 1 May); Financing 93 (P0), 10; Site survey 15.
    expect(body.days_in_stage).toEqual([
      { stage: 'Project Initiation', stays: 3, average_days: 6.7 },
      { stage: 'Presentation Ready', stays: 4, average_days: 28.5 },
      { stage: 'Financing and Documentation', stays: 2, average_days: 51.5 },
      { stage: 'Site Survey and Finalization', stays: 1, average_days: 15 },
    ]);
    // 24 h and 36 h on time; 72 h late and the clock open since March late; median of 24, 36, 72.
    expect(body.proposal_turnaround).toEqual({ clocks: 4, stopped: 3, on_time: 2, late: 2, pending: 0, median_hours: 36, on_time_share: 0.5 });
    // The archived P2's deal is not pipeline; P0 was created before the range.
    expect(body.pipeline_by_stage).toEqual([
      { stage: 'Project Initiation', projects: 0, contract_value_usd: 0 },
      { stage: 'Presentation Ready', projects: 0, contract_value_usd: 0 },
      { stage: 'Financing and Documentation', projects: 1, contract_value_usd: 20000.5 },
      { stage: 'Site Survey and Finalization', projects: 0, contract_value_usd: 0 },
      { stage: 'Project Completion', projects: 1, contract_value_usd: 100000 },
    ]);
    expect(body.earnings_by_month).toEqual([
      { month: '2025-01', expected_usd: 0, approved_usd: 12000, paid_usd: 0, total_usd: 12000 },
      { month: '2025-02', expected_usd: 1200.3, approved_usd: 0, paid_usd: 0, total_usd: 1200.3 },
      { month: '2025-03', expected_usd: 0, approved_usd: 0, paid_usd: 449.75, total_usd: 449.75 },
    ]);
  });

  it("answers a referral partner's basic set, and never another member's data", async () => {
    const rita = (await get(`/api/user/analytics${RANGE}`, referral)).json();
    expect(rita.advanced).toBe(false);
    expect(rita.pipeline_by_stage).toBeNull();
    expect(rita.earnings_by_month).toBeNull();
    expect(rita.projects_per_month.map((row: { count: number }) => row.count)).toEqual([0, 1, 0]);
    expect(rita.proposal_turnaround).toEqual({ clocks: 1, stopped: 1, on_time: 1, late: 0, pending: 0, median_hours: 48, on_time_share: 1 });
    expect(rita.days_in_stage.map((row: { stays: number }) => row.stays)).toEqual([1, 1, 0, 0]);

    const olga = (await get(`/api/user/analytics${RANGE}`, other)).json();
    expect(olga.projects_by_stage.find((row: { stage: string }) => row.stage === 'Archived').count).toBe(1);
    expect(olga.projects_per_month.map((row: { count: number }) => row.count)).toEqual([0, 0, 2]);
    expect(olga.proposal_turnaround).toMatchObject({ clocks: 1, late: 1, median_hours: 54, on_time_share: 0 });

    const stranger = await t.signIn({ account_type: 'sales_partner' });
    const empty = (await get(`/api/user/analytics${RANGE}`, stranger)).json();
    expect(empty.projects_by_stage.every((row: { count: number }) => row.count === 0)).toBe(true);
    expect(empty.projects_per_month).toEqual(months.map((month) => ({ month, count: 0 })));
    expect(empty.days_in_stage.every((row: { stays: number; average_days: number | null }) => row.stays === 0 && row.average_days === null)).toBe(true);
    expect(empty.proposal_turnaround).toEqual({ clocks: 0, stopped: 0, on_time: 0, late: 0, pending: 0, median_hours: null, on_time_share: null });
    expect(empty.pipeline_by_stage.every((row: { contract_value_usd: number }) => row.contract_value_usd === 0)).toBe(true);
    expect(empty.earnings_by_month.every((row: { total_usd: number }) => row.total_usd === 0)).toBe(true);
  });

  it('defaults to the last 12 months and counts a clock younger than 48 hours as pending, an ongoing stay up to now', async () => {
    const fresh = await t.signIn({ account_type: 'referral_partner' });
    const now = Date.now();
    const iso = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
    const id = await project(fresh, [['Project Initiation', iso(24 * 5)]]);
    await ticket(id, fresh, [[1, iso(10)]]);
    const res = await get('/api/user/analytics', fresh);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.range.months).toHaveLength(12);
    expect(body.range.to).toBe(new Date().toISOString().slice(0, 10));
    expect(body.range.months[11]).toBe(body.range.to.slice(0, 7));
    expect(body.range.from).toBe(`${body.range.months[0]}-01`);
    expect(body.proposal_turnaround).toMatchObject({ clocks: 1, stopped: 0, pending: 1, late: 0, on_time_share: null, median_hours: null });
    expect(body.days_in_stage[0]).toEqual({ stage: 'Project Initiation', stays: 1, average_days: 5 });
  });

  it('is 401 without a session and 422 for a bad range or an unknown key', async () => {
    expect((await get(`/api/user/analytics${RANGE}`)).statusCode).toBe(401);
    for (const query of ['?from=2025-02-30', '?to=2025-1-01', '?from=2025-03-01&to=2025-01-01', '?from=2015-01-01&to=2025-01-01', '?from=2025-01-01&user_id=2', '?from[]=x']) {
      const res = await get(`/api/user/analytics${query}`, sales);
      expect(res.statusCode, query).toBe(422);
    }
    expect((await get('/api/user/analytics?from=2020-01-01&to=2024-12-31', sales)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/analytics', () => {
  it('answers the company-wide figures', async () => {
    const res = await get(`/api/admin/analytics${RANGE}`, admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Highest stage reached in the range: P5, P7 Initiation; P2, P3, P4, P6 Ready; P0 Financing; P1 Completion.
    expect(body.funnel).toEqual([
      { stage: 'Project Initiation', reached: 8, conversion: null },
      { stage: 'Presentation Ready', reached: 6, conversion: 0.75 },
      { stage: 'Financing and Documentation', reached: 2, conversion: 0.3333 },
      { stage: 'Site Survey and Finalization', reached: 1, conversion: 0.5 },
      { stage: 'Project Completion', reached: 1, conversion: 1 },
    ]);
    expect(body.archived).toBe(2);
    // Initiation 10, 4, 6, 10, 2, 5, 41; Ready 10, 20, 10, 74, 40, 10; Financing 93, 10; Site survey 15.
    expect(body.days_in_stage).toEqual([
      { stage: 'Project Initiation', stays: 7, average_days: 11.1 },
      { stage: 'Presentation Ready', stays: 6, average_days: 27.3 },
      { stage: 'Financing and Documentation', stays: 2, average_days: 51.5 },
      { stage: 'Site Survey and Finalization', stays: 1, average_days: 15 },
    ]);
    // 24, 36, 48 on time; 72, 54 and the open clock late; median of 24, 36, 48, 54, 72.
    expect(body.proposal_turnaround).toEqual({ clocks: 6, stopped: 5, on_time: 3, late: 3, pending: 0, median_hours: 48, on_time_share: 0.5 });
    expect(body.projects_per_month).toEqual([
      { month: '2025-01', referral_partner: 0, sales_partner: 2, enterprize_partner: 0, other: 0, total: 2 },
      { month: '2025-02', referral_partner: 1, sales_partner: 1, enterprize_partner: 0, other: 0, total: 2 },
      { month: '2025-03', referral_partner: 2, sales_partner: 0, enterprize_partner: 1, other: 0, total: 3 },
    ]);
    expect(body.new_partners_per_month).toEqual([
      { month: '2025-01', referral_partner: 0, sales_partner: 1, enterprize_partner: 0, other: 0, total: 1 },
      { month: '2025-02', referral_partner: 2, sales_partner: 0, enterprize_partner: 0, other: 0, total: 2 },
      { month: '2025-03', referral_partner: 0, sales_partner: 0, enterprize_partner: 1, other: 1, total: 2 },
    ]);
    expect(body.subscriptions).toEqual({ monthly: 1, yearly: 2, trialing: 1, mrr_usd: 362.17 });
    const partner = (who: Member, projectCount: number, pipeline: number) => ({
      user_id: who.user.id,
      name: `${who.user.first_name} ${who.user.last_name}`,
      account_type: who.user.account_type,
      projects: projectCount,
      pipeline_value_usd: pipeline,
    });
    expect(body.top_partners_by_projects).toEqual([partner(sales, 3, 120000.5), partner(other, 2, 80000), partner(referral, 1, 0), partner(enterprise, 1, 0)]);
    expect(body.top_partners_by_pipeline).toEqual([partner(sales, 3, 120000.5), partner(other, 2, 80000)]);
  });

  it('is 401 without a session, 403 for a member, 422 for a bad query', async () => {
    expect((await get(`/api/admin/analytics${RANGE}`)).statusCode).toBe(401);
    expect((await get(`/api/admin/analytics${RANGE}`, sales)).statusCode).toBe(403);
    expect((await get('/api/admin/analytics?from=2025-13-01', admin)).statusCode).toBe(422);
    expect((await get('/api/admin/analytics?scope=all', admin)).statusCode).toBe(422);
    const defaults = (await get('/api/admin/analytics', admin)).json();
    expect(defaults.range.months).toHaveLength(12);
  });
});
