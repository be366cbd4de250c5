import { WEBHOOK_EVENT_DATA_SCHEMAS, WEBHOOK_EVENT_EXAMPLES, WEBHOOK_EVENT_TYPES } from '@sunin/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { webhookOutbox } from '../../test/webhook-outbox.js';
import { TestReceiver } from '../../test/webhook-receiver.js';
import { settleLocalPayouts } from '../earnings/payout-sending.service.js';

/**
 * Every event's payload and its ownership (issue 40 item 3): a member's endpoint receives only
 * their own data, a company-wide one everyone's. Each body is checked against the contract's
 * schema of its type, which the API reference shows. The customer's and the ledger's events
 * have files of their own (webhook-customer-events, webhook-ledger-events).
 */
let t: TestApp;
let admin: SignedIn;
let receiver: TestReceiver;
let alice: SignedIn;
let bob: SignedIn;
let outbox: ReturnType<typeof webhookOutbox>;
const endpoints: Record<'alice' | 'bob' | 'wide', number> = { alice: 0, bob: 0, wide: 0 };

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin());
  receiver = await new TestReceiver().start();
  outbox = webhookOutbox(t);
  alice = await t.signIn({ first_name: 'Alice' });
  bob = await t.signIn({ first_name: 'Bob' });
  endpoints.alice = await outbox.subscribe('alice', alice, receiver.url);
  endpoints.bob = await outbox.subscribe('bob', bob, receiver.url);
  endpoints.wide = await outbox.subscribe('wide', admin, receiver.url, true);
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const newDeliveries = () => outbox.newDeliveries();
const to = (...args: Parameters<typeof outbox.to>) => outbox.to(...args);
const call = (who: SignedIn, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers: who.auth, payload });

