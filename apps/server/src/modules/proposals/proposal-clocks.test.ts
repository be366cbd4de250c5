import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, proposalClocks } from '../../db/schema/index.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { sendClockReminders } from './proposal-clocks.js';

const HOUR = 3_600_000;
let t: TestApp;
let admin: SignedIn;
beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()));
afterAll(async () => t?.close());

type Auth = { authorization: string };

async function memberWithProject(bill: 'Yes' | 'No', company = 'Clockwork Foods') {
  const member = await t.signIn({ first_name: 'Pat', last_name: 'Partner' });
  const res = await t.app.inject({ method: 'POST', url: '/api/projects', headers: member.auth, payload: { project: { company_name: company, power_bill_received_status: bill } } });
  expect(res.statusCode).toBe(201);
  return { ...member, projectId: res.json().projectId as number };
}

const requestProposal = (auth: Auth, projectId: number) =>
  t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/proposal_tickets`, headers: auth, payload: { proposal_ticket: { details: 'Please quote 200 kW' } } });
const adminUpdate = (ticketId: number, ticket: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: `/api/admin/proposal_tickets/${ticketId}`, headers: admin.auth, payload: { proposal_ticket: ticket } });
const memberTicket = async (auth: Auth, projectId: number, ticketId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/proposal_tickets/${ticketId}`, headers: auth })).json();
const link = { title: 'Proposal', url: 'https://example.com/p.pdf' };
const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;

/** Moves a ticket's current clock `hours` into the past (the reminder job reads the stored times). */
async function ageClock(ticketId: number, hours: number) {
  const [clock] = await t.db.select().from(proposalClocks).where(eq(proposalClocks.proposal_ticket_id, ticketId)).orderBy(proposalClocks.id);
  if (!clock?.started_at || !clock.due_at) throw new Error('the clock has not started');
  const shift = (value: Date) => new Date(value.getTime() - hours * HOUR);
  await t.db.update(proposalClocks).set({ requested_at: shift(clock.requested_at), started_at: shift(clock.started_at), due_at: shift(clock.due_at) }).where(eq(proposalClocks.id, clock.id));
}

