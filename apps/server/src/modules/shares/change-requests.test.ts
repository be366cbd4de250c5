import { randomBytes } from 'node:crypto';
import { SHARE_MESSAGES, changeRequestResponseSchema } from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries, notifications, projectShares, shareChangeRequests } from '../../db/schema/index.js';
import { SHARE_LIMITS } from '../../plugins/rate-limits.js';
import { shareHelpers } from '../../test/shares.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let admin: SignedIn;
let h: ReturnType<typeof shareHelpers>;
beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  h = shareHelpers(t, admin);
});
afterAll(async () => t?.close());

const ask = (token: string, change_request: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/public/shares/${token}/change-requests`, payload: { change_request: { name: 'Casey Customer', email: 'casey@acme.example', note: 'Could we add a carport?', ...change_request } } });

const ticketOf = async (auth: { authorization: string }, projectId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/proposal_tickets`, headers: auth })).json()[0] as {
    id: number;
    status: number;
    clock_started_at: string | null;
    due_at: string | null;
    clock_stopped_at: string | null;
    proposal_ticket_histories: Array<{ status: number; notes: string; action_taken_by: string }>;
  };

describe('POST /api/public/shares/{token}/change-requests', () => {
  it('turns a delivered proposal into a revision request (status 5) with a running clock, notifies the partner and admins, audits it', async () => {
    const { auth, projectId, user } = await h.memberWithProject({ power_bill_received_status: 'Yes' });
    const ticketId = await h.deliver(auth, projectId, [{ title: 'Proposal', url: 'https://docs.example/p' }]);
    const share = await h.link(auth, projectId);
    const res = await ask(share.token);
    expect(res.statusCode).toBe(201);
    const body = changeRequestResponseSchema.parse(res.json());
    expect(body.message).toContain('revise');
    expect(res.headers['cache-control']).toBe('no-store');

    const ticket = await ticketOf(auth, projectId);
    expect(ticket.status).toBe(5);
    expect(ticket.proposal_ticket_histories.at(-1)).toMatchObject({ status: 5, notes: 'Customer change request from Casey Customer (casey@acme.example): Could we add a carport?', action_taken_by: 'Casey Customer (customer)' });
    // A new 48-hour clock runs from the request (issue 18 item 1): started, not stopped, due 48 hours on.
    expect(ticket.clock_stopped_at).toBeNull();
    expect(Date.parse(ticket.due_at!) - Date.parse(ticket.clock_started_at!)).toBe(48 * 3_600_000);
    expect(Date.parse(ticket.clock_started_at!)).toBe(Date.parse(body.created_at));
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'customer_responses'));
    expect(told.map((row) => row.user_id)).toEqual(expect.arrayContaining([user.id, admin.user.id]));
    expect(told.find((row) => row.user_id === user.id)).toMatchObject({ project_id: projectId, proposal_ticket_id: ticketId });
    const stored = await t.db.select().from(shareChangeRequests).where(eq(shareChangeRequests.share_id, share.id));
    expect(stored).toHaveLength(1);
    const audit = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'proposal_ticket'), eq(auditEntries.entity_id, ticketId), eq(auditEntries.action, 'customer_revision_requested')));
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/shares`, headers: auth })).json()[0].change_requests).toBe(1);
  });

  it('only stores and notifies while the ticket is open, or without a ticket', async () => {
    const { auth, projectId, user } = await h.memberWithProject();
    const share = await h.link(auth, projectId);
    const noTicket = await ask(share.token, { note: 'No ticket yet' });
    expect(noTicket.statusCode).toBe(201);
    expect(noTicket.json().message).not.toContain('revise');
    const opened = await t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/proposal_tickets`, headers: auth, payload: { proposal_ticket: { details: 'Please quote' } } });
    expect(opened.statusCode).toBe(201);
    expect((await ask(share.token, { note: 'While open' })).statusCode).toBe(201);
    const ticket = await ticketOf(auth, projectId);
    expect(ticket.status).toBe(1);
    expect(ticket.proposal_ticket_histories).toHaveLength(1);
    const told = await t.db.select().from(notifications).where(and(eq(notifications.user_id, user.id), eq(notifications.kind, 'customer_responses')));
    expect(told).toHaveLength(2);
  });

  it('answers 409 on a signed link, 410 on an expired or revoked one, 404 on a forged one, 422 on a bad body', async () => {
    const { auth, projectId } = await h.memberWithProject();
    const signed = await h.link(auth, projectId);
    await t.db.update(projectShares).set({ signed_at: new Date() }).where(eq(projectShares.id, signed.id));
    const conflict = await ask(signed.token);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toBe(SHARE_MESSAGES.alreadySigned);
    const expired = await h.link(auth, projectId);
    await h.expire(expired.id);
    expect((await ask(expired.token)).statusCode).toBe(410);
    const revoked = await h.link(auth, projectId);
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${projectId}/shares/${revoked.id}`, headers: auth });
    expect((await ask(revoked.token)).json()).toMatchObject({ error: { code: 'gone', message: SHARE_MESSAGES.revoked } });
    expect((await ask(randomBytes(32).toString('base64url'))).statusCode).toBe(404);
    const live = await h.link(auth, projectId);
    expect((await ask(live.token, { note: '' })).statusCode).toBe(422);
    expect((await ask(live.token, { email: 'nope' })).statusCode).toBe(422);
    expect((await ask(live.token, { note: 'x'.repeat(4001) })).statusCode).toBe(422);
    expect(await t.db.select().from(shareChangeRequests).where(eq(shareChangeRequests.share_id, live.id))).toEqual([]);
  });

  it(`takes at most ${SHARE_LIMITS.changeRequestsPerSharePerHour} requests an hour per link, then 429 with Retry-After`, async () => {
    const { auth, projectId } = await h.memberWithProject();
    const share = await h.link(auth, projectId);
    for (let index = 0; index < SHARE_LIMITS.changeRequestsPerSharePerHour; index++) expect((await ask(share.token, { note: `Note ${index}` })).statusCode).toBe(201);
    const refused = await ask(share.token);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another link is counted apart.
    const other = await h.link(auth, projectId);
    expect((await ask(other.token)).statusCode).toBe(201);
  });
});
