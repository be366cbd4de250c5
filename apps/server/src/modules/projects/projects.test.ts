import { PROJECT_MESSAGES, totalAnnualKilowatts } from '@sunin/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, projects } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { userChanged } from '../auth/sessions.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Auth = { authorization: string };
const twelve = (value: number | string) => Array.from({ length: 12 }, () => value);

async function createProject(auth: Auth, project: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { project_stage: 'Project Initiation', company_name: 'Acme Foods', ...project } } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().projectId as number;
}

describe('POST /api/projects', () => {
  it('creates a project at Project Initiation under an account for its company and answers {projectId}', async () => {
    const { user, auth } = await t.signIn();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: auth,
      payload: {
        project: {
          project_stage: 'Project Initiation',
          company_name: 'Sunny Farms',
          address_1: '1 Field Rd',
          city: 'Fresno',
          state: 'CA',
          zip: '93650',
          shade_interference: 'Yes',
          shade_interference_details: 'Two oaks on the south side',
          type_of_roof: 'Metal Roofing',
          age_of_roof: '6-10 Years',
          power_bill_received_status: 'Yes',
          average_monthly_power_bill_cost: '1234.50',
          kilowatt_amounts: [twelve(1000), ['', 5, '7.5', null, 0, 1, 2, 3, 4, 5, 6, 7]],
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const { projectId } = res.json();
    expect(Object.keys(res.json())).toEqual(['projectId']);
    const get = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: auth });
    expect(get.json()).toMatchObject({
      id: projectId,
      user_id: user.id,
      owner_name: `${user.first_name} ${user.last_name}`,
      project_stage: 'Project Initiation',
      company_name: 'Sunny Farms',
      type_of_roof: 'Metal Roofing',
      // An empty month stays empty (null), a typed 0 stays 0 (issue 14 item 12).
      kilowatt_amounts: [twelve(1000), [null, 5, 7.5, null, 0, 1, 2, 3, 4, 5, 6, 7]],
      proposal_url: null,
    });
    // The annual total still counts an empty month as 0 (member-app.md 5).
    expect(totalAnnualKilowatts(get.json().kilowatt_amounts)).toBe(12_000 + 40.5);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.id, get.json().account_id));
    expect(account).toMatchObject({ user_id: user.id, company_name: 'Sunny Farms', address: '1 Field Rd, Fresno, CA 93650' });
    const again = await createProject(auth, { company_name: 'SUNNY FARMS' });
    const [second] = await t.db.select().from(projects).where(eq(projects.id, again));
    expect(second?.account_id).toBe(get.json().account_id);
  });

  it('refuses any other stage from a member', async () => {
    const { auth } = await t.signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project: { project_stage: 'Project Completion' } } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(PROJECT_MESSAGES.stageForbidden);
  });

  it.each([
    ['eleven months', { kilowatt_amounts: [Array.from({ length: 11 }, () => 1)] }, 'kilowatt_amounts.0', PROJECT_MESSAGES.kilowattShape],
    ['a negative month', { kilowatt_amounts: [[-1, ...twelve(1).slice(1)]] }, 'kilowatt_amounts.0.0', PROJECT_MESSAGES.kilowattValue],
    ['text in a month', { kilowatt_amounts: [['lots', ...twelve(1).slice(1)]] }, 'kilowatt_amounts.0.0', PROJECT_MESSAGES.kilowattNumber],
    // Issue 35 item 2: net data is refused with a message asking for consumption.
    ['a negative month typed as text', { kilowatt_amounts: [['-250', ...twelve(1).slice(1)]] }, 'kilowatt_amounts.0.0', PROJECT_MESSAGES.kilowattValue],
    // Issue 34 item 6: DOMAIN.md 1c's ceiling, and 1e308, which would sum to Infinity.
    ['a month over 50,000,000 kWh', { kilowatt_amounts: [[50_000_001, ...twelve(1).slice(1)]] }, 'kilowatt_amounts.0.0', PROJECT_MESSAGES.kilowattTooLarge],
    ['1e308 kWh', { kilowatt_amounts: [twelve(1), [1, 1e308, ...twelve(1).slice(2)]] }, 'kilowatt_amounts.1.1', PROJECT_MESSAGES.kilowattTooLarge],
    ['-1e308 kWh', { kilowatt_amounts: [[-1e308, ...twelve(1).slice(1)]] }, 'kilowatt_amounts.0.0', PROJECT_MESSAGES.kilowattValue],
    ['a bill over $1,000,000,000', { average_monthly_power_bill_cost: '9'.repeat(309) }, 'average_monthly_power_bill_cost', PROJECT_MESSAGES.billTooLarge],
    ['a flat list', { kilowatt_amounts: twelve(1) }, 'kilowatt_amounts.0', PROJECT_MESSAGES.kilowattShape],
    ['a bill that is not numeric', { average_monthly_power_bill_cost: '$12' }, 'average_monthly_power_bill_cost', PROJECT_MESSAGES.billCost],
    ['an unknown roof type', { type_of_roof: 'Straw' }, 'type_of_roof', undefined],
    ['an unknown roof age', { age_of_roof: '100 Years' }, 'age_of_roof', undefined],
    ['a Yes/No field with Maybe', { power_bill_received_status: 'Maybe' }, 'power_bill_received_status', undefined],
  ])('answers 422 for %s and writes nothing', async (_name, project, field, message) => {
    const { user, auth } = await t.signIn();
    const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: auth, payload: { project } });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toHaveProperty(field);
    if (message) expect(res.json().error.fields[field]).toBe(message);
    expect(await t.db.select().from(projects).where(eq(projects.user_id, user.id))).toHaveLength(0);
  });

  it('treats blank choices as not chosen', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth, { type_of_roof: '', shade_interference: null, kilowatt_amounts: null });
    const get = await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: auth });
    expect(get.json()).toMatchObject({ type_of_roof: null, shade_interference: null, kilowatt_amounts: [] });
  });
});

