import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, projectStageChanges } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';


/** A project's history as stored, oldest first. */
const stageHistory = (db: TestApp['db'], projectId: number) =>
  db.select().from(projectStageChanges).where(eq(projectStageChanges.project_id, projectId)).orderBy(projectStageChanges.changed_at, projectStageChanges.id);

let t: TestApp;
let admin: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
});
afterAll(async () => t?.close());

describe('project stage history (issue 17 item 1)', () => {
  it('stores the creation and every stage change with who made it, and nothing for an edit that keeps the stage', async () => {
    const member = await t.signIn({ first_name: 'Hana' });
    const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Harbor Cold Storage' } } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().projectId as number;
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/api/admin/projects/${id}`, headers: admin.auth, payload: { project: payload } });
    const first = await put({ project_stage: 'Presentation Ready' });
    expect(first.statusCode, first.body).toBe(200);
    const edit = await put({ roof_description: 'Flat, new membrane' });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await put({ project_stage: 'Archived' })).statusCode).toBe(200);
    // A member cannot move the stage, so nothing is stored for the refused attempt.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: member.auth, payload: { project: { project_stage: 'Project Completion' } } })).statusCode).toBe(403);

    const history = await stageHistory(t.db, id);
    expect(history.map((row) => [row.from_stage, row.to_stage, row.changed_by])).toEqual([
      [null, 'Project Initiation', member.user.id],
      ['Project Initiation', 'Presentation Ready', admin.user.id],
      ['Presentation Ready', 'Archived', admin.user.id],
    ]);
    // Each stay ends when the next begins; the current one is open.
    expect(history.map((row) => row.left_at?.getTime() ?? null)).toEqual([history[1]!.changed_at.getTime(), history[2]!.changed_at.getTime(), null]);
    const [project] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(history[0]!.changed_at.getTime()).toBe(project!.created_at.getTime());
    // The project answers it, on its own and in lists, for the member and the admin.
    const own = await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: member.auth });
    expect(own.json().stage_entered_at).toBe(history[2]!.changed_at.toISOString());
    const listed = await t.app.inject({ method: 'GET', url: `/api/admin/projects?q=Harbor%20Cold`, headers: admin.auth });
    expect(listed.json().find((row: { id: number }) => row.id === id)?.stage_entered_at).toBe(history[2]!.changed_at.toISOString());
  });

  it('records a bulk stage change like a single one, and an admin-created project at its starting stage', async () => {
    const owner = await t.signIn();
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { user_id: owner.user.id, company_name: 'Dockside', project_stage: 'Financing and Documentation' } } });
    const id = created.json().id as number;
    const bulk = await t.app.inject({ method: 'POST', url: '/api/admin/projects/stage_changes', headers: admin.auth, payload: { project_ids: [id], project_stage: 'Project Completion' } });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect((await stageHistory(t.db, id)).map((row) => [row.from_stage, row.to_stage])).toEqual([
      [null, 'Financing and Documentation'],
      ['Financing and Documentation', 'Project Completion'],
    ]);
  });
});
