import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, notifications, projects, storedFiles } from '../../db/schema/index.js';
import { PNG_1PX, multipartBody } from '../../test/fixtures.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const call = (method: string, url: string, headers: Record<string, string> = admin.auth, payload?: unknown) =>
  t.app.inject({ method: method as 'GET', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

// 401 and 403 on every admin route: the authorization matrix in src/security/authorization.test.ts.

describe('admin users', () => {
  it('lists users by first name, filters by role, pages by 8', async () => {
    await t.signIn({ first_name: 'Zed' });
    await t.signIn({ first_name: 'aaron' });
    await t.signIn({ first_name: 'Mia', company_role: 'project_manager' });
    const res = await call('GET', '/api/admin/users?per_page=100');
    const names = res.json().map((u: { first_name: string }) => u.first_name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(res.json()[0]).toHaveProperty('stripe_customer_id');
    const paged = await call('GET', '/api/admin/users');
    expect(paged.json()).toHaveLength(Math.min(8, Number(paged.headers['x-total-count'])));
    const managers = await call('GET', '/api/admin/users?company_role=project_manager');
    expect(managers.json().map((u: { first_name: string }) => u.first_name)).toEqual(['Mia']);
    expect((await call('GET', '/api/admin/users?company_role=wizard')).statusCode).toBe(422);
  });

  it('searches, filters and sorts users in SQL; the total is the filtered total (issue 15 item 2)', async () => {
    const { user: quill } = await t.signIn({ first_name: 'Quillon', last_name: 'Percent_Man', phone_number: '5551239876', account_type: 'referral_partner', subscription_status: 'active' });
    await t.signIn({ first_name: 'Quillette', account_type: 'enterprize_partner', subscription_status: 'canceled' });
    const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((u) => u.id);
    const byName = await call('GET', '/api/admin/users?q=QUILLON&per_page=100');
    expect(ids(byName)).toEqual([quill.id]);
    expect(byName.headers['x-total-count']).toBe('1');
    expect(ids(await call('GET', `/api/admin/users?q=${encodeURIComponent(quill.email.toUpperCase())}`))).toEqual([quill.id]);
    expect(ids(await call('GET', `/api/admin/users?q=${quill.user_name}`))).toEqual([quill.id]);
    expect(ids(await call('GET', '/api/admin/users?q=1239876'))).toEqual([quill.id]);
    expect(ids(await call('GET', '/api/admin/users?q=Quillon%20Percent'))).toEqual([quill.id]);
    // LIKE wildcards are literal: "_" matches only an underscore, "%" matches nothing here.
    expect(ids(await call('GET', '/api/admin/users?q=t_m'))).toEqual([quill.id]);
    expect((await call('GET', '/api/admin/users?q=%25')).headers['x-total-count']).toBe('0');
    const quills = await call('GET', '/api/admin/users?q=quill&account_type=enterprize_partner');
    expect(quills.json().map((u: { first_name: string }) => u.first_name)).toEqual(['Quillette']);
    expect(quills.headers['x-total-count']).toBe('1');
    expect(ids(await call('GET', '/api/admin/users?q=quill&subscription_status=active'))).toEqual([quill.id]);
    const total = Number((await call('GET', '/api/admin/users')).headers['x-total-count']);
    expect(Number((await call('GET', '/api/admin/users?q=%20%20')).headers['x-total-count'])).toBe(total);

    const firstNames = (await call('GET', '/api/admin/users?sort=-first_name&per_page=100')).json().map((u: { first_name: string }) => u.first_name.toLowerCase());
    expect(firstNames).toEqual([...firstNames].sort().reverse());
    const created = (await call('GET', '/api/admin/users?sort=-created_at&per_page=100')).json().map((u: { created_at: string }) => u.created_at);
    expect(created).toEqual([...created].sort().reverse());
    const emails = (await call('GET', '/api/admin/users?sort=email&per_page=100')).json().map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());

    const badSort = await call('GET', '/api/admin/users?sort=password_digest');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.body).toContain('sort must be one of: first_name, -first_name');
    for (const bad of ['account_type=emperor', 'subscription_status=maybe', `q=${'x'.repeat(201)}`, 'sort=', 'sort=--first_name']) {
      expect((await call('GET', `/api/admin/users?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it("updates a user's profile, account type, company role and referrer", async () => {
    const { user } = await t.signIn({ account_type: 'referral_partner' });
    const res = await call('PUT', `/api/admin/users/${user.id}`, admin.auth, {
      user: { first_name: 'jo', account_type: 'enterprize_partner', company_role: 'sunin_pro', referrer_name: 'dana', city: 'el paso' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Jo', account_type: 'enterprize_partner', company_role: 'sunin_pro', referrer_name: 'Dana', city: 'El Paso' });
    const cleared = await call('PUT', `/api/admin/users/${user.id}`, admin.auth, { user: { company_role: '' } });
    expect(cleared.json().company_role).toBeNull();
    expect((await call('PUT', `/api/admin/users/${user.id}`, admin.auth, { user: { account_type: 'emperor' } })).statusCode).toBe(422);
    expect((await call('PUT', `/api/admin/users/${user.id}`, admin.auth, { user: { email: admin.user.email }, current_password: admin.user.password })).statusCode).toBe(409);
    expect((await call('PUT', '/api/admin/users/999999', admin.auth, { user: { first_name: 'x' } })).statusCode).toBe(404);
  });

  it('creates a user who can log in', async () => {
    const res = await call('POST', '/api/admin/users', admin.auth, {
      user: { email: 'New.Engineer@Example.com', user_name: 'neweng', first_name: 'New', last_name: 'Engineer', account_type: 'administrative_partner', company_role: 'project_engineer', password: 'Sturdy-Gazelle-Orbit-77' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: 'new.engineer@example.com', company_role: 'project_engineer' });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { user: { email: 'new.engineer@example.com', password: 'Sturdy-Gazelle-Orbit-77' } } });
    expect(login.statusCode).toBe(200);
    expect((await call('POST', '/api/admin/users', admin.auth, { user: { email: 'x@example.com' } })).statusCode).toBe(422);
  });
});

describe('admin projects, stages, accounts and referrals', () => {
  async function memberProject(overrides: Record<string, unknown> = {}, accountType: 'referral_partner' | 'sales_partner' = 'referral_partner') {
    const member = await t.signIn({ account_type: accountType, subscription_status: accountType === 'sales_partner' ? 'active' : null });
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Bright Dairy', city: 'Boise', state: 'ID', ...overrides } } });
    return { member, projectId: res.json().projectId as number };
  }

  it('sets any stage directly and notifies the owner', async () => {
    const { member, projectId } = await memberProject();
    const res = await call('PUT', `/api/admin/projects/${projectId}`, admin.auth, { project: { project_stage: 'Site Survey and Finalization' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ project_stage: 'Site Survey and Finalization', owner_name: `${member.user.first_name} ${member.user.last_name}` });
    const [note] = await t.db.select().from(notifications).where(eq(notifications.user_id, member.user.id));
    // Its subject is the project (issue 14 item 8), in the member's API too.
    expect(note).toMatchObject({ title: 'Project stage updated', message: 'Bright Dairy is now at Site Survey and Finalization.', project_id: projectId, proposal_ticket_id: null });
    const listed = await t.app.inject({ method: 'GET', url: `/api/users/${member.user.id}/notifications`, headers: member.auth });
    expect(listed.json()[0]).toMatchObject({ id: note!.id, project_id: projectId, proposal_ticket_id: null });
    expect((await call('PUT', `/api/admin/projects/${projectId}`, admin.auth, { project: { project_stage: 'Done' } })).statusCode).toBe(422);
    const back = await call('PUT', `/api/admin/projects/${projectId}`, admin.auth, { project: { project_stage: 'Project Initiation' } });
    expect(back.json().project_stage).toBe('Project Initiation');
  });

  it("notifies the owner of nothing else an admin edits: site and utility info, contacts, links, photos (issue 15 item 5)", async () => {
    const { member, projectId } = await memberProject();
    const base = `/api/admin/projects/${projectId}`;
    const ok = (res: { statusCode: number }, status = 200) => expect(res.statusCode).toBe(status);
    ok(await call('PUT', base, admin.auth, { project: { company_name: 'Bright Dairy West', roof_description: 'Flat, membrane' } }));
    ok(await call('PUT', base, admin.auth, { project: { utility_company: 'Idaho Power', power_bill_received_status: 'No' } }));
    // The unchanged stage, as a whole-form save may send it, is no stage change.
    ok(await call('PUT', base, admin.auth, { project: { project_stage: 'Project Initiation', city: 'Nampa' } }));
    const contact = await call('POST', `${base}/contacts`, admin.auth, { contact: { contact_first_name: 'Kim' } });
    ok(contact, 201);
    ok(await call('PUT', `${base}/contacts/${contact.json().id}`, admin.auth, { contact: { contact_title: 'CFO' } }));
    ok(await call('DELETE', `${base}/contacts/${contact.json().id}`), 204);
    const link = await call('POST', `${base}/project_links`, admin.auth, { project_link: { link_type: 'Utility', link_title: 'Portal', link_url: 'https://utility.example' } });
    ok(link, 201);
    ok(await call('DELETE', `${base}/project_links/${link.json().id}`), 204);
    const body = multipartBody([{ field: 'file', filename: 'roof.png', contentType: 'image/png', data: PNG_1PX }]);
    const photo = await t.app.inject({ method: 'POST', url: `${base}/images`, headers: { ...admin.auth, ...body.headers }, payload: body.payload });
    ok(photo, 201);
    ok(await call('DELETE', `${base}/images/${photo.json().id}`, admin.auth, { source: 'active_storage' }), 204);

    // The member sees the admin's edits in their own API, and no notification about them.
    const mine = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: member.auth });
    expect(mine.json()).toMatchObject({ company_name: 'Bright Dairy West', utility_company: 'Idaho Power', city: 'Nampa', project_stage: 'Project Initiation' });
    expect(await t.db.select().from(notifications).where(eq(notifications.user_id, member.user.id))).toHaveLength(0);

    // What the owner sees change, the stage, is told once.
    ok(await call('PUT', base, admin.auth, { project: { project_stage: 'Presentation Ready' } }));
    const notes = await t.db.select().from(notifications).where(eq(notifications.user_id, member.user.id));
    expect(notes.map((note) => note.title)).toEqual(['Project stage updated']);
  });

  it('lists every project with its owner, and a user\'s projects by Working or Archived', async () => {
    const { member, projectId } = await memberProject();
    const second = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Old Mill' } } });
    await call('PUT', `/api/admin/projects/${second.json().projectId}`, admin.auth, { project: { project_stage: 'Archived' } });
    const all = await call('GET', '/api/admin/projects?per_page=100');
    expect(all.json().some((p: { id: number }) => p.id === projectId)).toBe(true);
    const working = await call('GET', `/api/admin/users/${member.user.id}/projects?stage_filter=working`);
    expect(working.json().map((p: { id: number }) => p.id)).toEqual([projectId]);
    const archived = await call('GET', `/api/admin/users/${member.user.id}/projects?stage_filter=archived`);
    expect(archived.json().map((p: { company_name: string }) => p.company_name)).toEqual(['Old Mill']);
  });

  it("shows a member's accounts with status, and a referral partner's projects as referrals", async () => {
    const { member, projectId } = await memberProject({ company_name: 'Lead Co' });
    const accounts = await call('GET', `/api/admin/users/${member.user.id}/accounts`);
    expect(accounts.json()).toEqual([expect.objectContaining({ company_name: 'Lead Co', status: 'Active', project_count: 1 })]);
    // All Accounts names the owner, not "User N" (issue 34 item 8).
    const all = await call('GET', '/api/admin/accounts');
    expect(all.json()).toContainEqual(expect.objectContaining({ user_id: member.user.id, owner_name: `${member.user.first_name} ${member.user.last_name}` }));
    const referrals = await call('GET', `/api/admin/users/${member.user.id}/referrals`);
    expect(referrals.json()).toEqual([expect.objectContaining({ id: projectId, company_name: 'Lead Co', status: 'Active' })]);
    await call('PUT', `/api/admin/projects/${projectId}`, admin.auth, { project: { project_stage: 'Archived' } });
    expect((await call('GET', `/api/admin/referrals/${projectId}`)).json().status).toBe('Inactive');
    expect((await call('GET', `/api/admin/accounts/${accounts.json()[0].id}`)).json().status).toBe('Inactive');
    const sales = await memberProject({ company_name: 'Sold Co' }, 'sales_partner');
    expect((await call('GET', `/api/admin/users/${sales.member.user.id}/referrals`)).json()).toEqual([]);
    expect((await call('GET', `/api/admin/referrals/${sales.projectId}`)).statusCode).toBe(404);
  });

  it('creates, edits and deletes accounts', async () => {
    const { user } = await t.signIn();
    const created = await call('POST', '/api/admin/accounts', admin.auth, { account: { user_id: user.id, company_name: 'Acme', address: '1 Main' } });
    expect(created.statusCode).toBe(201);
    expect((await call('POST', '/api/admin/accounts', admin.auth, { account: { user_id: user.id, company_name: 'ACME' } })).statusCode).toBe(409);
    expect((await call('POST', '/api/admin/accounts', admin.auth, { account: { user_id: 999999, company_name: 'X' } })).statusCode).toBe(404);
    const edited = await call('PUT', `/api/admin/accounts/${created.json().id}`, admin.auth, { account: { address: '2 Main' } });
    expect(edited.json()).toMatchObject({ company_name: 'Acme', address: '2 Main', status: 'Active', project_count: 0 });
    expect((await call('DELETE', `/api/admin/accounts/${created.json().id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/accounts/${created.json().id}`)).statusCode).toBe(404);
  });

  it("manages any member's project and its contacts, links and files, and deletes it with its bytes", async () => {
    const { user } = await t.signIn();
    const created = await call('POST', '/api/admin/projects', admin.auth, { project: { user_id: user.id, company_name: 'Admin Made', project_stage: 'Presentation Ready' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ user_id: user.id, project_stage: 'Presentation Ready' });
    const id = created.json().id;
    const contact = await call('POST', `/api/admin/projects/${id}/contacts`, admin.auth, { contact: { contact_first_name: 'Kim' } });
    expect(contact.statusCode).toBe(201);
    const put = await call('PUT', `/api/admin/projects/${id}/contacts/${contact.json().id}`, admin.auth, { contact: { contact_title: 'CFO' } });
    expect(put.json().contact_title).toBe('CFO');
    const link = await call('POST', `/api/admin/projects/${id}/project_links`, admin.auth, { project_link: { link_type: 'Utility', link_title: 'Portal', link_url: 'https://utility.example' } });
    expect(link.statusCode).toBe(201);
    const body = multipartBody([{ field: 'file', filename: 'site.png', contentType: 'image/png', data: PNG_1PX }]);
    const photo = await t.app.inject({ method: 'POST', url: `/api/admin/projects/${id}/images`, headers: { ...admin.auth, ...body.headers }, payload: body.payload });
    expect(photo.statusCode).toBe(201);
    expect(photo.json().url).toBe(`/api/admin/projects/${id}/images/${photo.json().id}/download`);
    const renamed = await call('PUT', `/api/admin/projects/${id}/images/${photo.json().id}`, admin.auth, { image: { name: 'roof.png' } });
    expect(renamed.json().name).toBe('roof.png');
    expect((await t.app.inject({ method: 'GET', url: photo.json().url, headers: { cookie: `authorization=${admin.token}` } })).statusCode).toBe(200);
    const [row] = await t.db.select().from(storedFiles).where(eq(storedFiles.id, photo.json().id));
    expect((await call('DELETE', `/api/admin/projects/${id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(projects).where(eq(projects.id, id))).toHaveLength(0);
    expect(await t.app.ctx.storage.get(row!.storage_key)).toBeNull();
    expect((await call('POST', '/api/admin/projects', admin.auth, { project: { user_id: 999999 } })).statusCode).toBe(422);
  });

  it('refuses a contact with misspelled keys (422 naming them) and creates nothing (issue 14 item 15)', async () => {
    const { user } = await t.signIn();
    const project = await call('POST', '/api/admin/projects', admin.auth, { project: { user_id: user.id, company_name: 'Typo Co' } });
    const id = project.json().id;
    const res = await call('POST', `/api/admin/projects/${id}/contacts`, admin.auth, { contact: { first_name: 'Kim', contact_emial: 'kim@example.com', contact_last_name: 'Lee' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      code: 'validation_failed',
      message: 'Unknown fields: first_name, contact_emial.',
      fields: { first_name: 'Unknown field.', contact_emial: 'Unknown field.' },
    });
    const wrapper = await call('POST', `/api/admin/projects/${id}/contacts`, admin.auth, { contacts: { contact_first_name: 'Kim' } });
    expect(wrapper.statusCode).toBe(422);
    expect(wrapper.json().error.fields).toMatchObject({ contacts: 'Unknown field.' });
    expect(await t.db.select().from(contacts).where(eq(contacts.project_id, id))).toHaveLength(0);
  });
});

describe('admin project search (issue 15 item 2)', () => {
  it('searches, filters and sorts projects in SQL; the total is the filtered total', async () => {
    const { user: owner } = await t.signIn({ first_name: 'Ottoline', last_name: 'Ownerby' });
    const make = async (fields: Record<string, string>) => {
      const res = await call('POST', '/api/admin/projects', admin.auth, { project: { user_id: owner.id, ...fields } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const a = await make({ company_name: 'Zircon Solar', city: 'Tucson', state: 'AZ', project_stage: 'Presentation Ready' });
    const b = await make({ company_name: 'amber_sun', city: 'Phoenix', state: 'AZ', project_stage: 'Project Initiation' });
    await t.db.update(projects).set({ updated_at: new Date('2020-01-15T12:00:00Z') }).where(eq(projects.id, b));
    const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((p) => p.id);
    const list = (query: string) => call('GET', `/api/admin/projects?${query}`);

    const mine = await list(`owner_id=${owner.id}`);
    expect(ids(mine)).toEqual([a, b]);
    expect(mine.headers['x-total-count']).toBe('2');
    expect(ids(await list('q=ottoline%20ownerby'))).toEqual([a, b]);
    expect(ids(await list('q=ZIRCON'))).toEqual([a]);
    expect(ids(await list('q=phoenix'))).toEqual([b]);
    expect(ids(await list(`q=${b}&owner_id=${owner.id}`))).toContain(b);
    expect(ids(await list(`q=r_s&owner_id=${owner.id}`))).toEqual([b]);
    expect(ids(await list(`owner_id=${owner.id}&stage=Presentation%20Ready`))).toEqual([a]);
    expect(ids(await list(`owner_id=${owner.id}&stage=Presentation%20Ready&stage=Project%20Initiation`))).toEqual([a, b]);
    expect(ids(await list(`owner_id=${owner.id}&state=az`))).toEqual([a, b]);
    expect(ids(await list(`owner_id=${owner.id}&updated_to=2020-01-15`))).toEqual([b]);
    expect(ids(await list(`owner_id=${owner.id}&updated_from=2020-01-16`))).toEqual([a]);
    const sorted = await list(`owner_id=${owner.id}&sort=company_name&per_page=1`);
    expect(ids(sorted)).toEqual([b]);
    expect(sorted.headers['x-total-count']).toBe('2');
    expect(ids(await list(`owner_id=${owner.id}&sort=-updated_at`))).toEqual([a, b]);
    expect(ids(await list(`owner_id=${owner.id}&sort=updated_at`))).toEqual([b, a]);

    const badSort = await list('sort=secret');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.body).toContain('sort must be one of: updated_at, -updated_at');
    for (const bad of ['stage=Nope', 'stage=Project%20Initiation&stage=Nope', 'updated_from=yesterday', 'updated_to=2020-13-40', 'owner_id=x']) {
      expect((await list(bad)).statusCode, bad).toBe(422);
    }
  });

  it('answers 422 naming the field for ids and dates outside PostgreSQL ranges, on the list, its export and the create (issue 34 item 6)', async () => {
    const cases: [string, string, string][] = [
      ['user_id=2147483648', 'user_id', 'user_id must be at most 2147483647.'],
      ['owner_id=9223372036854775808', 'owner_id', 'owner_id must be at most 2147483647.'],
      ['user_id=1e308', 'user_id', 'user_id must be at most 2147483647.'],
      ['updated_from=0000-01-01', 'updated_from', 'updated_from must be between 1900-01-01 and 2999-12-31.'],
      ['updated_to=0000-01-01', 'updated_to', 'updated_to must be between 1900-01-01 and 2999-12-31.'],
      ['updated_to=9999-12-31', 'updated_to', 'updated_to must be between 1900-01-01 and 2999-12-31.'],
      ['updated_from=294277-01-01', 'updated_from', 'updated_from must be a date (YYYY-MM-DD).'],
      ['updated_from=-000001-01-01', 'updated_from', 'updated_from must be a date (YYYY-MM-DD).'],
    ];
    for (const [query, field, message] of cases) {
      for (const url of [`/api/admin/projects?${query}`, `/api/admin/projects.csv?${query}`]) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(422);
        expect(res.json(), url).toEqual({ error: { code: 'validation_failed', message, fields: { [field]: message } } });
      }
    }
    for (const user_id of [2_147_483_648, '2147483648', -2_147_483_649, 1e308]) {
      const res = await call('POST', '/api/admin/projects', admin.auth, { project: { user_id, company_name: 'Out of range' } });
      expect(res.statusCode, String(user_id)).toBe(422);
      expect(Object.keys(res.json().error.fields), String(user_id)).toEqual(['user_id']);
    }
  });
});
