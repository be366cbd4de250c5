import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEntries, mailOutbox, notificationPreferences, notifications, projects, projectStageChanges } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { auditedFields, diff } from '../audit/audit.service.js';
import { readProjectForWrite, writeProjectUpdate } from './project-writes.js';
import { updateProject } from './projects.service.js';

/**
 * Issue 19 item 3: most project writes are one statement (project-writes.ts), the rest take the
 * transactional path (projects.service.ts applyUpdate). Both must leave the same rows.
 */
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const call = (method: 'POST' | 'PUT', url: string, who: SignedIn, payload: object) => t.app.inject({ method, url: `/api${url}`, headers: who.auth, payload });

async function newProject(owner: SignedIn, company_name: string, project_stage = 'Financing and Documentation'): Promise<number> {
  const res = await call('POST', '/admin/projects', admin, { project: { user_id: owner.user.id, company_name, project_stage } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Whether the project's stage_entered_at is its newest stage change's time, as both paths must leave it (migration 0015). */
async function enteredAtNewestChange(projectId: number): Promise<boolean> {
  const [project] = await t.db.select({ at: projects.stage_entered_at }).from(projects).where(eq(projects.id, projectId));
  const [newest] = await t.db.select({ at: projectStageChanges.changed_at }).from(projectStageChanges).where(eq(projectStageChanges.project_id, projectId)).orderBy(desc(projectStageChanges.changed_at)).limit(1);
  return project?.at !== null && project?.at?.getTime() === newest?.at.getTime();
}

/** What a stage change left for a project, without its ids and times. */
async function stageChangeRows(projectId: number) {
  const [note] = await t.db.select().from(notifications).where(and(eq(notifications.project_id, projectId), eq(notifications.title, 'Project stage updated')));
  const mail = note
    ? (await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'Project stage updated'))).filter((row) => (row.template_data as { project_id?: number }).project_id === projectId)
    : [];
  const history = await t.db.select().from(projectStageChanges).where(eq(projectStageChanges.project_id, projectId)).orderBy(projectStageChanges.id);
  const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, projectId), eq(auditEntries.action, 'stage_changed')));
  return {
    notification: note && { user_id: note.user_id, kind: note.kind, title: note.title, message: note.message, read: note.read },
    mail: mail.map((row) => ({ to: row.to_address, template: row.template, text: row.text_body, data: { ...(row.template_data as object), project_id: 'the project' } })),
    history: history.map((row) => ({ from: row.from_stage, to: row.to_stage, by: row.changed_by, closed: row.left_at !== null })),
    audit: audit && { actor_id: audit.actor_id, changes: audit.changes },
    enteredAtNewestChange: await enteredAtNewestChange(projectId),
  };
}

