import { parse } from 'csv-parse/sync';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projects, users } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { CSV_EXPORT_FAILED_LINE } from '../../lib/csv.js';
import { EXPORT_BATCH_SIZE } from './admin-export.service.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string> = admin.auth) => t.app.inject({ method: 'GET', url, headers });
const today = () => new Date().toISOString().slice(0, 10);

/** The CSV as records: the header row first. Fails unless the file starts with the UTF-8 BOM. */
function records(res: { rawPayload: Buffer }): string[][] {
  const text = res.rawPayload.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return parse(text.slice(1), { relax_column_count: false }) as string[][];
}
/** The first column (the ids) of the data rows. */
const ids = (res: { rawPayload: Buffer }) => records(res).slice(1).map((row) => Number(row[0]));

describe('GET /api/admin/users.csv (issue 15 item 3)', () => {
  it('downloads the filtered list as UTF-8 CSV with a header row and a dated file name', async () => {
    const { user } = await t.signIn({ first_name: 'Exportia', last_name: 'Header', phone_number: '5550001111', account_type: 'sales_partner', company_role: 'project_manager', subscription_status: 'active' });
    const res = await get('/api/admin/users.csv?q=exportia');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.csv"; filename*=UTF-8''users-${today()}.csv`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(records(res)).toEqual([
      ['ID', 'First Name', 'Last Name', 'Username', 'Email', 'Phone', 'Account Type', 'Company Role', 'Subscription Status', 'Created At'],
      [String(user.id), 'Exportia', 'Header', user.user_name, user.email, '5550001111', 'Sales Partner', 'Project Manager', 'Active', user.created_at.toISOString()],
    ]);
  });

  it('applies each filter and the sort of GET /api/admin/users, and ignores paging', async () => {
    const make = (fields: Parameters<TestApp['signIn']>[0]) => t.signIn({ last_name: 'Filterby', ...fields }).then((session) => session.user.id);
    const zed = await make({ first_name: 'Zed', account_type: 'referral_partner', company_role: 'sunin_pro' });
    const amy = await make({ first_name: 'Amy', account_type: 'sales_partner', subscription_status: 'active' });
    const kim = await make({ first_name: 'Kim', account_type: 'sales_partner', subscription_status: 'canceled' });

    expect(ids(await get('/api/admin/users.csv?q=filterby'))).toEqual([amy, kim, zed]);
    expect(ids(await get('/api/admin/users.csv?q=filterby&sort=-first_name'))).toEqual([zed, kim, amy]);
    expect(ids(await get('/api/admin/users.csv?q=filterby&company_role=sunin_pro'))).toEqual([zed]);
    expect(ids(await get('/api/admin/users.csv?q=filterby&account_type=sales_partner'))).toEqual([amy, kim]);
    expect(ids(await get('/api/admin/users.csv?q=filterby&subscription_status=canceled'))).toEqual([kim]);
    // The list's own query string works as it is: page and per_page do not cut the export.
    expect(ids(await get('/api/admin/users.csv?q=filterby&page=3&per_page=1'))).toEqual([amy, kim, zed]);
    // Without filters, every user (the list's total).
    const total = Number((await get('/api/admin/users')).headers['x-total-count']);
    expect(ids(await get('/api/admin/users.csv'))).toHaveLength(total);
  });

  it('quotes a name with a comma, a quote and a line break, and neutralises one that starts a formula', async () => {
    const { user } = await t.signIn({ first_name: 'Smith, "Jo"\nJr', last_name: '=cmd|" /C calc"!A0', user_name: 'quoting-case' });
    const res = await get('/api/admin/users.csv?q=quoting-case');
    expect(res.rawPayload.toString('utf8')).toContain(`${user.id},"Smith, ""Jo""\nJr","'=cmd|"" /C calc""!A0",quoting-case,`);
    expect(records(res)[1]!.slice(1, 3)).toEqual(['Smith, "Jo"\nJr', `'=cmd|" /C calc"!A0`]);
  });

  it('exports a list longer than one batch completely, in order', async () => {
    const count = EXPORT_BATCH_SIZE + 3;
    const inserted = await t.db
      .insert(users)
      .values(Array.from({ length: count }, (_, index) => ({ first_name: `Bulkuser${String(index).padStart(4, '0')}`, last_name: 'Many', user_name: `bulk-${index}`, email: `bulk-${index}@example.com`, password_digest: 'x', account_type: 'referral_partner' as const })))
      .returning({ id: users.id });
    const res = await get('/api/admin/users.csv?q=bulkuser');
    expect(ids(res)).toEqual(inserted.map((row) => row.id));
    await t.db.delete(users).where(inArray(users.id, inserted.map((row) => row.id)));
  });

  /**
   * Issue 34 item 6, with a real failure: a created_at of year 280000 (PostgreSQL keeps
   * timestamps to 294276, JavaScript's dates end in 275760) reads as an Invalid Date, which the
   * serializer cannot write. In the second batch the file ends with the error line and the
   * response completes; in the first, nothing is sent but an error response.
   */
  it('ends a file that fails after its first batch with the error line, never a cut connection', async () => {
    const inserted = await t.db
      .insert(users)
      .values(Array.from({ length: EXPORT_BATCH_SIZE + 2 }, (_, index) => ({ first_name: `Brokenexport${String(index).padStart(4, '0')}`, last_name: 'Many', user_name: `broken-${index}`, email: `broken-${index}@example.com`, password_digest: 'x', account_type: 'referral_partner' as const })))
      .returning({ id: users.id });
    const last = inserted.at(-1)!.id;
    await t.db.execute(sql`update ${users} set created_at = '280000-01-01T00:00:00Z' where ${users.id} = ${last}`);
    const res = await get('/api/admin/users.csv?q=brokenexport');
    expect(res.statusCode).toBe(200);
    const text = res.rawPayload.toString('utf8');
    expect(text.endsWith(`\r\n${CSV_EXPORT_FAILED_LINE}\r\n`)).toBe(true);
    // The first batch was written whole; the failed one not at all.
    expect(ids({ rawPayload: Buffer.from(text.slice(0, text.indexOf(CSV_EXPORT_FAILED_LINE))) })).toEqual(inserted.slice(0, EXPORT_BATCH_SIZE).map((row) => row.id));

    const first = await get(`/api/admin/users.csv?q=${encodeURIComponent(`broken-${EXPORT_BATCH_SIZE + 1}`)}`);
    expect(first.statusCode).toBe(500);
    expect(first.json()).toEqual({ error: { code: 'internal', message: expect.any(String) } });
    await t.db.delete(users).where(inArray(users.id, inserted.map((row) => row.id)));
  });
});

