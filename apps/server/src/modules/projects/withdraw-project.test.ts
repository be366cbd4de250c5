import { PROJECT_MESSAGES } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, contacts, projects } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: SignedIn | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who ? who.auth : {}, ...(payload ? { payload } : {}) });

/** What the New Project submit sends: the project, then a contact. */
async function submitted(owner: SignedIn, company_name = 'Mistake Foods'): Promise<number> {
  const res = await call('POST', '/projects', owner, { project: { company_name, project_stage: 'Project Initiation' } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().projectId as number;
  expect((await call('POST', `/projects/${id}/contacts`, owner, { contact: { contact_first_name: 'Cy', contact_last_name: 'Contact' } })).statusCode).toBe(201);
  return id;
}

const stillThere = async (id: number) => (await t.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))).length === 1;

describe('DELETE /api/projects/{id}: a member takes back a project made by mistake (issue 34 item 7)', () => {
  it('deletes the owner’s new project with its contacts, and audits it as the member', async () => {
    const owner = await t.signIn();
    const id = await submitted(owner);
    const res = await call('DELETE', `/projects/${id}`, owner);
    expect(res.statusCode, res.body).toBe(204);
    expect(await stillThere(id)).toBe(false);
    expect(await t.db.select().from(contacts).where(eq(contacts.project_id, id))).toEqual([]);
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'project'), eq(auditEntries.entity_id, id), eq(auditEntries.action, 'deleted')));
    expect(audit?.actor_id).toBe(owner.user.id);
    expect((await call('GET', `/projects/${id}`, owner)).statusCode).toBe(404);
  });

  it('answers 404 for another member’s project and 401 without a session, and deletes nothing', async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const id = await submitted(owner);
    expect((await call('DELETE', `/projects/${id}`, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/projects/${id}`, null)).statusCode).toBe(401);
    expect(await stillThere(id)).toBe(true);
  });

  it('refuses (422, saying what to do) once something hangs on the project: a deal, a later stage, or a day gone by', async () => {
    const owner = await t.signIn();
    const withDeal = await submitted(owner, 'Dealt');
    expect((await call('PUT', `/admin/projects/${withDeal}/deal`, admin, { contract_value_usd: 10_000, net_profit_usd: 1_000 })).statusCode).toBe(200);
    const moved = await submitted(owner, 'Moved');
    expect((await call('PUT', `/admin/projects/${moved}`, admin, { project: { project_stage: 'Presentation Ready' } })).statusCode).toBe(200);
    const old = await submitted(owner, 'Old');
    await t.db.update(projects).set({ created_at: new Date(Date.now() - 25 * 3_600_000) }).where(eq(projects.id, old));

    for (const id of [withDeal, moved, old]) {
      const res = await call('DELETE', `/projects/${id}`, owner);
      expect(res.statusCode, String(id)).toBe(422);
      expect(res.json().error).toMatchObject({ code: 'rule_broken', message: PROJECT_MESSAGES.withdrawRefused });
      expect(await stillThere(id)).toBe(true);
    }
  });
});
