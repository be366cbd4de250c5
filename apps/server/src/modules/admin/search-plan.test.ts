import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectListWhere, userListWhere } from './admin.service.js';
import { projects, proposalTickets, users } from '../../db/schema/index.js';
import { proposalTicketListWhere } from '../proposals/proposals.service.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The admin searches read trigram indexes (issue 19 item 2, migration 0016): a substring ILIKE
 * has no B-tree to use, so without them every search reads every row. With sequential and plain
 * index scans priced out, a plan still reads a whole table only where no index can answer the
 * condition; the
 * owner's name in All Projects' search is such a condition while it is a filter on the joined
 * users row, and not once it is the ids of the matching members.
 */
let t: TestApp;
beforeAll(async () => void (t = await createTestApp()));
afterAll(async () => t?.close());

async function planOf(query: SQL): Promise<string> {
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    // And walking a whole B-tree with the search as a filter, which an empty table makes cheap.
    await tx.execute(sql`set local enable_indexscan = off`);
    const explained = (await tx.execute(sql`explain ${query}`)) as unknown as { rows: Array<Record<string, string>> };
    return explained.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('the admin searches use trigram indexes', () => {
  it("All Projects' search: id, company, city and the owner's name", async () => {
    const query = t.db.select({ id: projects.id }).from(projects).innerJoin(users, eq(users.id, projects.user_id)).where(projectListWhere({ q: 'Sunrise Bakery' }));
    const plan = await planOf(query.getSQL());
    expect(plan).toMatch(/projects_search_idx/);
    expect(plan).toMatch(/users_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on projects/);
  });

  it("All Users' search: name, email, user name and phone", async () => {
    const plan = await planOf(t.db.select({ id: users.id }).from(users).where(userListWhere({ q: 'hana@example' })).getSQL());
    expect(plan).toMatch(/users_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it("the proposal tickets' search: id and company", async () => {
    const where = proposalTicketListWhere({ q: 'Sunrise Bakery', include_terminal: 'true' }, new Date());
    const plan = await planOf(t.db.select({ id: proposalTickets.id }).from(proposalTickets).where(where).getSQL());
    expect(plan).toMatch(/proposal_tickets_search_idx/);
    expect(plan).not.toMatch(/Seq Scan on proposal_tickets/);
  });
});
