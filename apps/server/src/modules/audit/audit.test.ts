import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, projects } from '../../db/schema/index.js';
import { PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { enrolMfa } from '../../test/mfa.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const call = (method: string, url: string, payload?: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

interface Entry {
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  entity_type: string;
  entity_id: number;
  changes: Record<string, { before: unknown; after: unknown }>;
}

async function trail(entityType: string, entityId: number): Promise<Entry[]> {
  const res = await call('GET', `/api/admin/audit?entity_type=${entityType}&entity_id=${entityId}&per_page=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function newProject(): Promise<number> {
  const { user } = await t.signIn({ first_name: 'Pat', last_name: 'Partner' });
  const res = await call('POST', '/api/admin/projects', { project: { user_id: user.id, company_name: 'Acme Foods', project_stage: 'Presentation Ready' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('the audit trail of admin writes', () => {
  it('records a user edit, with role and account type, each changed field before and after, by whom', async () => {
    const { user } = await t.signIn({ first_name: 'Jo', account_type: 'referral_partner', city: 'Austin' });
    const res = await call('PUT', `/api/admin/users/${user.id}`, { user: { account_type: 'enterprize_partner', company_role: 'sunin_pro', city: 'Austin', last_name: 'Rivera' } });
    expect(res.statusCode, res.body).toBe(200);
    const [entry, ...rest] = await trail('user', user.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ actor_id: admin.user.id, actor_name: 'Avery Admin', action: 'updated', entity_type: 'user', entity_id: user.id });
    expect(entry!.changes).toEqual({
      account_type: { before: 'referral_partner', after: 'enterprize_partner' },
      company_role: { before: null, after: 'sunin_pro' },
      last_name: { before: user.last_name, after: 'Rivera' },
    });
  });

  it('records ended sessions and a two-factor reset, never a secret', async () => {
    const member = await t.signIn({ password: 'Sturdy-Gazelle-Orbit-77' });
    await enrolMfa(t, member.auth, 'Sturdy-Gazelle-Orbit-77');
    expect((await call('DELETE', `/api/admin/users/${member.user.id}/mfa`, { current_password: admin.user.password })).statusCode).toBe(204);
    const again = await t.signIn();
    expect((await call('DELETE', `/api/admin/users/${again.user.id}/sessions`)).statusCode).toBe(200);
    expect(await trail('user', member.user.id)).toEqual([expect.objectContaining({ actor_id: admin.user.id, action: 'mfa_reset', changes: { mfa_enabled: { before: true, after: false } } })]);
    expect(await trail('user', again.user.id)).toEqual([expect.objectContaining({ actor_id: admin.user.id, action: 'sessions_ended', changes: { sessions_ended: { before: null, after: 1 } } })]);
    const all = JSON.stringify(await t.db.select({ changes: auditEntries.changes }).from(auditEntries));
    expect(all).not.toMatch(/password|mfa_secret|digest|storage_key/);
  });

  it('records a project creation, an edit, a stage change and a delete', async () => {
    const id = await newProject();
    await call('PUT', `/api/admin/projects/${id}`, { project: { city: 'Dallas' } });
    await call('PUT', `/api/admin/projects/${id}`, { project: { project_stage: 'Financing and Documentation' } });
    let entries = await trail('project', id);
    expect(entries.map((entry) => entry.action)).toEqual(['stage_changed', 'updated', 'created']);
    expect(entries[0]!.changes).toEqual({ project_stage: { before: 'Presentation Ready', after: 'Financing and Documentation' } });
    expect(entries[1]!.changes).toEqual({ city: { before: '', after: 'Dallas' } });
    expect(entries[2]!.changes.company_name).toEqual({ before: null, after: 'Acme Foods' });
    expect((await call('DELETE', `/api/admin/projects/${id}`)).statusCode).toBe(204);
    entries = await trail('project', id);
    expect(entries[0]).toMatchObject({ action: 'deleted', actor_id: admin.user.id });
    expect(entries[0]!.changes.company_name).toEqual({ before: 'Acme Foods', after: null });
  });

  it("records an admin's contacts, links and files under the project, and a member's own writes as theirs (issue 18)", async () => {
    const id = await newProject();
    const contact = (await call('POST', `/api/admin/projects/${id}/contacts`, { contact: { contact_first_name: 'Kim' } })).json();
    await call('PUT', `/api/admin/projects/${id}/contacts/${contact.id}`, { contact: { contact_title: 'CFO' } });
    await call('DELETE', `/api/admin/projects/${id}/contacts/${contact.id}`);
    const link = (await call('POST', `/api/admin/projects/${id}/project_links`, { project_link: { link_type: 'Utility', link_title: 'Portal', link_url: 'https://utility.example' } })).json();
    await call('PUT', `/api/admin/projects/${id}/project_links/${link.id}`, { project_link: { link_title: 'Utility portal' } });
    const body = multipartBody([{ field: 'file', filename: 'site.png', contentType: 'image/png', data: PNG_1PX }]);
    const photo = (await t.app.inject({ method: 'POST', url: `/api/admin/projects/${id}/images`, headers: { ...admin.auth, ...body.headers }, payload: body.payload })).json();
    await call('PUT', `/api/admin/projects/${id}/images/${photo.id}`, { image: { name: 'roof.png' } });
    await call('DELETE', `/api/admin/projects/${id}/images/${photo.id}`, {});

    const entries = (await trail('project', id)).reverse();
    expect(entries.map((entry) => entry.action)).toEqual(['created', 'contact_created', 'contact_updated', 'contact_deleted', 'link_created', 'link_updated', 'photo_uploaded', 'photo_renamed', 'photo_deleted']);
    expect(entries.every((entry) => entry.actor_id === admin.user.id)).toBe(true);
    expect(entries[1]!.changes).toMatchObject({ record_id: { before: null, after: contact.id }, contact_first_name: { before: null, after: 'Kim' } });
    expect(entries[2]!.changes).toEqual({ record_id: { before: contact.id, after: contact.id }, contact_title: { before: '', after: 'CFO' } });
    expect(entries[3]!.changes).toMatchObject({ record_id: { before: contact.id, after: null }, contact_first_name: { before: 'Kim', after: null } });
    expect(entries[5]!.changes).toEqual({ record_id: { before: link.id, after: link.id }, link_title: { before: 'Portal', after: 'Utility portal' } });
    expect(entries[7]!.changes).toEqual({ record_id: { before: photo.id, after: photo.id }, name: { before: 'site.png', after: 'roof.png' } });

    const member = await t.signIn();
    const own = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Mine' } } });
    const ownId = own.json().projectId as number;
    await t.app.inject({ method: 'POST', url: `/api/projects/${ownId}/contacts`, headers: member.auth, payload: { contact: { contact_first_name: 'Lee' } } });
    // One table of events (DESIGN.md "Events"): the member's writes are the project's timeline too.
    expect((await trail('project', ownId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['contact_created', member.user.id],
      ['created', member.user.id],
    ]);
  });

  it('records a proposal ticket update with its status before and after', async () => {
    const member = await t.signIn();
    const own = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Acme', address_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } } });
    const projectId = own.json().projectId as number;
    const ticket = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/proposal_tickets`,
      headers: member.auth,
      payload: { proposal_ticket: { project_id: projectId, title: 'Proposal Management Ticket', details: 'Quote', company_name: 'Acme', company_address: '1 Main St', status: 1 } },
    });
    const ticketId = ticket.json().id as number;
    const res = await call('PUT', `/api/admin/proposal_tickets/${ticketId}`, { proposal_ticket: { status: 2, engineer_name: 'Jamie Volt', admin_notes: 'On it' } });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = await trail('proposal_ticket', ticketId);
    expect(entry).toMatchObject({ actor_id: admin.user.id, action: 'updated' });
    expect(entry!.changes).toMatchObject({ status: { before: 1, after: 2 }, engineer_name: { after: 'Jamie Volt' }, admin_notes: { after: 'On it' } });
    // The project's trail includes its proposal ticket's entries (the project detail's Activity).
    expect(await trail('project', projectId)).toEqual([
      expect.objectContaining({ entity_type: 'proposal_ticket', entity_id: ticketId, action: 'updated' }),
      expect.objectContaining({ entity_type: 'proposal_ticket', entity_id: ticketId, action: 'requested', actor_id: member.user.id }),
      expect.objectContaining({ entity_type: 'project', action: 'created', actor_id: member.user.id }),
    ]);
    const other = await newProject();
    expect(await trail('project', other)).toEqual([expect.objectContaining({ entity_type: 'project', action: 'created' })]);
  });

  it('records an admin creating a user, with every field but the password', async () => {
    const res = await call('POST', '/api/admin/users', {
      user: { email: 'new.partner@example.com', user_name: 'newpartner', first_name: 'Nia', last_name: 'Novak', account_type: 'sales_partner', password: 'Sturdy-Gazelle-Orbit-77' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as number;
    const [entry, ...rest] = await trail('user', id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ actor_id: admin.user.id, action: 'created', entity_type: 'user', entity_id: id });
    expect(entry!.changes).toMatchObject({ first_name: { before: null, after: 'Nia' }, last_name: { before: null, after: 'Novak' }, account_type: { before: null, after: 'sales_partner' } });
    expect(JSON.stringify(entry!.changes)).not.toMatch(/password|digest|Sturdy/);
  });

  it("records an admin's account writes under the member who holds the account", async () => {
    const { user } = await t.signIn({ first_name: 'Ola' });
    const created = await call('POST', '/api/admin/accounts', { account: { user_id: user.id, company_name: 'Acme Solar', address: '1 Main St' } });
    expect(created.statusCode, created.body).toBe(201);
    const accountId = created.json().id as number;
    expect((await call('PUT', `/api/admin/accounts/${accountId}`, { account: { company_name: 'Acme Solar Co', address: '1 Main St' } })).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/accounts/${accountId}`, { account: { address: '1 Main St' } })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/accounts/${accountId}`)).statusCode).toBe(204);

    const entries = (await trail('user', user.id)).reverse();
    expect(entries.map((entry) => entry.action)).toEqual(['account_created', 'account_updated', 'account_deleted']);
    expect(entries.every((entry) => entry.actor_id === admin.user.id && entry.entity_type === 'user')).toBe(true);
    expect(entries[0]!.changes).toEqual({ record_id: { before: null, after: accountId }, company_name: { before: null, after: 'Acme Solar' }, address: { before: null, after: '1 Main St' } });
    expect(entries[1]!.changes).toEqual({ record_id: { before: accountId, after: accountId }, company_name: { before: 'Acme Solar', after: 'Acme Solar Co' } });
    expect(entries[2]!.changes).toEqual({ record_id: { before: accountId, after: null }, company_name: { before: 'Acme Solar Co', after: null }, address: { before: '1 Main St', after: null } });
  });

  it('writes no account entry when the account write fails', async () => {
    const { user } = await t.signIn();
    const first = await call('POST', '/api/admin/accounts', { account: { user_id: user.id, company_name: 'Twice' } });
    expect(first.statusCode).toBe(201);
    expect((await call('POST', '/api/admin/accounts', { account: { user_id: user.id, company_name: 'Twice' } })).statusCode).toBe(409);
    expect((await call('DELETE', '/api/admin/accounts/2147483647')).statusCode).toBe(404);
    expect((await trail('user', user.id)).map((entry) => entry.action)).toEqual(['account_created']);
  });

  it('writes the entry in the same transaction: a write that fails leaves no entry, and a failed entry undoes the write', async () => {
    const { user } = await t.signIn({ first_name: 'Sam', city: 'Austin' });
    // The write fails after its entry was written: the notification of its owner cannot be stored.
    const id = await newProject();
    const [project] = await t.db.select({ user_id: projects.user_id }).from(projects).where(eq(projects.id, id));
    await t.db.execute(sql.raw(`alter table notifications add constraint audit_test_no_notice check (user_id <> ${project!.user_id})`));
    const failed = await call('PUT', `/api/admin/projects/${id}`, { project: { project_stage: 'Financing and Documentation' } });
    await t.db.execute(sql`alter table notifications drop constraint audit_test_no_notice`);
    expect(failed.statusCode).toBe(500);
    expect((await trail('project', id)).map((entry) => entry.action)).toEqual(['created']);

    // The entry cannot be written: the user's edit is undone with it.
    await t.db.execute(sql.raw(`alter table audit_entries add constraint audit_test_refuse check (entity_id <> ${user.id} or entity_type <> 'user')`));
    const refused = await call('PUT', `/api/admin/users/${user.id}`, { user: { city: 'Dallas' } });
    await t.db.execute(sql`alter table audit_entries drop constraint audit_test_refuse`);
    expect(refused.statusCode).toBe(500);
    expect((await call('GET', `/api/admin/users/${user.id}`)).json().city).toBe('Austin');
    expect(await trail('user', user.id)).toEqual([]);
  });

  it('lists newest first, filters by entity and actor, pages with X-Total-Count, and refuses a bad query', async () => {
    const other = await t.signIn({ first_name: 'Blair', last_name: 'Boss', account_type: 'admin', company_role: 'full_access_admin' });
    const { user } = await t.signIn();
    for (const city of ['A', 'B', 'C']) await call('PUT', `/api/admin/users/${user.id}`, { user: { city } });
    await call('PUT', `/api/admin/users/${user.id}`, { user: { city: 'D' } }, other.auth);

    const page1 = await call('GET', `/api/admin/audit?entity_type=user&entity_id=${user.id}&per_page=3`);
    expect(page1.headers['x-total-count']).toBe('4');
    expect(page1.json().map((entry: Entry) => entry.changes.city!.after)).toEqual(['D', 'C', 'B']);
    expect(page1.json()[0]).toMatchObject({ actor_id: other.user.id, actor_name: 'Blair Boss' });
    const page2 = await call('GET', `/api/admin/audit?entity_type=user&entity_id=${user.id}&per_page=3&page=2`);
    expect(page2.json().map((entry: Entry) => entry.changes.city!.after)).toEqual(['A']);

    const byActor = await call('GET', `/api/admin/audit?actor_id=${other.user.id}`);
    expect(byActor.json()).toHaveLength(1);
    expect(byActor.headers['x-total-count']).toBe('1');

    for (const query of ['entity_type=account', 'entity_id=abc', 'actor_id=-1', 'per_page=500']) {
      const bad = await call('GET', `/api/admin/audit?${query}`);
      expect(bad.statusCode, query).toBe(422);
    }
    const member = await t.signIn();
    expect((await call('GET', '/api/admin/audit', undefined, member.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode).toBe(401);
  });
});
