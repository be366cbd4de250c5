import { and, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, mailOutbox, notifications, proposalClocks, proposalTickets } from '../../db/schema/index.js';
import { createTestApp, createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { adminTicketPage, proposalTicketListWhere } from './proposals.service.js';

/** The owned proposal queue (issue 37 item 2): assignment, paging, filters and the urgency order. */
let t: TestApp;
let admin: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  other = await t.signIn({ first_name: 'Blake', last_name: 'Boss', account_type: 'admin', company_role: 'full_access_admin' });
});
afterAll(async () => t?.close());

type Auth = { authorization: string };
type Row = { id: number; assignee_id: number | null; assignee_name: string | null; partner_id: number; partner_name: string; requested_at: string };

async function ticketFor(company: string, bill: 'Yes' | 'No' = 'Yes') {
  const member = await t.signIn({ first_name: 'Pat', last_name: 'Partner' });
  const project = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: company, power_bill_received_status: bill } } });
  expect(project.statusCode).toBe(201);
  const projectId = project.json().projectId as number;
  const ticket = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/proposal_tickets`, headers: member.auth, payload: { proposal_ticket: { details: 'Please quote 200 kW' } } });
  expect(ticket.statusCode).toBe(201);
  return { id: ticket.json().id as number, projectId, member };
}

const assign = (ticketId: number, assigneeId: unknown, auth: Auth = admin.auth) =>
  t.app.inject({ method: 'PATCH', url: `/api/admin/proposal_tickets/${ticketId}`, headers: auth, payload: { proposal_ticket: { assignee_id: assigneeId } } });
const list = (query: string, auth: Auth = admin.auth) => t.app.inject({ method: 'GET', url: `/api/admin/proposal_tickets?${query}`, headers: auth });
const ids = async (query: string, auth?: Auth) => ((await list(query, auth)).json() as Row[]).map((row) => row.id);

/** Moves a ticket's current clock `hours` into the past. */
async function ageClock(ticketId: number, hours: number) {
  const shift = sql`- make_interval(secs => ${hours * 3600})`;
  await t.db.execute(sql`update proposal_clocks set requested_at = requested_at ${shift}, started_at = started_at ${shift}, due_at = due_at ${shift}
    where id = (select max(id) from proposal_clocks where proposal_ticket_id = ${ticketId})`);
}

describe('assigning a proposal ticket', () => {
  it("assigns to another full access admin, who is told; audits before and after; unassigns with null", async () => {
    const { id, member } = await ticketFor('Assignable Optics');
    const res = await assign(id, other.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, assignee_id: other.user.id, assignee_name: 'Blake Boss', partner_id: member.user.id, partner_name: 'Pat Partner', status: 1 });
    expect(Date.parse(res.json().requested_at)).not.toBeNaN();
    const told = await t.db.select().from(notifications).where(and(eq(notifications.user_id, other.user.id), eq(notifications.proposal_ticket_id, id)));
    expect(told.map((row) => [row.title, row.kind])).toContainEqual(['Proposal request assigned to you', 'proposal_requests']);
    expect(told.find((row) => row.title === 'Proposal request assigned to you')?.message).toBe(`Avery Admin assigned you the proposal request for Assignable Optics (ticket #${id}).`);

    expect((await assign(id, null)).json()).toMatchObject({ assignee_id: null, assignee_name: null });
    const trail = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'proposal_ticket'), eq(auditEntries.entity_id, id))).orderBy(auditEntries.id);
    const assignments = trail.filter((entry) => entry.action === 'assigned' || entry.action === 'unassigned');
    expect(assignments.map((entry) => [entry.action, entry.actor_id, entry.changes])).toEqual([
      ['assigned', admin.user.id, { assignee_id: { before: null, after: other.user.id } }],
      ['unassigned', admin.user.id, { assignee_id: { before: other.user.id, after: null } }],
    ]);
  });

  it('tells nobody when an admin takes a ticket themselves, and writes nothing when the assignee stays', async () => {
    const { id } = await ticketFor('Selfassigned Tools');
    expect((await assign(id, admin.user.id)).json()).toMatchObject({ assignee_id: admin.user.id, assignee_name: 'Avery Admin' });
    expect((await assign(id, admin.user.id)).statusCode).toBe(200);
    const told = await t.db.select().from(notifications).where(and(eq(notifications.user_id, admin.user.id), eq(notifications.proposal_ticket_id, id), eq(notifications.title, 'Proposal request assigned to you')));
    expect(told).toEqual([]);
    const trail = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, id), eq(auditEntries.action, 'assigned')));
    expect(trail).toHaveLength(1);
  });

  it('accepts only a full access administrator, names the field, and answers 404 for an unknown ticket', async () => {
    const { id, member } = await ticketFor('Refused Assignee');
    const manager = await t.signIn({ first_name: 'Mo', last_name: 'Manager', account_type: 'admin', company_role: 'project_manager' });
    for (const assignee of [member.user.id, manager.user.id, 2_000_000_000]) {
      const res = await assign(id, assignee);
      expect(res.statusCode, String(assignee)).toBe(422);
      expect(res.json().error.fields).toEqual({ assignee_id: 'assignee_id must be a full access administrator.' });
    }
    for (const bad of ['1', 0, -3, 1.5, 2 ** 31]) expect((await assign(id, bad)).statusCode, String(bad)).toBe(422);
    const extra = await t.app.inject({ method: 'PATCH', url: `/api/admin/proposal_tickets/${id}`, headers: admin.auth, payload: { proposal_ticket: { assignee_id: null, status: 3 } } });
    expect(extra.statusCode).toBe(422);
    expect((await assign(987_654_321, admin.user.id)).statusCode).toBe(404);
    expect((await assign(id, admin.user.id, member.auth)).statusCode).toBe(403);
    const [row] = await t.db.select({ assignee_id: proposalTickets.assignee_id }).from(proposalTickets).where(eq(proposalTickets.id, id));
    expect(row?.assignee_id).toBeNull();
  });

  it('emails an assignment at once to an admin who takes new requests as an hourly digest', async () => {
    const digester = await t.signIn({ first_name: 'Dee', last_name: 'Digest', account_type: 'admin', company_role: 'full_access_admin', email_verified_at: new Date() });
    const hourly = await t.app.inject({ method: 'PUT', url: '/api/user/notification-preferences', headers: digester.auth, payload: { notification_preferences: { frequency: { proposal_requests: 'hourly' } } } });
    expect(hourly.statusCode, hourly.body).toBe(200);
    const { id } = await ticketFor('Urgent Assignment Works');
    expect((await assign(id, digester.user.id)).statusCode).toBe(200);
    const mine = await t.db.select().from(notifications).where(and(eq(notifications.user_id, digester.user.id), eq(notifications.proposal_ticket_id, id)));
    // The new request waits for the digest, as chosen; the assignment does not.
    expect(mine.map((row) => [row.title, row.digest_pending]).sort()).toEqual([
      ['New proposal request', true],
      ['Proposal request assigned to you', false],
    ]);
    const mails = await t.db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to_address, digester.user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Proposal request assigned to you']);
  });

  it('gives back the open tickets of an administrator who loses full access, audited', async () => {
    const leaving = await t.signIn({ first_name: 'Lee', last_name: 'Leaving', account_type: 'admin', company_role: 'full_access_admin' });
    const open = await ticketFor('Released Optics');
    const done = await ticketFor('Delivered Optics');
    await assign(open.id, leaving.user.id);
    await assign(done.id, leaving.user.id);
    const delivered = await t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${done.id}`, headers: admin.auth, payload: { proposal_ticket: { status: 3, proposal_links: [{ title: 'Proposal', url: 'https://example.test/p.pdf' }] } } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    const demoted = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${leaving.user.id}`, headers: admin.auth, payload: { user: { company_role: 'project_manager' } } });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const rows = await t.db.select({ id: proposalTickets.id, assignee_id: proposalTickets.assignee_id }).from(proposalTickets).where(sql`${proposalTickets.id} in (${open.id}, ${done.id})`).orderBy(proposalTickets.id);
    // The delivered one keeps who handled it; the open one is back in Unassigned.
    expect(rows).toEqual([
      { id: open.id, assignee_id: null },
      { id: done.id, assignee_id: leaving.user.id },
    ]);
    const [release] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_id, open.id), eq(auditEntries.action, 'unassigned')));
    expect(release?.changes).toEqual({ assignee_id: { before: leaving.user.id, after: null } });
    expect(await ids('assignee=none&q=Released%20Optics')).toEqual([open.id]);
  });

  it("delivers while the partner marks the bill received, without a deadlock (project, then ticket, then clock)", async () => {
    // PGlite has one connection, so only PostgreSQL can interleave the two writes; on it, the
    // delivery locked the ticket and then the project while the bill locked them the other way.
    const second = await createTestApp({}, { sameDatabaseAs: t });
    try {
      for (let round = 0; round < 12; round += 1) {
        const { id, projectId, member } = await ticketFor(`Race Round ${round}`, 'No');
        const [bill, delivery] = await Promise.all([
          second.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: member.auth, payload: { project: { power_bill_received_status: 'Yes' } } }),
          t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${id}`, headers: admin.auth, payload: { proposal_ticket: { status: 3, proposal_links: [{ title: 'Proposal', url: 'https://example.test/p.pdf' }] } } }),
        ]);
        expect([bill.statusCode, delivery.statusCode], `${bill.body} ${delivery.body}`).toEqual([200, 200]);
      }
    } finally {
      await second.close();
    }
  });

  it('answers the PUT with the same admin ticket, assignee and partner included', async () => {
    const { id, member } = await ticketFor('Put Answer Labs');
    await assign(id, other.user.id);
    const res = await t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${id}`, headers: admin.auth, payload: { proposal_ticket: { status: 2, engineer_name: 'Eli Engineer' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 2, assignee_id: other.user.id, assignee_name: 'Blake Boss', partner_id: member.user.id });
  });
});