describe('the 48-hour clock on proposal tickets (issue 18 item 1)', () => {
  it('starts at the request when the bill is received, and a delivery stops it', async () => {
    const { auth, projectId } = await memberWithProject('Yes');
    const created = await requestProposal(auth, projectId);
    expect(created.statusCode).toBe(201);
    const ticket = created.json();
    expect(ticket.clock_started_at).toBe(ticket.created_at);
    expect(hoursBetween(ticket.clock_started_at, ticket.due_at)).toBe(48);
    expect(ticket).toMatchObject({ delivered_at: null, clock_stopped_at: null });

    expect((await adminUpdate(ticket.id, { status: 2, engineer_name: 'Morgan Lee' })).json()).toMatchObject({ due_at: ticket.due_at, clock_stopped_at: null });
    const delivered = (await adminUpdate(ticket.id, { status: 3, proposal_links: [link] })).json();
    expect(delivered.delivered_at).not.toBeNull();
    expect(delivered.clock_stopped_at).toBe(delivered.delivered_at);
    // The member reads the same clock on the member routes.
    expect(await memberTicket(auth, projectId, ticket.id)).toMatchObject({ clock_started_at: ticket.clock_started_at, due_at: ticket.due_at, delivered_at: delivered.delivered_at });
  });

  it('waits for a bill received after the request, then runs 48 hours from its receipt', async () => {
    const { auth, projectId } = await memberWithProject('No');
    const ticket = (await requestProposal(auth, projectId)).json();
    expect(ticket).toMatchObject({ clock_started_at: null, due_at: null, delivered_at: null });
    // Another edit starts nothing; the bill's receipt does.
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: auth, payload: { project: { city: 'Austin' } } });
    expect((await memberTicket(auth, projectId, ticket.id)).clock_started_at).toBeNull();
    const updated = await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: auth, payload: { project: { power_bill_received_status: 'Yes' } } });
    expect(updated.statusCode).toBe(200);
    const started = await memberTicket(auth, projectId, ticket.id);
    expect(started.clock_started_at).toBe(updated.json().updated_at);
    expect(hoursBetween(started.clock_started_at, started.due_at)).toBe(48);
    // Saving Yes again does not restart it.
    await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}`, headers: auth, payload: { project: { power_bill_received_status: 'Yes', city: 'Dallas' } } });
    expect((await memberTicket(auth, projectId, ticket.id)).clock_started_at).toBe(started.clock_started_at);
  });

  it('stops at a rejection without a delivery, and a revision starts a new clock', async () => {
    const { auth, projectId } = await memberWithProject('Yes');
    const ticket = (await requestProposal(auth, projectId)).json();
    const rejected = (await adminUpdate(ticket.id, { status: 4, rejection_reason: 'out of scope' })).json();
    expect(rejected.delivered_at).toBeNull();
    expect(rejected.clock_stopped_at).not.toBeNull();
    const revised = await t.app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/proposal_tickets/${ticket.id}`, headers: auth, payload: { proposal_ticket: { status: 5, details: 'Now with the carport' } } });
    expect(revised.statusCode).toBe(200);
    const clock = revised.json();
    expect(Date.parse(clock.clock_started_at)).toBeGreaterThan(Date.parse(ticket.clock_started_at));
    expect(hoursBetween(clock.clock_started_at, clock.due_at)).toBe(48);
    expect(clock).toMatchObject({ delivered_at: null, clock_stopped_at: null });
    const rows = await t.db.select().from(proposalClocks).where(eq(proposalClocks.proposal_ticket_id, ticket.id));
    expect(rows).toHaveLength(2);
  });

  it('orders the admin queue by due time, with an overdue filter', async () => {
    const early = await memberWithProject('Yes', 'Dueorder Early');
    const late = await memberWithProject('Yes', 'Dueorder Late');
    const waiting = await memberWithProject('No', 'Dueorder Waiting');
    const lateTicket = (await requestProposal(late.auth, late.projectId)).json();
    const waitingTicket = (await requestProposal(waiting.auth, waiting.projectId)).json();
    const earlyTicket = (await requestProposal(early.auth, early.projectId)).json();
    await ageClock(earlyTicket.id, 50);
    const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/proposal_tickets?q=dueorder${query}`, headers: admin.auth });
    const ids = async (query: string) => ((await list(query)).json() as Array<{ id: number }>).map((ticket) => ticket.id);
    expect(await ids('')).toEqual([earlyTicket.id, lateTicket.id, waitingTicket.id]);
    expect(await ids('&sort=-due_at')).toEqual([lateTicket.id, earlyTicket.id, waitingTicket.id]);
    expect(await ids('&overdue=true')).toEqual([earlyTicket.id]);
    expect((await list('&overdue=maybe')).statusCode).toBe(422);
  });

  it('reminds the admins at 12 hours left and at the deadline, once each, whoever runs the job', async () => {
    const { auth, projectId } = await memberWithProject('Yes', 'Reminder Bakery');
    const ticket = (await requestProposal(auth, projectId)).json();
    const delivered = await memberWithProject('Yes', 'Reminder Delivered');
    const done = (await requestProposal(delivered.auth, delivered.projectId)).json();
    await adminUpdate(done.id, { status: 3, proposal_links: [link] });
    const reminders = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.user_id, admin.user.id))).filter(
        (row) => row.proposal_ticket_id !== null && [ticket.id, done.id].includes(row.proposal_ticket_id) && row.title.startsWith('Proposal '),
      );

    const due = Date.parse(ticket.due_at);
    await sendClockReminders(t.app.ctx, new Date(due - 13 * HOUR));
    expect(await reminders()).toHaveLength(0);
    // Two runs at once (two processes without the lock) still send one.
    await Promise.all([sendClockReminders(t.app.ctx, new Date(due - 11 * HOUR)), sendClockReminders(t.app.ctx, new Date(due - 11 * HOUR))]);
    expect((await reminders()).map((row) => row.title)).toEqual(['Proposal due in 12 hours']);
    expect((await reminders())[0]?.message).toBe(`The proposal for Reminder Bakery (ticket #${String(ticket.id)}) is due in 11 hours.`);
    await sendClockReminders(t.app.ctx, new Date(due - 1 * HOUR));
    expect(await reminders()).toHaveLength(1);
    await sendClockReminders(t.app.ctx, new Date(due + 1 * HOUR));
    await sendClockReminders(t.app.ctx, new Date(due + 5 * HOUR));
    const sent = await reminders();
    expect(sent.map((row) => row.title).sort()).toEqual(['Proposal due in 12 hours', 'Proposal overdue']);
    expect(sent.every((row) => row.proposal_ticket_id === ticket.id && row.project_id === projectId)).toBe(true);
    const [clock] = await t.db.select().from(proposalClocks).where(eq(proposalClocks.proposal_ticket_id, ticket.id));
    expect(clock?.reminded_hours_left_at).not.toBeNull();
    expect(clock?.reminded_deadline_at).not.toBeNull();
    // The member is never sent the admins' reminders.
    const memberRows = await t.db.select().from(notifications).where(eq(notifications.user_id, ticket.notification_user_id));
    expect(memberRows.filter((row) => ['Proposal due in 12 hours', 'Proposal overdue'].includes(row.title))).toEqual([]);
  });
});