describe('GET /api/projects', () => {
  it('lists only my projects, newest updated first, 25 a page with X-Total-Count and Link', async () => {
    const { auth } = await t.signIn();
    const other = await t.signIn();
    await createProject(other.auth, { company_name: 'Not mine' });
    const ids: number[] = [];
    for (let i = 0; i < 27; i++) ids.push(await createProject(auth, { company_name: `Company ${i}` }));
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${ids[0]}`, headers: auth, payload: { project: { city: 'Reno' } } });

    const first = await t.app.inject({ method: 'GET', url: '/api/projects', headers: auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe('27');
    expect(first.json()).toHaveLength(25);
    expect(first.json()[0].id).toBe(ids[0]);
    expect(first.json()[1].id).toBe(ids[26]);
    expect(first.json().every((p: { company_name: string }) => p.company_name !== 'Not mine')).toBe(true);
    expect(first.headers.link).toContain('</api/projects?page=2&per_page=25>; rel="next"');
    const second = await t.app.inject({ method: 'GET', url: '/api/projects?page=2', headers: auth });
    expect(second.json()).toHaveLength(2);
    expect(second.headers.link).toContain('rel="prev"');
    expect(second.headers['x-total-count']).toBe('27');
    // A page past the end has no rows but still tells the total.
    const past = await t.app.inject({ method: 'GET', url: '/api/projects?page=5', headers: auth });
    expect([past.json(), past.headers['x-total-count']]).toEqual([[], '27']);
    const none = await t.app.inject({ method: 'GET', url: '/api/projects', headers: (await t.signIn()).auth });
    expect([none.json(), none.headers['x-total-count']]).toEqual([[], '0']);
    const ten = await t.app.inject({ method: 'GET', url: '/api/projects?per_page=10', headers: auth });
    expect(ten.json()).toHaveLength(10);
  });

  it.each(['page=0', 'page=abc', 'per_page=1000', 'per_page=-1'])('answers 422 for %s', async (query) => {
    const { auth } = await t.signIn();
    const res = await t.app.inject({ method: 'GET', url: `/api/projects?${query}`, headers: auth });
    expect(res.statusCode).toBe(422);
  });

  it('counts my projects by stage', async () => {
    const { user, auth } = await t.signIn();
    await createProject(auth);
    const archived = await createProject(auth);
    await t.db.update(projects).set({ project_stage: 'Archived' }).where(eq(projects.id, archived));
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/statistics', headers: auth });
    expect(res.json()).toMatchObject({ scope: 'own', total: 2, working: 1, archived: 1, by_stage: { 'Project Initiation': 1, Archived: 1, 'Project Completion': 0 } });
    expect(user.id).toBeGreaterThan(0);
  });

  it("gives a full_access_admin the company's figures and a partner only their own (issue 14 item 11)", async () => {
    const partner = await t.signIn({ account_type: 'referral_partner' });
    await createProject(partner.auth);
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const [all] = await t.db.select({ n: count() }).from(projects);
    const [archived] = await t.db.select({ n: count() }).from(projects).where(eq(projects.project_stage, 'Archived'));
    const res = await t.app.inject({ method: 'GET', url: '/api/projects/statistics', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(all!.n).toBeGreaterThan(1);
    expect(res.json()).toMatchObject({ scope: 'company', total: all!.n, archived: archived!.n, working: all!.n - archived!.n });
    // A project engineer is staff, not an admin: their own figures only.
    const engineer = await t.signIn({ account_type: 'admin', company_role: 'project_engineer' });
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/statistics', headers: engineer.auth })).json()).toMatchObject({ scope: 'own', total: 0 });
    expect((await t.app.inject({ method: 'GET', url: '/api/projects/statistics', headers: partner.auth })).json()).toMatchObject({ scope: 'own', total: 1 });
  });
});

describe('PATCH /api/projects/:id', () => {
  it('changes only the fields sent and moves the project to a new account when the company changes', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth, { city: 'Austin', utility_company: 'Austin Energy' });
    const before = (await t.app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: auth })).json();
    const res = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: auth, payload: { project: { utility_company: 'TXU', company_name: 'New Co', project_stage: 'Project Initiation' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ city: 'Austin', utility_company: 'TXU', company_name: 'New Co' });
    expect(res.json().account_id).not.toBe(before.account_id);
    expect(new Date(res.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(before.updated_at).getTime());
  });

  it('never lets a member change the stage', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: auth, payload: { project: { project_stage: 'Project Completion' } } });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(row?.project_stage).toBe('Project Initiation');
  });

  it('keeps the project as it was when a field is invalid', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth, { city: 'Austin' });
    const res = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: auth, payload: { project: { city: 'Dallas', kilowatt_amounts: [[1, 2]] } } });
    expect(res.statusCode).toBe(422);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(row?.city).toBe('Austin');
  });
});

describe('ownership and subscriptions', () => {
  it("answers 404 for another member's project on every route", async () => {
    const owner = await t.signIn();
    const stranger = await t.signIn();
    const id = await createProject(owner.auth);
    const contact = (await t.app.inject({ method: 'POST', url: `/api/projects/${id}/contacts`, headers: owner.auth, payload: { contact: { contact_first_name: 'Kim' } } })).json();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/projects/${id}`],
      ['PATCH', `/api/projects/${id}`, { project: { city: 'X' } }],
      ['GET', `/api/projects/${id}/contacts`],
      ['GET', `/api/projects/${id}/contacts/${contact.id}`],
      ['PATCH', `/api/projects/${id}/contacts/${contact.id}`, { contact: { contact_first_name: 'X' } }],
      ['DELETE', `/api/projects/${id}/contacts/${contact.id}`],
      ['POST', `/api/projects/${id}/contacts`, { contact: { contact_first_name: 'X' } }],
      ['GET', `/api/projects/${id}/project_links`],
      ['POST', `/api/projects/${id}/project_links`, { project_link: { link_type: 'Other', link_title: 'x', link_url: 'https://x.example' } }],
      ['GET', `/api/projects/${id}/tickets`],
      ['GET', `/api/projects/${id}/images`],
      ['GET', `/api/projects/${id}/files`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: stranger.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const stillThere = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/contacts/${contact.id}`, headers: owner.auth });
    expect(stillThere.json().contact_first_name).toBe('Kim');
  });

  it('a record of one project cannot be reached through another project of the same member', async () => {
    const { auth } = await t.signIn();
    const a = await createProject(auth);
    const b = await createProject(auth);
    const contact = (await t.app.inject({ method: 'POST', url: `/api/projects/${a}/contacts`, headers: auth, payload: { contact: { contact_first_name: 'Kim' } } })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${b}/contacts/${contact.id}`, headers: auth })).statusCode).toBe(404);
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/projects', '/api/projects/1', '/api/projects/statistics', '/api/projects/1/images']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answers 402 to a sales partner without an active subscription on writes, not on reads', async () => {
    const unpaid = await t.signIn({ account_type: 'sales_partner', subscription_status: null });
    const create = await t.app.inject({ method: 'POST', url: '/api/projects', headers: unpaid.auth, payload: { project: {} } });
    expect(create.statusCode).toBe(402);
    expect(create.json().error).toEqual({ code: 'payment_required', message: PROJECT_MESSAGES.subscriptionRequired });
    expect((await t.app.inject({ method: 'GET', url: '/api/projects', headers: unpaid.auth })).statusCode).toBe(200);

    const lapsed = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
    const id = await createProject(lapsed.auth);
    await t.db.update((await import('../../db/schema/index.js')).users).set({ subscription_status: 'past_due' }).where(eq((await import('../../db/schema/index.js')).users.id, lapsed.user.id));
    // As the billing event that lapses it does, once committed (docs/decisions/028).
    await userChanged(t.app.ctx, [lapsed.user.id]);
    for (const [method, url, payload] of [
      ['PATCH', `/api/projects/${id}`, { project: { city: 'X' } }],
      ['POST', `/api/projects/${id}/contacts`, { contact: {} }],
      ['POST', `/api/projects/${id}/project_links`, { project_link: { link_type: 'Other', link_title: 'x', link_url: 'https://x.example' } }],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: lapsed.auth, payload })).statusCode).toBe(402);
    }
    const pending = await t.signIn({ account_type: 'sales_partner', subscription_status: 'pending_cancelation' });
    await createProject(pending.auth);
  });
});

