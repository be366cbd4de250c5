import { ALL_PROJECT_STAGES, BOARD_CARDS_PER_COLUMN, DAY_MS, type BoardColumn, type BoardResponse, type ProjectStage } from '@sunin/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, notifications, projects } from '../../db/schema/index.js';
import { backdateStay } from '../../test/stays.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url, headers });

async function board(query = ''): Promise<BoardResponse> {
  const res = await get(`/api/admin/board${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const column = (answer: BoardResponse, stage: ProjectStage): BoardColumn => answer.columns.find((c) => c.stage === stage)!;

async function newProject(ownerId: number, company_name: string, fields: { project_stage?: ProjectStage; state?: string } = {}): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { user_id: ownerId, company_name, ...fields } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function moveTo(id: number, project_stage: ProjectStage) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}`, headers: admin.auth, payload: { project: { project_stage } } });
  expect(res.statusCode, res.body).toBe(200);
}
async function recordDeal(id: number, contract_value_usd: number) {
  const res = await t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}/deal`, headers: admin.auth, payload: { contract_value_usd, net_profit_usd: 1000 } });
  expect(res.statusCode, res.body).toBe(200);
}

/** What counting the projects themselves says, per stage (optionally one owner's, one state's). */
async function counted(where = sql`true`): Promise<Array<{ stage: ProjectStage; count: number; deal_value_usd: number }>> {
  const { rows } = (await t.db.execute(
    sql`select project_stage as stage, count(*)::int as n, coalesce(sum(deal_value_cents), 0)::bigint as cents from projects where ${where} group by project_stage`,
  )) as unknown as { rows: Array<{ stage: ProjectStage; n: number; cents: string }> };
  return ALL_PROJECT_STAGES.map((stage) => {
    const row = rows.find((r) => r.stage === stage);
    return { stage, count: row?.n ?? 0, deal_value_usd: Number(row?.cents ?? 0) / 100 };
  });
}
const totalsOf = (answer: BoardResponse) => answer.columns.map(({ stage, count, deal_value_usd }) => ({ stage, count, deal_value_usd }));

describe('GET /api/admin/board (issue 37 item 4)', () => {
  it('answers one column per stage in pipeline order whose totals equal counting the projects after creations, moves, deals, owner changes and deletes', async () => {
    const { user: ann } = await t.signIn({ first_name: 'Ann', last_name: 'Board' });
    const { user: bob } = await t.signIn({ first_name: 'Bob', last_name: 'Board' });
    const a1 = await newProject(ann.id, 'Ann One', { state: 'TX' });
    const a2 = await newProject(ann.id, 'Ann Two', { state: 'CA', project_stage: 'Presentation Ready' });
    const b1 = await newProject(bob.id, 'Bob One', { state: 'TX' });
    expect((await board()).columns.map((c) => c.stage)).toEqual([...ALL_PROJECT_STAGES]);
    expect(totalsOf(await board())).toEqual(await counted());

    await recordDeal(a1, 250_000);
    await recordDeal(b1, 100_000.5);
    await moveTo(a1, 'Financing and Documentation');
    let answer = await board();
    expect(totalsOf(answer)).toEqual(await counted());
    expect(column(answer, 'Financing and Documentation').cards.find((card) => card.id === a1)).toMatchObject({ company_name: 'Ann One', owner_name: 'Ann Board', state: 'TX', deal_value_usd: 250_000, days_in_stage: 0, stalled: false });

    // A corrected deal, an owner change and a delete.
    await recordDeal(a1, 300_000);
    await t.db.update(projects).set({ user_id: bob.id }).where(eq(projects.id, a2));
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/projects/${b1}`, headers: admin.auth });
    expect(del.statusCode, del.body).toBe(204);
    answer = await board();
    expect(totalsOf(answer)).toEqual(await counted());
    expect(column(answer, 'Financing and Documentation').deal_value_usd).toBeGreaterThanOrEqual(300_000);

    // Filters: one owner, one state (any case), both.
    expect(totalsOf(await board(`?owner_id=${ann.id}`))).toEqual(await counted(sql`user_id = ${ann.id}`));
    expect(totalsOf(await board(`?owner_id=${bob.id}`))).toEqual(await counted(sql`user_id = ${bob.id}`));
    expect(totalsOf(await board('?state=tx'))).toEqual(await counted(sql`state ilike 'TX'`));
    const annTexas = await board(`?owner_id=${ann.id}&state=TX`);
    expect(totalsOf(annTexas)).toEqual(await counted(sql`user_id = ${ann.id} and state = 'TX'`));
    expect(annTexas.columns.flatMap((c) => c.cards.map((card) => card.id))).toEqual([a1]);
    const bobs = await board(`?owner_id=${bob.id}`);
    expect(column(bobs, 'Presentation Ready').cards.map((card) => [card.id, card.owner_name])).toEqual([[a2, 'Bob Board']]);
  });

  it('pages a column with the cursor, the longest in the stage first, without repeating or losing a card', async () => {
    const { user: owner } = await t.signIn({ first_name: 'Page', last_name: 'Owner' });
    const n = BOARD_CARDS_PER_COLUMN * 2 + 3;
    const ids: number[] = [];
    for (let i = 0; i < n; i++) ids.push(await newProject(owner.id, `Paged ${i}`, { project_stage: 'Site Survey and Finalization', state: 'NM' }));
    // Entered in the reverse order of creation, three at a time at the very same instant (the id
    // decides), with microseconds a millisecond cursor would lose.
    for (const [index, id] of ids.entries()) {
      await t.db.execute(sql`update projects set stage_entered_at = now() - interval '3 days' - ${Math.floor(index / 3)} * interval '1 minute' + interval '123 microseconds' where id = ${id}`);
    }
    // One without a stage_entered_at (a project without history) comes last.
    await t.db.update(projects).set({ stage_entered_at: null }).where(eq(projects.id, ids[0]!));
    const byGroup = (id: number) => Math.floor(ids.indexOf(id) / 3);
    const order = ids.slice(1).sort((x, y) => byGroup(y) - byGroup(x) || x - y);
    order.push(ids[0]!);

    const first = column(await board(`?owner_id=${owner.id}`), 'Site Survey and Finalization');
    expect(first.count).toBe(n);
    expect(first.cards).toHaveLength(BOARD_CARDS_PER_COLUMN);
    const seen = first.cards.map((card) => card.id);
    let cursor = first.next_cursor;
    while (cursor) {
      const res = await get(`/api/admin/board/columns/${encodeURIComponent('Site Survey and Finalization')}?owner_id=${owner.id}&cursor=${cursor}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json() as { cards: Array<{ id: number }>; next_cursor: string | null };
      seen.push(...page.cards.map((card) => card.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(order);
    expect(first.cards[0]).toMatchObject({ days_in_stage: 3 });
  });

  it('with stalled=true counts, totals and shows only the projects past their stage threshold', async () => {
    const { user: owner } = await t.signIn({ first_name: 'Stall', last_name: 'Owner' });
    const stalled = await newProject(owner.id, 'Slow Co');
    const fresh = await newProject(owner.id, 'Fresh Co');
    const done = await newProject(owner.id, 'Done Co', { project_stage: 'Project Completion' });
    await recordDeal(stalled, 50_000);
    await backdateStay(t.db, stalled, new Date(Date.now() - 20 * DAY_MS)); // past the 14-day default
    await backdateStay(t.db, fresh, new Date(Date.now() - 10 * DAY_MS));
    await backdateStay(t.db, done, new Date(Date.now() - 400 * DAY_MS)); // never stalls

    const all = await board(`?owner_id=${owner.id}`);
    expect(column(all, 'Project Initiation').cards.map((card) => [card.company_name, card.stalled])).toEqual([
      ['Slow Co', true],
      ['Fresh Co', false],
    ]);
    const only = await board(`?owner_id=${owner.id}&stalled=true`);
    expect(totalsOf(only)).toEqual(ALL_PROJECT_STAGES.map((stage) => ({ stage, count: stage === 'Project Initiation' ? 1 : 0, deal_value_usd: stage === 'Project Initiation' ? 50_000 : 0 })));
    expect(column(only, 'Project Initiation').cards.map((card) => card.id)).toEqual([stalled]);
    expect(column(only, 'Project Completion').cards).toEqual([]);
    // Company-wide, the stalled count is the projects past their stage's cutoff.
    const company = await board('?stalled=true');
    const cutoff = new Date(Date.now() - 15 * DAY_MS);
    const [row] = (await t.db.select({ n: sql<number>`count(*)::int` }).from(projects).where(sql`project_stage = 'Project Initiation' and stage_entered_at <= ${cutoff.toISOString()}::timestamptz`)) as Array<{ n: number }>;
    expect(column(company, 'Project Initiation').count).toBe(row!.n);
    const page = await get(`/api/admin/board/columns/Project%20Completion?stalled=true`);
    expect(page.json()).toEqual({ cards: [], next_cursor: null });
  });

  it('moving a card is the detail page stage change: history, notification, audit', async () => {
    const { user: owner } = await t.signIn({ first_name: 'Move' });
    const id = await newProject(owner.id, 'Bayside Brewing', { project_stage: 'Presentation Ready' });
    await moveTo(id, 'Financing and Documentation');
    expect(column(await board(`?owner_id=${owner.id}`), 'Financing and Documentation').cards.map((card) => card.id)).toEqual([id]);
    expect((await t.db.select().from(notifications).where(eq(notifications.user_id, owner.id))).map((n) => n.message)).toContain('Bayside Brewing is now at Financing and Documentation.');
    expect(await t.db.select().from(auditEntries).where(sql`${auditEntries.entity_type} = 'project' and ${auditEntries.entity_id} = ${id} and ${auditEntries.action} = 'stage_changed'`)).toHaveLength(1);
  });

  it('answers 403 to members and other company roles, 401 without a token', async () => {
    const member = await t.signIn();
    const engineer = await t.signIn({ company_role: 'project_engineer' });
    for (const who of [member, engineer]) {
      expect((await get('/api/admin/board', who.auth)).statusCode).toBe(403);
      expect((await get('/api/admin/board/columns/Archived', who.auth)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/board', {})).statusCode).toBe(401);
  });

  it('answers 422 with a clear message for a bad query, stage or cursor', async () => {
    const cases: Array<[string, string]> = [
      ['/api/admin/board?owner_id=abc', 'owner_id'],
      ['/api/admin/board?owner_id=99999999999', 'owner_id'],
      ['/api/admin/board?stalled=maybe', 'stalled is true or false.'],
      [`/api/admin/board?state=${'x'.repeat(51)}`, 'state must be at most 50 characters.'],
      ['/api/admin/board/columns/Nowhere', 'stage must be one of'],
      ['/api/admin/board/columns/Archived?cursor=nonsense', 'cursor is not valid.'],
      [`/api/admin/board/columns/Archived?cursor=${Buffer.from('["x", 1]').toString('base64url')}`, 'cursor is not valid.'],
      [`/api/admin/board/columns/Archived?cursor=${Buffer.from('[1e300, 1]').toString('base64url')}`, 'cursor is not valid.'],
      [`/api/admin/board/columns/Archived?cursor=${'A'.repeat(201)}`, 'cursor is not valid.'],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(res.json().error.code, url).toBe('validation_failed');
      expect(res.body, url).toContain(message);
    }
  });
});