describe('GET /api/admin/projects.csv (issue 15 item 3)', () => {
  let owner: Awaited<ReturnType<TestApp['signIn']>>['user'];
  const make = async (fields: Record<string, string>) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/projects', headers: admin.auth, payload: { project: { user_id: owner.id, ...fields } } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  beforeAll(async () => {
    owner = (await t.signIn({ first_name: 'Olwen', last_name: 'Exportowner' })).user;
  });

  it('neutralises a company named =HYPERLINK("x") and writes the columns with readable headers', async () => {
    const id = await make({ company_name: '=HYPERLINK("x")', industry: 'Dairy', address_1: '1 Main St', address_2: 'Unit 2', city: 'Boise', state: 'ID', zip: '83702', project_stage: 'Presentation Ready' });
    const res = await get(`/api/admin/projects.csv?q=${encodeURIComponent('=HYPERLINK')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="projects-${today()}.csv"; filename*=UTF-8''projects-${today()}.csv`);
    expect(res.rawPayload.toString('utf8')).toContain(`${id},"'=HYPERLINK(""x"")",Dairy,`);
    const [row] = await t.db.select().from(projects).where(eq(projects.id, id));
    expect(records(res)).toEqual([
      ['ID', 'Company', 'Industry', 'Stage', 'Owner Name', 'Address', 'City', 'State', 'ZIP', 'Signed At', 'Created At', 'Updated At'],
      [String(id), `'=HYPERLINK("x")`, 'Dairy', 'Presentation Ready', 'Olwen Exportowner', '1 Main St, Unit 2', 'Boise', 'ID', '83702', '', row!.created_at.toISOString(), row!.updated_at.toISOString()],
    ]);
  });

  it('applies each filter and the sort of GET /api/admin/projects', async () => {
    const { user: other } = await t.signIn({ first_name: 'Osric', last_name: 'Elsewhere' });
    const a = await make({ company_name: 'Zircon Sieve', city: 'Tucson', state: 'AZ', project_stage: 'Presentation Ready' });
    const b = await make({ company_name: 'amber sieve', city: 'Phoenix', state: 'AZ', project_stage: 'Project Initiation' });
    const c = await make({ company_name: 'Mica Sieve', city: 'Reno', state: 'NV', project_stage: 'Archived' });
    await t.db.update(projects).set({ updated_at: new Date('2020-01-15T12:00:00Z') }).where(eq(projects.id, b));
    await t.db.update(projects).set({ updated_at: new Date('2021-06-01T12:00:00Z') }).where(eq(projects.id, c));
    const list = (query: string) => get(`/api/admin/projects.csv?owner_id=${owner.id}&q=sieve&${query}`);

    expect(ids(await list(''))).toEqual([a, c, b]);
    expect(ids(await list('sort=company_name'))).toEqual([b, c, a]);
    expect(ids(await list('sort=updated_at'))).toEqual([b, c, a]);
    expect(ids(await get(`/api/admin/projects.csv?owner_id=${owner.id}&q=phoenix`))).toEqual([b]);
    expect(ids(await list('stage=Presentation%20Ready&stage=Archived'))).toEqual([a, c]);
    expect(ids(await list('state=nv'))).toEqual([c]);
    expect(ids(await list('updated_to=2021-06-01'))).toEqual([c, b]);
    expect(ids(await list('updated_from=2020-01-16&updated_to=2021-06-01'))).toEqual([c]);
    expect(ids(await list('stage_filter=working'))).toEqual([a, b]);
    expect(ids(await list('stage_filter=archived'))).toEqual([c]);
    // Signed by the customer (issue 36), as the list filters it.
    await t.db.update(projects).set({ signed_at: new Date('2021-06-02T12:00:00Z'), updated_at: new Date('2021-06-01T12:00:00Z') }).where(eq(projects.id, c));
    expect(ids(await list('signed=true'))).toEqual([c]);
    expect(ids(await list('signed=false'))).toEqual([a, b]);
    expect(ids(await list(`user_id=${owner.id}&sort=id`))).toEqual([a, b, c]);
    expect(ids(await get(`/api/admin/projects.csv?owner_id=${other.id}`))).toEqual([]);
    expect(records(await get(`/api/admin/projects.csv?owner_id=${other.id}`))).toHaveLength(1);
    expect(ids(await get('/api/admin/projects.csv?q=olwen%20exportowner&sort=id'))).toEqual(expect.arrayContaining([a, b, c]));
  });

  it('exports a list longer than one batch completely, in order', async () => {
    const { user: bulkOwner } = await t.signIn({ first_name: 'Bulk', last_name: 'Owner' });
    const count = EXPORT_BATCH_SIZE * 2 + 1;
    const inserted = await t.db
      .insert(projects)
      .values(Array.from({ length: count }, (_, index) => ({ user_id: bulkOwner.id, company_name: `Bulk ${index}` })))
      .returning({ id: projects.id });
    const res = await get(`/api/admin/projects.csv?owner_id=${bulkOwner.id}&sort=-id`);
    expect(ids(res)).toEqual(inserted.map((row) => row.id).reverse());
  });

  it('refuses a bad query with 422 before writing anything', async () => {
    for (const bad of ['sort=secret', 'stage=Nope', 'updated_from=yesterday', 'owner_id=x', 'stage_filter=all', 'unknown=1']) {
      const res = await get(`/api/admin/projects.csv?${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.headers['content-type'], bad).toContain('application/json');
    }
    const badSort = await get('/api/admin/users.csv?sort=password_digest');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.json().error.message).toContain('sort must be one of: first_name');
    for (const bad of ['company_role=wizard', 'account_type=emperor', 'subscription_status=maybe', 'per_page=1000']) {
      expect((await get(`/api/admin/users.csv?${bad}`)).statusCode, bad).toBe(422);
    }
  });
});

describe('who may export', () => {
  it("accepts the admin's session cookie, as a download link sends it, and stays admin only", async () => {
    const cookie = (token: string) => ({ cookie: `authorization=${token}` });
    const member = await t.signIn({ first_name: 'Mona', company_role: 'project_engineer' });
    for (const url of ['/api/admin/users.csv', '/api/admin/projects.csv']) {
      expect((await get(url, cookie(admin.token))).statusCode, url).toBe(200);
      expect((await get(url, {})).statusCode, url).toBe(401);
      expect((await get(url, cookie('not-a-token'))).statusCode, url).toBe(401);
      const forbidden = await get(url, cookie(member.token));
      expect(forbidden.statusCode, url).toBe(403);
      expect(forbidden.json()).toEqual({ error: { code: 'forbidden', message: 'You are not allowed to do that.' } });
      expect((await get(url, member.auth)).statusCode, url).toBe(403);
    }
  });

  it('still needs the bearer header on the admin JSON lists (the cookie is for the exports only)', async () => {
    expect((await get('/api/admin/users', { cookie: `authorization=${admin.token}` })).statusCode).toBe(401);
  });
});