describe('project events', () => {
  let projectId: number;

  it('project.created goes to the owner and the company-wide endpoint, never to another member', async () => {
    await newDeliveries();
    const res = await call(alice, 'POST', '/api/projects', { project: { company_name: 'Alpine Dairy', city: 'Boise', state: 'ID' } });
    expect(res.statusCode, res.body).toBe(201);
    projectId = res.json().projectId;
    const rows = await newDeliveries();
    expect(to(rows, 'project.created')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toEqual({
      project: { id: projectId, owner_id: alice.user.id, company_name: 'Alpine Dairy', project_stage: 'Project Initiation', city: 'Boise', state: 'ID', created_at: expect.any(String), updated_at: expect.any(String) },
    });
  });

  it('project.updated names the fields changed, by the owner (one-statement write) or an administrator (the transactional path)', async () => {
    expect((await call(alice, 'PATCH', `/api/projects/${projectId}`, { project: { city: 'Nampa' } })).statusCode).toBe(200);
    let rows = await newDeliveries();
    expect(to(rows, 'project.updated')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toMatchObject({ project: { id: projectId, city: 'Nampa' }, changed_fields: ['city'] });
    expect(to(rows, 'project.stage_changed')).toEqual([]);

    expect((await call(admin, 'PUT', `/api/admin/projects/${projectId}`, { project: { company_name: 'Alpine Dairy Co-op' } })).statusCode).toBe(200);
    rows = await newDeliveries();
    expect(to(rows, 'project.updated')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toMatchObject({ project: { company_name: 'Alpine Dairy Co-op' }, changed_fields: ['account_id', 'company_name'] });

    // Nothing changed: no event.
    expect((await call(alice, 'PATCH', `/api/projects/${projectId}`, { project: { city: 'Nampa' } })).statusCode).toBe(200);
    expect(await newDeliveries()).toEqual([]);
  });

  it('project.stage_changed says from and to, beside project.updated', async () => {
    const res = await call(admin, 'PUT', `/api/admin/projects/${projectId}`, { project: { project_stage: 'Presentation Ready' } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newDeliveries();
    expect(to(rows, 'project.stage_changed')).toEqual(['alice', 'wide']);
    expect(rows.find((row) => row.type === 'project.stage_changed')!.data).toMatchObject({ project: { id: projectId, project_stage: 'Presentation Ready' }, from_stage: 'Project Initiation', to_stage: 'Presentation Ready' });
    expect(rows.find((row) => row.type === 'project.updated')!.data).toMatchObject({ changed_fields: ['project_stage'] });
  });

  it('proposal.status_changed follows the request from new to delivered', async () => {
    const created = await call(alice, 'POST', `/api/projects/${projectId}/proposal_tickets`, { proposal_ticket: { details: 'Quote please' } });
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = created.json().id as number;
    let rows = await newDeliveries();
    expect(to(rows, 'proposal.status_changed')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toEqual({
      proposal_request: { id: ticketId, project_id: projectId, owner_id: alice.user.id, company_name: 'Alpine Dairy Co-op' },
      from_status: null,
      to_status: 'Proposal requested and pending review',
    });
    const delivered = await call(admin, 'PUT', `/api/admin/proposal_tickets/${ticketId}`, { proposal_ticket: { status: 3, proposal_links: [{ title: 'v1', url: 'https://docs.example/p1' }] } });
    expect(delivered.statusCode, delivered.body).toBe(200);
    rows = await newDeliveries();
    expect(rows.filter((row) => row.type === 'proposal.status_changed').map((row) => row.data)).toEqual([
      expect.objectContaining({ from_status: 'Proposal requested and pending review', to_status: 'Proposal created and attached to project' }),
      expect.objectContaining({ from_status: 'Proposal requested and pending review', to_status: 'Proposal created and attached to project' }),
    ]);
  });
});

describe('earnings and payouts', () => {
  it('earnings.entry_changed on an entry added or changed, and payout.paid when the money arrives, to the partner only', async () => {
    await makePayoutReady(t, alice.user.id);
    await newDeliveries();
    const adjusted = await call(admin, 'POST', '/api/admin/earnings/adjustments', { user_id: alice.user.id, amount_usd: 2625.5, reason: 'Bonus' });
    expect(adjusted.statusCode, adjusted.body).toBe(201);
    let rows = await newDeliveries();
    expect(to(rows, 'earnings.entry_changed')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toMatchObject({ entry: { owner_id: alice.user.id, kind: 'adjustment', amount_usd: 2625.5, status: 'approved', project_id: null } });

    const paid = await call(admin, 'POST', '/api/admin/payouts', { user_id: alice.user.id, reference: 'ACH-HOOK-1' });
    expect(paid.statusCode, paid.body).toBe(201);
    rows = await newDeliveries();
    expect(rows.filter((row) => row.type === 'earnings.entry_changed').map((row) => (row.data as { entry: { status: string } }).entry.status)).toEqual(['paid', 'paid']);
    expect(to(rows, 'payout.paid')).toEqual([]);
    await settleLocalPayouts(t.app.ctx, { olderThanMs: 0 });
    rows = await newDeliveries();
    expect(to(rows, 'payout.paid')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toMatchObject({ payout: { owner_id: alice.user.id, amount_usd: 2625.5, reference: 'ACH-HOOK-1', paid_at: expect.any(String) } });
  });
});

describe('leads', () => {
  it('lead.created for a registration goes to its partner and the company-wide endpoint', async () => {
    await newDeliveries();
    const res = await call(alice, 'POST', '/api/user/leads', { lead: { company_name: 'Harbor Cold Storage', address_1: '9 Pier Rd', city: 'Alameda', state: 'CA', zip: '94501' } });
    expect(res.statusCode, res.body).toBe(201);
    const rows = await newDeliveries();
    expect(to(rows, 'lead.created')).toEqual(['alice', 'wide']);
    expect(rows[0]!.data).toMatchObject({ lead: { owner_id: alice.user.id, source: 'registration', company_name: 'Harbor Cold Storage', city: 'Alameda', state: 'CA' } });
  });
});

describe('what the endpoints chose', () => {
  it('an endpoint gets only the events it chose, and none while off', async () => {
    await t.app.inject({ method: 'PATCH', url: `/api/webhook_endpoints/${endpoints.alice}`, headers: alice.auth, payload: { webhook_endpoint: { events: ['lead.created'] } } });
    await newDeliveries();
    expect((await call(alice, 'POST', '/api/projects', { project: { company_name: 'Unheard Co' } })).statusCode).toBe(201);
    expect(to(await newDeliveries(), 'project.created')).toEqual(['wide']);
    await t.app.inject({ method: 'PATCH', url: `/api/webhook_endpoints/${endpoints.wide}`, headers: admin.auth, payload: { webhook_endpoint: { enabled: false } } });
    expect((await call(alice, 'POST', '/api/projects', { project: { company_name: 'Unheard Co 2' } })).statusCode).toBe(201);
    expect(await newDeliveries()).toEqual([]);
    const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, endpoints.wide)).limit(1);
    expect(row).toBeDefined();
  });

  it('the contract has an example of every type that its schema accepts', () => {
    for (const [type, example] of Object.entries(WEBHOOK_EVENT_EXAMPLES)) {
      expect(example.type).toBe(type);
      expect(() => WEBHOOK_EVENT_DATA_SCHEMAS[type as keyof typeof WEBHOOK_EVENT_DATA_SCHEMAS].parse(example.data), type).not.toThrow();
    }
    expect(Object.keys(WEBHOOK_EVENT_EXAMPLES).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'webhook.test'].sort());
  });
});