describe('contacts, links and tickets', () => {
  it('runs the contact life cycle', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${id}/contacts`,
      headers: auth,
      payload: { contact: { contact_first_name: 'Lee', contact_last_name: 'Park', contact_email: 'LEE@Example.com', contact_phone_number: '5551112222', contact_notes: 'CFO', project_id: 999 } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ project_id: id, contact_email: 'lee@example.com', contact_title: '' });
    const contactId = created.json().id;
    const patched = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}/contacts/${contactId}`, headers: auth, payload: { contact: { contact_title: 'Owner' } } });
    expect(patched.json()).toMatchObject({ contact_title: 'Owner', contact_first_name: 'Lee' });
    const list = await t.app.inject({ method: 'GET', url: `/api/projects/${id}/contacts`, headers: auth });
    expect(list.json()).toHaveLength(1);
    expect(list.headers['x-total-count']).toBe('1');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${id}/contacts/${contactId}`, headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${id}/contacts/${contactId}`, headers: auth })).statusCode).toBe(404);
    const badEmail = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/contacts`, headers: auth, payload: { contact: { contact_email: 'not-an-email' } } });
    expect(badEmail.statusCode).toBe(422);
    expect(badEmail.json().error.fields.contact_email).toBe(PROJECT_MESSAGES.contactEmail);
  });

  it('checks link types and refuses URLs that are not http(s)', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth);
    const post = (project_link: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/api/projects/${id}/project_links`, headers: auth, payload: { project_link } });
    const ok = await post({ link_type: 'Finance', link_title: 'Loan docs', link_url: 'https://bank.example/loan' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({ link_type: 'Finance', link_title: 'Loan docs' });
    expect((await post({ link_type: 'Finance', link_title: 'x', link_url: 'javascript:alert(1)' })).json().error.fields.link_url).toBe(PROJECT_MESSAGES.linkUrl);
    expect((await post({ link_type: 'Social', link_title: 'x', link_url: 'https://x.example' })).json().error.fields).toHaveProperty('link_type');
    expect((await post({ link_type: 'Other', link_title: '', link_url: 'https://x.example' })).json().error.fields.link_title).toBe('Link title is required.');
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${id}/project_links/${ok.json().id}`, headers: auth })).statusCode).toBe(204);
  });

  it('runs the ticket life cycle', async () => {
    const { auth } = await t.signIn();
    const id = await createProject(auth);
    const created = await t.app.inject({ method: 'POST', url: `/api/projects/${id}/tickets`, headers: auth, payload: { ticket: { title: 'Roof photos', details: 'Need drone shots' } } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ title: 'Roof photos', status: 'open', project_id: id });
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}/tickets/${created.json().id}`, headers: auth, payload: { ticket: { status: 'closed' } } });
    expect(closed.json().status).toBe('closed');
    const bad = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}/tickets/${created.json().id}`, headers: auth, payload: { ticket: { status: 'lost' } } });
    expect(bad.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${id}/tickets/abc`, headers: auth })).statusCode).toBe(422);
  });

  it('moves the project to the top of the list when a record under it changes', async () => {
    const { auth } = await t.signIn();
    const older = await createProject(auth);
    await createProject(auth);
    await t.app.inject({ method: 'POST', url: `/api/projects/${older}/contacts`, headers: auth, payload: { contact: { contact_first_name: 'A' } } });
    const list = await t.app.inject({ method: 'GET', url: '/api/projects', headers: auth });
    expect(list.json()[0].id).toBe(older);
  });
});
