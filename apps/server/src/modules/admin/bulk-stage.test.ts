import { ADMIN_BULK_STAGE_MAX } from '@sunin/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, notifications, projects } from '../../db/schema/index.js';
import type { BusMessage } from '../../lib/bus.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const URL = '/api/admin/projects/stage_changes';
const post = (payload: unknown, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'POST', url: URL, headers, payload: payload as object });

async function newProject(ownerId: number, company_name: string, project_stage = 'Project Initiation'): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { user_id: ownerId, company_name, project_stage } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const stageOf = async (id: number) => (await t.db.select({ stage: projects.project_stage }).from(projects).where(eq(projects.id, id)))[0]?.stage;
const entriesOf = (ids: number[]) => t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'project'), inArray(auditEntries.entity_id, ids), eq(auditEntries.action, 'stage_changed')));
const notesOf = (userId: number) => t.db.select().from(notifications).where(eq(notifications.user_id, userId));

describe('POST /api/admin/projects/stage_changes (issue 15 item 6)', () => {
  it('changes each project, leaves the ones already at the stage, reports a missing one, and publishes admin_changed once', async () => {
    const { user: ann } = await t.signIn({ first_name: 'Ann' });
    const { user: bob } = await t.signIn({ first_name: 'Bob' });
    const a1 = await newProject(ann.id, 'Ann One');
    const a2 = await newProject(ann.id, 'Ann Two', 'Presentation Ready');
    const b1 = await newProject(bob.id, 'Bob One', 'Financing and Documentation');
    const stay = await newProject(bob.id, 'Bob Stays', 'Site Survey and Finalization');
    const missing = 2_000_000_000;
    const published: BusMessage[] = [];
    const stop = t.app.ctx.bus.onMessage((message) => published.push(message));

    const res = await post({ project_ids: [a1, a2, b1, stay, missing, a1], project_stage: 'Site Survey and Finalization' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      changed: [
        { id: a1, company_name: 'Ann One', from: 'Project Initiation', to: 'Site Survey and Finalization' },
        { id: a2, company_name: 'Ann Two', from: 'Presentation Ready', to: 'Site Survey and Finalization' },
        { id: b1, company_name: 'Bob One', from: 'Financing and Documentation', to: 'Site Survey and Finalization' },
      ],
      unchanged: [{ id: stay, company_name: 'Bob Stays' }],
      failed: [{ id: missing, message: 'Project not found.' }],
    });
    for (const id of [a1, a2, b1, stay]) expect(await stageOf(id)).toBe('Site Survey and Finalization');

    // One audit entry per changed project (the repeated id counts once), by this admin; none for the unchanged one.
    const entries = await entriesOf([a1, a2, b1, stay]);
    expect(entries.map((entry) => entry.entity_id).sort()).toEqual([a1, a2, b1].sort());
    expect(entries.find((entry) => entry.entity_id === a2)).toMatchObject({ actor_id: admin.user.id, changes: { project_stage: { before: 'Presentation Ready', after: 'Site Survey and Finalization' } } });
    // Each owner is told once per changed project, like a single stage change.
    expect((await notesOf(ann.id)).map((note) => note.message).sort()).toEqual(['Ann One is now at Site Survey and Finalization.', 'Ann Two is now at Site Survey and Finalization.']);
    expect((await notesOf(bob.id)).map((note) => [note.project_id, note.title])).toEqual([[b1, 'Project stage updated']]);

    // Other admin tabs refresh once for the whole batch.
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop();
    // Only this route's: with Redis, the setup's own admin writes (creating the projects) may
    // arrive after the listener started.
    const adminChanged = published.filter((message) => 'admins' in message && (message.event.payload as { path?: string }).path === URL);
    expect(adminChanged).toEqual([{ admins: true, event: { type: 'admin_changed', payload: { path: URL } } }]);
  });

  it('rolls back only the project whose change fails; the others still change', async () => {
    const { user: owner } = await t.signIn({ first_name: 'Fay' });
    const ok = await newProject(owner.id, 'Fine Co');
    const broken = await newProject(owner.id, 'Broken Co');
    // The database refuses one project's update, as a constraint or a lost connection would.
    await t.db.execute(sql.raw(`create function refuse_bulk_test() returns trigger language plpgsql as $$ begin raise exception 'refused in test'; end $$`));
    await t.db.execute(sql.raw(`create trigger refuse_bulk_test before update on projects for each row when (old.id = ${broken}) execute function refuse_bulk_test()`));
    try {
      const res = await post({ project_ids: [broken, ok], project_stage: 'Archived' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        changed: [{ id: ok, company_name: 'Fine Co', from: 'Project Initiation', to: 'Archived' }],
        unchanged: [],
        failed: [{ id: broken, message: 'The stage could not be changed. Try again.' }],
      });
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_bulk_test on projects'));
      await t.db.execute(sql.raw('drop function refuse_bulk_test()'));
    }
    expect(await stageOf(broken)).toBe('Project Initiation');
    expect(await entriesOf([broken])).toEqual([]);
    expect((await notesOf(owner.id)).map((note) => note.project_id)).toEqual([ok]);
  });

  it('refuses an empty list, too many ids, an unknown stage and unknown keys with 422, changing nothing', async () => {
    const { user: owner } = await t.signIn();
    const id = await newProject(owner.id, 'Valid Co');
    const cases: Array<[unknown, string]> = [
      [{ project_ids: [], project_stage: 'Archived' }, 'Select at least one project.'],
      [{ project_ids: Array.from({ length: ADMIN_BULK_STAGE_MAX + 1 }, (_, index) => index + 1), project_stage: 'Archived' }, `Select at most ${ADMIN_BULK_STAGE_MAX} projects at a time.`],
      [{ project_ids: [id], project_stage: 'Done' }, 'stage must be one of:'],
      [{ project_ids: [id] }, 'project_stage'],
      [{ project_ids: ['x'], project_stage: 'Archived' }, 'project_ids must be numbers.'],
      [{ project_ids: [id], project_stage: 'Archived', notify: false }, 'Unknown field: notify.'],
    ];
    for (const [payload, message] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.body, JSON.stringify(payload)).toContain(message);
    }
    expect(await stageOf(id)).toBe('Project Initiation');
  });

  it('is for full access administrators only', async () => {
    const { user: owner } = await t.signIn();
    const id = await newProject(owner.id, 'Guarded Co');
    const engineer = await t.signIn({ company_role: 'project_engineer' });
    const body = { project_ids: [id], project_stage: 'Archived' };
    expect((await post(body, {})).statusCode).toBe(401);
    expect((await post(body, engineer.auth)).statusCode).toBe(403);
    // A download cookie is not enough for a write.
    expect((await post(body, { cookie: `authorization=${admin.token}` })).statusCode).toBe(401);
    expect(await stageOf(id)).toBe('Project Initiation');
  });
});
