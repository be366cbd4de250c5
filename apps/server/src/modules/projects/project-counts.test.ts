import { ARCHIVED_STAGE, PROJECT_STAGES } from '@sunin/contract';
import { count, eq, ne, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectCounts, projects, users } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

async function newProject(ownerId: number, company_name: string, project_stage: string = PROJECT_STAGES[0]): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { user_id: ownerId, company_name, project_stage } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const moveTo = (id: number, project_stage: string) => t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}`, headers: admin.auth, payload: { project: { project_stage } } });

/** project_counts must always equal counting the projects themselves. */
async function expectCountsTrue(): Promise<void> {
  const kept = await t.db.select().from(projectCounts).where(ne(projectCounts.n, 0)).orderBy(projectCounts.user_id, projectCounts.project_stage);
  const counted = await t.db.select({ user_id: projects.user_id, project_stage: projects.project_stage, n: count() }).from(projects).groupBy(projects.user_id, projects.project_stage).orderBy(projects.user_id, projects.project_stage);
  expect(kept).toEqual(counted);
}

const totalOf = async (url: string, headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return Number(res.headers['x-total-count']);
};

describe('project_counts (issue 19 item 2): list totals without counting every project', () => {
  it('follows creation, stage changes, a change of owner, deletion and a deleted member, in the writing transaction', async () => {
    const ann = await t.signIn({ first_name: 'Ann' });
    const bob = await t.signIn({ first_name: 'Bob' });
    const a1 = await newProject(ann.user.id, 'Ann One');
    const a2 = await newProject(ann.user.id, 'Ann Two', PROJECT_STAGES[1]);
    await newProject(ann.user.id, 'Ann Three', ARCHIVED_STAGE);
    const b1 = await newProject(bob.user.id, 'Bob One');
    await expectCountsTrue();
    expect(await totalOf('/api/projects', ann.auth)).toBe(3);

    expect((await moveTo(a1, PROJECT_STAGES[2])).statusCode).toBe(200);
    expect((await moveTo(a2, PROJECT_STAGES[0])).statusCode).toBe(200);
    await expectCountsTrue();

    // A write that fails leaves the counts as they were (same transaction).
    await expect(t.db.transaction(async (tx) => {
      await tx.update(projects).set({ project_stage: ARCHIVED_STAGE }).where(eq(projects.id, a1));
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await expectCountsTrue();

    // No route changes a project's owner; the counts follow one anyway.
    await t.db.update(projects).set({ user_id: bob.user.id }).where(eq(projects.id, a2));
    await expectCountsTrue();
    expect(await totalOf('/api/projects', ann.auth)).toBe(2);
    expect(await totalOf('/api/projects', bob.auth)).toBe(2);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/projects/${b1}`, headers: admin.auth })).statusCode).toBe(204);
    await expectCountsTrue();
    await t.db.delete(users).where(eq(users.id, bob.user.id));
    await expectCountsTrue();
    expect(await t.db.select().from(projectCounts).where(eq(projectCounts.user_id, bob.user.id))).toEqual([]);
  });

  it('answers every admin filter with the same total as counting, and a page past the end with the total', async () => {
    const cy = await t.signIn({ first_name: 'Cy', last_name: 'Counter' });
    const dee = await t.signIn({ first_name: 'Dee' });
    for (const [index, stage] of [PROJECT_STAGES[0], PROJECT_STAGES[0], PROJECT_STAGES[3], ARCHIVED_STAGE].entries()) await newProject(cy.user.id, `Cy ${index}`, stage);
    await newProject(dee.user.id, 'Dee One', PROJECT_STAGES[3]);
    const counted = async (where?: SQL) => (await t.db.select({ n: count() }).from(projects).where(where))[0]?.n ?? 0;
    const all = await counted();
    const archived = await counted(eq(projects.project_stage, ARCHIVED_STAGE));

    expect(await totalOf('/api/admin/projects', admin.auth)).toBe(all);
    expect(await totalOf('/api/admin/projects?stage_filter=working', admin.auth)).toBe(all - archived);
    expect(await totalOf('/api/admin/projects?stage_filter=archived', admin.auth)).toBe(archived);
    expect(await totalOf(`/api/admin/projects?owner_id=${cy.user.id}`, admin.auth)).toBe(4);
    expect(await totalOf(`/api/admin/projects?owner_id=${cy.user.id}&stage_filter=working`, admin.auth)).toBe(3);
    expect(await totalOf(`/api/admin/projects?owner_id=${cy.user.id}&stage=${encodeURIComponent(PROJECT_STAGES[3])}&stage=${encodeURIComponent(ARCHIVED_STAGE)}`, admin.auth)).toBe(2);
    // A stage outside the tab selects nothing; two different owners select nothing.
    expect(await totalOf(`/api/admin/projects?stage_filter=working&stage=${encodeURIComponent(ARCHIVED_STAGE)}`, admin.auth)).toBe(0);
    expect(await totalOf(`/api/admin/projects?user_id=${cy.user.id}&owner_id=${dee.user.id}`, admin.auth)).toBe(0);
    expect(await totalOf(`/api/admin/users/${cy.user.id}/projects?stage_filter=archived`, admin.auth)).toBe(1);
    // A search counts what it matches.
    expect(await totalOf('/api/admin/projects?q=Counter', admin.auth)).toBe(4);
    expect(await totalOf(`/api/admin/projects?q=Counter&stage=${encodeURIComponent(PROJECT_STAGES[0])}`, admin.auth)).toBe(2);

    const past = await t.app.inject({ method: 'GET', url: '/api/projects?page=9&per_page=2', headers: cy.auth });
    expect([past.statusCode, past.json(), past.headers['x-total-count']]).toEqual([200, [], '4']);
    const none = await t.signIn({ first_name: 'Nobody' });
    const empty = await t.app.inject({ method: 'GET', url: '/api/projects', headers: none.auth });
    expect([empty.json(), empty.headers['x-total-count']]).toEqual([[], '0']);
  });
});
