import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { membersNamed, projectListFilter, projectListWhere, userListWhere } from './admin.service.js';
import { projects, proposalTickets, users } from '../../db/schema/index.js';
import type { UserRow } from '../../db/schema/index.js';
import { adminProjectPage, listProjects } from '../projects/projects.service.js';
import { proposalTicketListWhere } from '../proposals/proposals.service.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The admin searches read trigram indexes (issue 19 item 2, migration 0016, decision 032): a
 * substring ILIKE has no B-tree to use, so without them every search reads every row.
 */
let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

async function planOf(query: SQL, pricedOut: string[] = []): Promise<string> {
  return t.db.transaction(async (tx) => {
    for (const setting of pricedOut) await tx.execute(sql.raw(`set local ${setting} = off`));
    const explained = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
    return explained.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

/**
 * With sequential scans and walks of a whole B-tree priced out, a plan still reads a whole
 * table only where no index can answer a condition: the owner's name in All Projects' search
 * was such a condition while it was a filter on the joined users row.
 */
describe('every search can be answered from indexes', () => {
  const wholeTables = ['enable_seqscan', 'enable_indexscan'];

  it("All Projects: id, company, city and the owners' ids", async () => {
    const query = t.db.select({ id: projects.id }).from(projects).innerJoin(users, eq(users.id, projects.user_id)).where(projectListWhere({ q: 'Sunrise Bakery' }, [1, 2]));
    const plan = await planOf(query.getSQL(), wholeTables);
    expect(plan).toMatch(/projects_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on projects/);
  });

  // The partner's company (issue 37 item 5) has its own trigram index (migration 0021).
  it("All Users: name, email, user name, phone and company (and so the owners' names of All Projects)", async () => {
    const plan = await planOf(t.db.select({ id: users.id }).from(users).where(userListWhere({ q: 'hana@example' })).getSQL(), wholeTables);
    expect(plan).toMatch(/users_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('the proposal tickets: id and company', async () => {
    const where = proposalTicketListWhere({ q: 'Sunrise Bakery', include_terminal: 'true' }, new Date());
    const plan = await planOf(t.db.select({ id: proposalTickets.id }).from(proposalTickets).where(where).getSQL(), wholeTables);
    expect(plan).toMatch(/proposal_tickets_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on proposal_tickets/);
  });
});

describe("All Projects' first page of a search that matches one project of 10,000", () => {
  beforeAll(async () => {
    await t.db.execute(sql`
      insert into users (first_name, last_name, user_name, email, password_digest, account_type)
        select 'Search', 'Member ' || n, 'search-member-' || n, 'search-member-' || n || '@example.test', 'x', 'referral_partner' from generate_series(1, 100) n`);
    await t.db.execute(sql`
      insert into projects (user_id, company_name, industry, address_1, city, state, zip, utility_company, roof_description, kilowatt_amounts, updated_at)
        select u.id, 'Search Company ' || u.id || '-' || p, 'Manufacturing', p || ' Main Street', 'Austin', 'TX', '78701', 'Austin Energy',
               'Flat membrane roof, 20,000 sq ft', '[[1200, 1300], [1100, 1250]]'::jsonb, now() - (p || ' minutes')::interval
        from users u, generate_series(1, 100) p where u.user_name like 'search-member-%'`);
    // As autovacuum leaves them: statistics, and the GIN indexes' pending lists merged.
    await t.db.execute(sql`vacuum analyze users`);
    await t.db.execute(sql`vacuum analyze projects`);
  });

  it('reads the matching rows from the trigram index, and not every project in the newest-first order', async () => {
    // The owners were a subquery in the OR: PostgreSQL guessed a tenth of the table matched and
    // walked projects_updated_idx through all 10,000 rows to find 25 (13 ms a page at 10,000,
    // ten times that at 100,000).
    const [owner] = await t.db.select({ id: users.id }).from(users).where(eq(users.user_name, 'search-member-1'));
    const q = `Company ${owner!.id}-77`;
    const filter = await projectListFilter(t.db, { q });
    const page = adminProjectPage(t.db, filter, { page: 1, per_page: 25 });
    expect((await page).map((row) => row.project.company_name)).toEqual([`Search Company ${owner!.id}-77`]);
    const plan = await planOf(page.getSQL());
    expect(plan).toMatch(/Bitmap Index Scan on projects_search_idx/);
    expect(plan).not.toMatch(/projects_updated_idx/);
  });

  // Issue 37 item 5: the stage and days-in-stage sorts of All Projects read their first page from
  // an index, so they cost the same at 100,000 projects (no sort of every project for 25 rows).
  // The owner's name walks the members in name order, each one's projects from their own index.
  it.each([
    ['project_stage', /projects_stage_rank_idx/],
    ['-project_stage', /projects_stage_rank_idx/],
    ['days_in_stage', /projects_stage_entered_at_idx/],
    ['-days_in_stage', /projects_stage_entered_at_idx/],
    ['owner_name', /users_name_order_idx/],
    ['-owner_name', /users_name_order_idx/],
  ] as const)('sort=%s reads its first page from an index', async (sort, index) => {
    const filter = await projectListFilter(t.db, { sort: { field: sort.replace('-', '') as 'project_stage', desc: sort.startsWith('-') } });
    const plan = await planOf(adminProjectPage(t.db, filter, { page: 1, per_page: 25 }).getSQL());
    expect(plan).toMatch(index);
    expect(plan).not.toMatch(/Seq Scan on projects/);
    // At most an incremental sort within one member's or one stage's rows, never all of them.
    expect(plan).not.toMatch(/(?<!Incremental )Sort\b(?! Key)/);
  });

  it("finds an owner's projects by the owner's name", async () => {
    const ids = await membersNamed(t.db, 'search member 42');
    expect(ids).toHaveLength(1);
    const filter = await projectListFilter(t.db, { q: 'Search Member 42' });
    const rows = await adminProjectPage(t.db, filter, { page: 1, per_page: 100 });
    expect(rows).toHaveLength(100);
    expect(new Set(rows.map((row) => row.project.user_id))).toEqual(new Set(ids));
  });

  describe('the total', () => {
    afterEach(() => vi.restoreAllMocks());

    it('of a page that is not full comes with it; a full page and one past the end are counted', async () => {
      const [owner] = await t.db.select().from(users).where(eq(users.user_name, 'search-member-2'));
      // p = 7 and 70 to 79: eleven projects.
      const filter = await projectListFilter(t.db, { q: `Company ${owner!.id}-7` });
      const scope = { user: { id: 0 } as UserRow, admin: true };
      const queries = vi.spyOn(t.app.ctx.db, 'select');
      const listed = async (page: number, per_page: number) => {
        queries.mockClear();
        const { rows, total } = await listProjects(t.app.ctx, scope, { page, per_page }, filter);
        return { rows: rows.length, total, queries: queries.mock.calls.length };
      };
      expect(await listed(1, 25)).toEqual({ rows: 11, total: 11, queries: 1 });
      expect(await listed(3, 5)).toEqual({ rows: 1, total: 11, queries: 1 });
      expect(await listed(1, 5)).toEqual({ rows: 5, total: 11, queries: 2 });
      expect(await listed(2, 11)).toEqual({ rows: 0, total: 11, queries: 2 });
      expect(await listed(1, 11)).toEqual({ rows: 11, total: 11, queries: 2 });
      const none = await projectListFilter(t.db, { q: 'no such company' });
      expect(await listProjects(t.app.ctx, scope, { page: 1, per_page: 25 }, none)).toEqual({ rows: [], total: 0 });
    });
  });
});
