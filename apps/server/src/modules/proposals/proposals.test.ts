import { PROPOSAL_MESSAGES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, proposalTicketHistories, proposalTickets } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

type Auth = { authorization: string };

async function memberWithProject() {
  const member = await t.signIn({ first_name: 'Pat', last_name: 'Partner' });
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: 'Acme Foods', address_1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' } } });
  return { ...member, projectId: res.json().projectId as number };
}

function request(auth: Auth, projectId: number, ticket: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/projects/${projectId}/proposal_tickets`,
    headers: auth,
    payload: { proposal_ticket: { project_id: projectId, title: 'Proposal Management Ticket', details: 'Please quote 200 kW', company_name: 'Acme Foods', company_address: '1 Main St', status: 1, notification_user_id: 999, ...ticket } },
  });
}

function adminUpdate(ticketId: number, ticket: Record<string, unknown>, auth: Auth = admin.auth) {
  return t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${ticketId}`, headers: auth, payload: { proposal_ticket: ticket } });
}

describe('member proposal tickets', () => {
  it('creates a ticket with status 1, its first history entry, and a notification for every full access admin', async () => {
    const { user, auth, projectId } = await memberWithProject();
    const res = await request(auth, projectId);
    expect(res.statusCode).toBe(201);
    const ticket = res.json();
    expect(ticket).toMatchObject({
      project_id: projectId,
      title: 'Proposal Management Ticket',
      status: 1,
      status_label: 'Proposal requested and pending review',
      details: 'Please quote 200 kW',
      company_name: 'Acme Foods',
      company_address: '1 Main St, Austin, TX 78701',
      notification_user_id: user.id,
    });
    expect(ticket.proposal_ticket_histories).toEqual([
      expect.objectContaining({ status: 1, action_taken_by: 'Pat Partner', notes: 'Please quote 200 kW', proposal_link: null }),
    ]);
    const adminNotes = await t.db.select().from(notifications).where(eq(notifications.user_id, admin.user.id));
    expect(adminNotes.some((n) => n.title === 'New proposal request' && n.message.includes(`project #${projectId}`))).toBe(true);
    // Each notification names its subject, so the web app can open it (issue 14 item 8).
    expect(adminNotes.find((n) => n.title === 'New proposal request' && n.proposal_ticket_id === ticket.id)).toMatchObject({ project_id: projectId });
  });

  it('names the project and the ticket in the member\'s update and the admins\' revision notifications', async () => {
    const { user, auth, projectId } = await memberWithProject();
    const ticket = (await request(auth, projectId)).json();
    expect((await adminUpdate(ticket.id, { status: 4, rejection_reason: 'not feasible' })).statusCode).toBe(200);
    const listed = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/notifications`, headers: auth });
    expect(listed.json()[0]).toMatchObject({ title: 'Proposal update', project_id: projectId, proposal_ticket_id: ticket.id });
    const revise = await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/proposal_tickets/${ticket.id}`, headers: auth, payload: { proposal_ticket: { status: 5, details: 'Try a carport' } } });
    expect(revise.statusCode).toBe(200);
    const adminNotes = await t.db.select().from(notifications).where(eq(notifications.user_id, admin.user.id));
    expect(adminNotes.find((n) => n.title === 'Revision requested' && n.proposal_ticket_id === ticket.id)).toMatchObject({ project_id: projectId });
    // A deleted project leaves its notifications, without a subject to open.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/projects/${projectId}`, headers: admin.auth })).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}/notifications`, headers: auth });
    expect(after.json()[0]).toMatchObject({ title: 'Proposal update', project_id: null, proposal_ticket_id: null });
  });

  it('allows one open ticket per project', async () => {
    const { auth, projectId } = await memberWithProject();
    expect((await request(auth, projectId)).statusCode).toBe(201);
    const second = await request(auth, projectId);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe(PROPOSAL_MESSAGES.openTicketExists);
  });

  it('requires details and status 1 from a member', async () => {
    const { auth, projectId } = await memberWithProject();
    const empty = await request(auth, projectId, { details: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.fields.details).toBe('Details are required.');
    expect((await request(auth, projectId, { status: 3 })).statusCode).toBe(403);
    expect((await request(auth, projectId, { status: 42 })).statusCode).toBe(422);
    expect(await t.db.select().from(proposalTickets).where(eq(proposalTickets.project_id, projectId))).toHaveLength(0);
  });

  it("answers 404 for another member's project or ticket", async () => {
    const owner = await memberWithProject();
    const ticket = (await request(owner.auth, owner.projectId)).json();
    const stranger = await memberWithProject();
    for (const [method, url, payload] of [
      ['POST', `/api/projects/${owner.projectId}/proposal_tickets`, { proposal_ticket: { details: 'x', status: 1 } }],
      ['GET', `/api/projects/${owner.projectId}/proposal_tickets`],
      ['GET', `/api/projects/${owner.projectId}/proposal_tickets/${ticket.id}`],
      ['GET', `/api/projects/${owner.projectId}/proposal_tickets/${ticket.id}/proposal_ticket_histories`],
      ['PATCH', `/api/projects/${owner.projectId}/proposal_tickets/${ticket.id}`, { proposal_ticket: { status: 5, details: 'x' } }],
      ['GET', `/api/projects/${stranger.projectId}/proposal_tickets/${ticket.id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: stranger.auth, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('allows a revision only from a terminal status, and only status 5', async () => {
    const { auth, projectId } = await memberWithProject();
    const ticket = (await request(auth, projectId)).json();
    const revise = (body: Record<string, unknown>) =>
      t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/proposal_tickets/${ticket.id}`, headers: auth, payload: { proposal_ticket: body } });
    const early = await revise({ status: 5, details: 'Change the panels' });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(PROPOSAL_MESSAGES.revisionNotAllowed);
    expect((await adminUpdate(ticket.id, { status: 3, proposal_links: [{ title: 'Proposal v1', url: 'https://docs.example/p1' }] })).statusCode).toBe(200);
    expect((await revise({ status: 7, details: 'x' })).statusCode).toBe(403);
    expect((await revise({ status: 5, details: '' })).statusCode).toBe(422);
    expect((await revise({ status: 5, details: 'x', revision_type: 'Make it blue' })).statusCode).toBe(422);
    const ok = await revise({ status: 5, details: 'Add a carport', revision_type: 'Request a revision to the original proposal' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 5, status_label: 'Revision requested and pending review' });
    const histories = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/proposal_tickets/${ticket.id}/proposal_ticket_histories`, headers: auth });
    expect(histories.json().map((h: { status: number }) => h.status)).toEqual([1, 3, 5]);
    expect(histories.json()[2].notes).toBe('Request a revision to the original proposal: Add a carport');
    // The revision does not overwrite the original request (issue 14 item 12): both are kept.
    expect(ok.json().details).toBe(ticket.details);
    expect(ok.json().proposal_ticket_histories[0].notes).toBe(ticket.details);
    expect((await revise({ status: 5, details: 'again' })).statusCode).toBe(422);
  });
});

describe('admin proposal updates', () => {
  it('accepts with an engineer, then attaches a link that becomes the project proposal_url, notifying the member each time', async () => {
    const { user, auth, projectId } = await memberWithProject();
    const ticket = (await request(auth, projectId)).json();
    const missing = await adminUpdate(ticket.id, { status: 2 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().error.fields).toEqual({ engineer_name: "Please enter the engineer's name." });
    const accepted = await adminUpdate(ticket.id, { status: 2, engineer_name: 'Jamie Volt', admin_notes: 'On it' });
    expect(accepted.json()).toMatchObject({ status: 2, engineer_name: 'Jamie Volt', admin_notes: 'On it' });
    const noLink = await adminUpdate(ticket.id, { status: 3 });
    expect(noLink.json().error.fields).toHaveProperty('proposal_links');
    const badLink = await adminUpdate(ticket.id, { status: 3, proposal_links: [{ title: 'P', url: 'ftp://x' }] });
    expect(badLink.statusCode).toBe(422);
    const created = await adminUpdate(ticket.id, { status: 3, proposal_links: [{ title: 'Proposal v1', url: 'https://docs.example/p1' }] });
    expect(created.json()).toMatchObject({ status: 3, proposal_links: [{ title: 'Proposal v1', url: 'https://docs.example/p1' }] });
    expect(created.json().proposal_ticket_histories.map((h: { action_taken_by: string; status: number; proposal_link: string | null }) => [h.status, h.action_taken_by, h.proposal_link])).toEqual([
      [1, 'Pat Partner', null],
      [2, 'Avery Admin', null],
      [3, 'Avery Admin', 'https://docs.example/p1'],
    ]);
    const project = await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}`, headers: auth });
    expect(project.json().proposal_url).toBe('https://docs.example/p1');
    const mine = await t.db.select().from(notifications).where(eq(notifications.user_id, user.id));
    expect(mine.filter((n) => n.title === 'Proposal update').map((n) => n.message)).toEqual([
      'Your proposal request for Acme Foods is now: Proposal accepted and assigned to engineer.',
      'Your proposal request for Acme Foods is now: Proposal created and attached to project.',
    ]);
  });

  it('requires a rejection reason, and the specific field for incorrect or missing information', async () => {
    const { auth, projectId } = await memberWithProject();
    const ticket = (await request(auth, projectId)).json();
    expect((await adminUpdate(ticket.id, { status: 4 })).json().error.fields).toEqual({ rejection_reason: PROPOSAL_MESSAGES.rejectionReasonRequired });
    expect((await adminUpdate(ticket.id, { status: 4, rejection_reason: 'missing information' })).json().error.fields).toEqual({ rejection_specific: PROPOSAL_MESSAGES.rejectionSpecificRequired });
    expect((await adminUpdate(ticket.id, { status: 4, rejection_reason: 'because' })).statusCode).toBe(422);
    const before = await t.db.select().from(proposalTicketHistories).where(eq(proposalTicketHistories.proposal_ticket_id, ticket.id));
    expect(before).toHaveLength(1);
    const rejected = await adminUpdate(ticket.id, { status: 4, rejection_reason: 'missing information', rejection_specific: 'utility_company', admin_notes: 'Need the utility' });
    expect(rejected.json()).toMatchObject({ status: 4, rejection_reason: 'missing information', rejection_specific: 'utility_company' });
    const plain = await adminUpdate(ticket.id, { status: 4, rejection_reason: 'not feasible', rejection_specific: 'city' });
    expect(plain.json()).toMatchObject({ rejection_reason: 'not feasible', rejection_specific: null });
  });

  it('answers 422 for an unknown status and 404 for an unknown ticket; members get 403, strangers 401', async () => {
    const { auth, projectId } = await memberWithProject();
    const ticket = (await request(auth, projectId)).json();
    expect((await adminUpdate(ticket.id, { status: 9 })).statusCode).toBe(422);
    expect((await adminUpdate(ticket.id, {})).statusCode).toBe(422);
    expect((await adminUpdate(987654, { status: 1 })).statusCode).toBe(404);
    expect((await adminUpdate(ticket.id, { status: 1 }, auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${ticket.id}`, payload: { proposal_ticket: { status: 1 } } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/proposal_tickets', headers: auth })).statusCode).toBe(403);
  });

  it('lists open tickets for the admin, terminal ones on request', async () => {
    const { auth, projectId } = await memberWithProject();
    const ticket = (await request(auth, projectId)).json();
    const open = await t.app.inject({ method: 'GET', url: '/api/admin/proposal_tickets', headers: admin.auth });
    expect(open.json().some((x: { id: number }) => x.id === ticket.id)).toBe(true);
    await adminUpdate(ticket.id, { status: 4, rejection_reason: 'out of scope' });
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/proposal_tickets', headers: admin.auth });
    expect(after.json().some((x: { id: number }) => x.id === ticket.id)).toBe(false);
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/proposal_tickets?include_terminal=true', headers: admin.auth });
    expect(all.json().some((x: { id: number }) => x.id === ticket.id)).toBe(true);
  });

  it('searches tickets by id and company, filters by status (terminal ones when named) and sorts (issue 15 item 2)', async () => {
    const first = await memberWithProject();
    const open = (await request(first.auth, first.projectId)).json();
    const second = await memberWithProject();
    const rejected = (await request(second.auth, second.projectId)).json();
    await adminUpdate(rejected.id, { status: 4, rejection_reason: 'out of scope' });
    // The ticket takes its company from the project; name them apart here.
    await t.db.update(proposalTickets).set({ company_name: 'Quartzite_Alpha' }).where(eq(proposalTickets.id, open.id));
    await t.db.update(proposalTickets).set({ company_name: 'Quartzite_Zeta' }).where(eq(proposalTickets.id, rejected.id));
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/proposal_tickets?${query}`, headers: admin.auth });
    const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((x) => x.id);
    expect(ids(await list('q=QUARTZITE'))).toEqual([open.id]);
    // By default the 48-hour clock orders the queue: the running one before the stopped one.
    expect(ids(await list('q=quartzite&include_terminal=true'))).toEqual([open.id, rejected.id]);
    expect(ids(await list('q=quartzite&include_terminal=true&sort=-created_at'))).toEqual([rejected.id, open.id]);
    expect(ids(await list('q=e_a&include_terminal=true'))).toEqual([open.id]);
    expect(ids(await list(`q=${open.id}`))).toContain(open.id);
    const terminal = await list('q=quartzite&status=4');
    expect(ids(terminal)).toEqual([rejected.id]);
    expect(terminal.headers['x-total-count']).toBe('1');
    expect(ids(await list('q=quartzite&status=1&status=4'))).toEqual([open.id, rejected.id]);
    expect(ids(await list('q=quartzite&include_terminal=true&sort=id'))).toEqual([open.id, rejected.id]);
    expect(ids(await list('q=quartzite&include_terminal=true&sort=-company_name'))).toEqual([rejected.id, open.id]);
    const badSort = await list('sort=details');
    expect(badSort.statusCode).toBe(422);
    expect(badSort.body).toContain('sort must be one of: urgency, -urgency, due_at, -due_at, created_at, -created_at');
    for (const bad of ['status=9', 'status=x', 'status=1&status=0']) expect((await list(bad)).statusCode, bad).toBe(422);
  });
});