describe('the queue', () => {
  it('pages with X-Total-Count and Link, 8 a page by default', async () => {
    const made = [];
    for (let n = 0; n < 10; n += 1) made.push((await ticketFor(`Pagedqueue ${n}`)).id);
    const first = await list('q=pagedqueue');
    expect(first.json()).toHaveLength(8);
    expect(first.headers['x-total-count']).toBe('10');
    expect(first.headers.link).toContain('rel="next"');
    expect(first.headers.link).toContain('page=2&per_page=8>; rel="last"');
    const second = await list('q=pagedqueue&page=2');
    expect(second.json()).toHaveLength(2);
    expect(second.headers['x-total-count']).toBe('10');
    expect(new Set([...(first.json() as Row[]), ...(second.json() as Row[])].map((row) => row.id))).toEqual(new Set(made));
    const wide = await list('q=pagedqueue&per_page=25');
    expect(wide.json()).toHaveLength(10);
    expect(wide.headers['x-total-count']).toBe('10');
    const past = await list('q=pagedqueue&page=5');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('10');
  });

  it('filters by assignee (me, none, an id) and overdue', async () => {
    const mine = await ticketFor('Filterqueue Mine');
    const theirs = await ticketFor('Filterqueue Theirs');
    const nobody = await ticketFor('Filterqueue Nobody');
    await assign(mine.id, admin.user.id);
    await assign(theirs.id, other.user.id);
    await ageClock(nobody.id, 50);
    expect(await ids('q=filterqueue&assignee=me')).toEqual([mine.id]);
    expect(await ids('q=filterqueue&assignee=me', other.auth)).toEqual([theirs.id]);
    expect(await ids(`q=filterqueue&assignee=${other.user.id}`)).toEqual([theirs.id]);
    expect(await ids('q=filterqueue&assignee=none')).toEqual([nobody.id]);
    expect(await ids('q=filterqueue&overdue=true')).toEqual([nobody.id]);
    expect(await ids('q=filterqueue&overdue=true&assignee=me')).toEqual([]);
    const unassigned = await list('q=filterqueue&assignee=none');
    expect(unassigned.headers['x-total-count']).toBe('1');
    // One project's tickets (the admin project detail's Proposal tab).
    expect(await ids(`project_id=${theirs.projectId}&include_terminal=true`)).toEqual([theirs.id]);
    expect((await list('project_id=first')).statusCode).toBe(422);
  });

  it('orders by urgency by default: the most overdue first, then the least time left, then waiting for the bill, stopped ones last', async () => {
    const running = await ticketFor('Urgencyqueue Running');
    const waitingLonger = await ticketFor('Urgencyqueue Waiting longer', 'No');
    const waiting = await ticketFor('Urgencyqueue Waiting', 'No');
    const stopped = await ticketFor('Urgencyqueue Stopped');
    const lessOverdue = await ticketFor('Urgencyqueue Late');
    const mostOverdue = await ticketFor('Urgencyqueue Latest');
    const soon = await ticketFor('Urgencyqueue Soon');
    await ageClock(mostOverdue.id, 60);
    await ageClock(lessOverdue.id, 50);
    await ageClock(soon.id, 40);
    await t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${stopped.id}`, headers: admin.auth, payload: { proposal_ticket: { status: 4, rejection_reason: 'not feasible' } } });
    // Those waiting for the bill: the newest first, as new requests came in before (issue 18).
    const urgent = [mostOverdue.id, lessOverdue.id, soon.id, running.id, waiting.id, waitingLonger.id];
    expect(await ids('q=urgencyqueue')).toEqual(urgent);
    expect(await ids('q=urgencyqueue&sort=urgency')).toEqual(urgent);
    expect(await ids('q=urgencyqueue&include_terminal=true')).toEqual([...urgent, stopped.id]);
    expect(await ids('q=urgencyqueue&include_terminal=true&sort=-urgency')).toEqual([stopped.id, ...[...urgent].reverse()]);
    // The bill arrives: the waiting clock starts, 48 hours left, after the one started before it.
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${waiting.projectId}`, headers: waiting.member.auth, payload: { project: { power_bill_received_status: 'Yes' } } });
    expect(await ids('q=urgencyqueue')).toEqual([mostOverdue.id, lessOverdue.id, soon.id, running.id, waiting.id, waitingLonger.id]);
    const [started] = await t.db.select({ rank: proposalTickets.clock_rank, due: proposalTickets.clock_due_at }).from(proposalTickets).where(eq(proposalTickets.id, waiting.id));
    expect(started?.rank).toBe(0);
    expect(started?.due).not.toBeNull();
    // A revision request opens a new current clock, which the queue follows.
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${stopped.projectId}/proposal_tickets/${stopped.id}`, headers: stopped.member.auth, payload: { proposal_ticket: { status: 5, details: 'Try a carport' } } });
    expect(await ids('q=urgencyqueue')).toEqual([mostOverdue.id, lessOverdue.id, soon.id, running.id, waiting.id, stopped.id, waitingLonger.id]);
  });

  it('sorts by assignee name, the unassigned last', async () => {
    const byOther = await ticketFor('Namesortqueue B');
    const byAdmin = await ticketFor('Namesortqueue A');
    const none = await ticketFor('Namesortqueue C');
    await assign(byOther.id, other.user.id);
    await assign(byAdmin.id, admin.user.id);
    expect(await ids('q=namesortqueue&sort=assignee_name')).toEqual([byAdmin.id, byOther.id, none.id]);
    expect(await ids('q=namesortqueue&sort=-assignee_name')).toEqual([byOther.id, byAdmin.id, none.id]);
  });

  it('refuses bad query values with 422 and a message', async () => {
    for (const bad of ['assignee=someone', 'assignee=0', 'assignee=-1', 'assignee=99999999999', 'overdue=maybe', 'page=0', 'per_page=0', 'per_page=1000', 'sort=urgent', 'include_terminal=yes']) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().error.message, bad).toMatch(/\w/);
    }
    expect((await list('assignee=someone')).json().error.message).toBe("assignee is 'me', 'none' or an administrator's id.");
  });
});

describe('the urgency order reads one index', () => {
  it('the first page of 2,000 open tickets walks proposal_tickets_urgency_idx instead of sorting them all', async () => {
    const { member, projectId } = await ticketFor('Seed of the plan');
    await t.db.execute(sql`insert into proposal_tickets (project_id, status, notification_user_id, company_name) select ${projectId}, 1, ${member.user.id}, 'Planqueue ' || n from generate_series(1, 2000) n`);
    await t.db.execute(sql`insert into proposal_clocks (proposal_ticket_id, requested_at, started_at, due_at)
      select id, now() - (id % 90 || ' hours')::interval, now() - (id % 90 || ' hours')::interval, now() + ((48 - id % 90) || ' hours')::interval from proposal_tickets where company_name like 'Planqueue %'`);
    await t.db.execute(sql`analyze proposal_tickets`);
    const rows = await t.db.select({ n: sql<number>`count(*)::int` }).from(proposalTickets).where(and(eq(proposalTickets.clock_rank, 0), sql`${proposalTickets.company_name} like 'Planqueue %'`));
    expect(rows[0]?.n).toBe(2000);
    const page = (query: Parameters<typeof proposalTicketListWhere>[0]) => adminTicketPage(t.db, proposalTicketListWhere(query, new Date(), admin.user.id), { page: 1, per_page: 8 });
    const planOf = async (query: { getSQL(): SQL }) => {
      const explained = (await t.db.execute(sql`explain ${query.getSQL()}`)) as unknown as { rows: Array<Record<string, string>> };
      return explained.rows.map((row) => Object.values(row)[0]).join('\n');
    };
    expect(await page({})).toHaveLength(8);
    const explained = await planOf(page({}));
    expect(explained).toMatch(/Index Scan using proposal_tickets_urgency_idx/);
    expect(explained).not.toMatch(/Sort/);
    // Filtered, the page is still read in the order of an urgency index, never sorted.
    for (const query of [{ assignee: 'none' as const }, { overdue: 'true' as const }]) {
      const plan = await planOf(page(query));
      expect(plan, JSON.stringify(query)).toMatch(/Index Scan using proposal_tickets_(assignee_)?urgency_idx/);
      expect(plan, JSON.stringify(query)).not.toMatch(/Sort/);
    }
    // One admin's few tickets come from their part of the assignee's index (sorting those few is cheap).
    const mine = await planOf(page({ assignee: 'me' }));
    expect(mine).toMatch(/proposal_tickets_assignee_urgency_idx/);
    expect(mine).not.toMatch(/Seq Scan on proposal_tickets/);
  });

  it('keeps the current clock on the ticket whoever writes the clock', async () => {
    const { id } = await ticketFor('Triggerqueue');
    await t.db.update(proposalClocks).set({ stopped_at: new Date() }).where(eq(proposalClocks.proposal_ticket_id, id));
    const [stopped] = await t.db.select({ rank: proposalTickets.clock_rank }).from(proposalTickets).where(eq(proposalTickets.id, id));
    expect(stopped?.rank).toBe(2);
    await t.db.insert(proposalClocks).values({ proposal_ticket_id: id, requested_at: new Date() });
    const [waiting] = await t.db.select({ rank: proposalTickets.clock_rank, due: proposalTickets.clock_due_at }).from(proposalTickets).where(eq(proposalTickets.id, id));
    expect(waiting).toEqual({ rank: 1, due: null });
  });
});