describe('project writes in one statement (issue 19 item 3)', () => {
  it.each([
    ['a verified owner (email on by default)', { email_verified_at: new Date() }, undefined],
    ['an owner who turned stage emails off', { email_verified_at: new Date() }, false],
    ['an owner who turned them on explicitly', { email_verified_at: new Date() }, true],
    ['an unverified owner', { email_verified_at: null }, undefined],
    ['an administrator owner', { email_verified_at: new Date(), account_type: 'admin', company_role: 'full_access_admin' }, undefined],
  ] as const)('a stage change leaves the same rows by either path, for %s', async (_label, overrides, emailChoice) => {
    const owner = await t.signIn({ first_name: 'Hana', ...overrides });
    if (emailChoice !== undefined) await t.db.insert(notificationPreferences).values({ user_id: owner.user.id, event_type: 'stage_changes', email: emailChoice });
    const single = await newProject(owner, 'Harbor Cold Storage');
    // A deal entry that the stage approves sends its project down the transactional path.
    const transactional = await newProject(owner, 'Harbor Cold Storage');
    expect((await call('PUT', `/admin/projects/${transactional}/deal`, admin, { contract_value_usd: 100_000, net_profit_usd: 10_000 })).statusCode).toBe(200);

    const answers = [];
    for (const id of [single, transactional]) {
      const res = await call('PUT', `/admin/projects/${id}`, admin, { project: { project_stage: 'Project Completion' } });
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json());
    }
    const [one, other] = await Promise.all([stageChangeRows(single), stageChangeRows(transactional)]);
    expect(one).toEqual(other);
    expect(one.notification).toEqual({ user_id: owner.user.id, kind: 'stage_changes', title: 'Project stage updated', message: 'Harbor Cold Storage is now at Project Completion.', read: false });
    expect(one.mail).toHaveLength(overrides.email_verified_at && emailChoice !== false ? 1 : 0);
    expect(one.history).toEqual([
      { from: null, to: 'Financing and Documentation', by: admin.user.id, closed: true },
      { from: 'Financing and Documentation', to: 'Project Completion', by: admin.user.id, closed: false },
    ]);
    expect(one.audit).toEqual({ actor_id: admin.user.id, changes: { project_stage: { before: 'Financing and Documentation', after: 'Project Completion' } } });
    expect(one.enteredAtNewestChange).toBe(true);
    // The answers agree too, but for the project's own id and times.
    const comparable = ({ id: _id, updated_at: _updated, stage_entered_at, created_at: _created, ...rest }: Record<string, unknown>) => ({ ...rest, entered: typeof stage_entered_at });
    expect(comparable(answers[0])).toEqual(comparable(answers[1]));
    expect(answers[0].stage_entered_at).toBe(answers[0].updated_at);
  });

  it('writes nothing from a read the project has moved on from, and the write reads it again', async () => {
    const owner = await t.signIn();
    const id = await newProject(owner, 'Quarry Works', 'Project Initiation');
    const scope = { user: admin.user, admin: true };
    const stale = await readProjectForWrite(t.app.ctx, scope, id);
    const edited = await updateProject(t.app.ctx, scope, id, { roof_description: 'Standing seam' });
    // A write that keeps the stage keeps the stay.
    expect(edited.project.stage_entered_at).toEqual(stale.project.stage_entered_at);
    expect(await enteredAtNewestChange(id)).toBe(true);

    expect(await writeProjectUpdate(t.app.ctx, scope, stale, { project_stage: 'Presentation Ready' })).toBeUndefined();
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(row).toMatchObject({ project_stage: 'Project Initiation', roof_description: 'Standing seam' });
    expect(await t.db.select().from(projectStageChanges).where(eq(projectStageChanges.project_id, id))).toHaveLength(1);

    const answer = await updateProject(t.app.ctx, scope, id, { project_stage: 'Presentation Ready' });
    expect(answer.project).toMatchObject({ project_stage: 'Presentation Ready', roof_description: 'Standing seam', stage_entered_at: answer.project.updated_at });
    expect(await enteredAtNewestChange(id)).toBe(true);
    const audit = await t.db.select().from(auditEntries).where(eq(auditEntries.entity_id, id)).orderBy(desc(auditEntries.id));
    expect(audit.map((entry) => entry.changes)).toEqual([
      { project_stage: { before: 'Project Initiation', after: 'Presentation Ready' } },
      { roof_description: { before: '', after: 'Standing seam' } },
      expect.objectContaining({ company_name: { before: null, after: 'Quarry Works' } }),
    ]);
  });

  it.each([
    ['a bare project', {}],
    ['a full project', { company_name: 'Sunny Farms', industry: 'Agriculture', address_1: '1 Field Road', city: 'Fresno', state: 'CA', zip: '93721', shade_interference: 'No', type_of_roof: 'Flat Roof', age_of_roof: '0-5 Years', average_monthly_power_bill_cost: '2400.50', kilowatt_amounts: [[100, 200, null, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200]], tax_exempt: true }],
  ])('audits a new project with every field it was stored with: %s', async (_label, project) => {
    const member = await t.signIn();
    const res = await call('POST', '/projects', member, { project });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().projectId as number;
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    const [entry] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, id), eq(auditEntries.action, 'created')));
    expect(entry).toMatchObject({ actor_id: member.user.id, entity_type: 'project', changes: diff(null, row!, auditedFields(row!)) });
    expect(entry!.changes).not.toHaveProperty('stage_entered_at');
    expect(row!.stage_entered_at).toEqual(row!.created_at);
    expect(await enteredAtNewestChange(id)).toBe(true);
  });

  it('gives concurrent new projects of one company name one account', async () => {
    const member = await t.signIn();
    const names = ['Tidewater Mills', 'TIDEWATER MILLS', 'tidewater mills', 'Tidewater Mills', 'Tidewater mills', 'TideWater Mills'];
    const created = await Promise.all(names.map((company_name) => call('POST', '/projects', member, { project: { company_name } })));
    expect(created.map((res) => res.statusCode)).toEqual(names.map(() => 201));
    const rows = await t.db.select({ account_id: projects.account_id }).from(projects).where(eq(projects.user_id, member.user.id));
    const owned = await t.db.select().from(accounts).where(eq(accounts.user_id, member.user.id));
    expect(owned).toHaveLength(1);
    expect(rows.map((row) => row.account_id)).toEqual(names.map(() => owned[0]!.id));
  });
});
