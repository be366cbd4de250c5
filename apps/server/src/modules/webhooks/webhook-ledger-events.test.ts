import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earningEntries } from '../../db/schema/index.js';
import { makePayoutReady } from '../../test/payout-ready.js';
import { createTestAppWithAdmin, type SignedIn, type TestApp } from '../../test/test-app.js';
import { webhookOutbox, type OutboxDelivery } from '../../test/webhook-outbox.js';
import { TestReceiver } from '../../test/webhook-receiver.js';
import { applyDueClawbacksNow } from '../earnings/clawbacks.service.js';
import { applyPayoutStatus } from '../earnings/payout-sending.service.js';

/**
 * earnings.entry_changed at every ledger write besides the ones webhook-events.test.ts covers
 * (issue 40 item 3): clawbacks scheduled, applied and voided, a cancelled deal's entry, a deleted
 * project's, each to the partner and the company-wide endpoint, never to another member (each
 * test has a partner of its own, so one test's balance never changes another's payout). The
 * worker here polls once an hour, so a delivery that arrives was sent because its change woke it.
 */
let t: TestApp;
let admin: SignedIn;
let receiver: TestReceiver;
let outbox: ReturnType<typeof webhookOutbox>;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithAdmin({}, { webhooks: { pollIntervalMs: 3_600_000 } }));
  receiver = await new TestReceiver().start();
  outbox = webhookOutbox(t);
  await outbox.subscribe('bystander', await t.signIn({ first_name: 'Bob' }), receiver.url);
  await outbox.subscribe('wide', admin, receiver.url, true);
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: admin.auth, ...(payload ? { payload } : {}) });
const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res;
};
type Entry = { id: number; owner_id: number; kind: string; status: string; amount_usd: number; project_id: number | null };
/** The entries earnings.entry_changed sent among `rows` (newest first), each once as it stands last, by entry id. */
function changedEntries(rows: OutboxDelivery[]): Entry[] {
  const entries = [...rows].reverse().filter((row) => row.type === 'earnings.entry_changed').map((row) => (row.data as { entry: Entry }).entry);
  return [...new Map(entries.map((entry) => [entry.id, entry])).values()].sort((a, b) => a.id - b.id);
}
/** Every earnings.entry_changed among `rows` went to `who`'s endpoint and the company-wide one, and to no other. */
function expectOwnerAndWide(rows: OutboxDelivery[], who: Partner): void {
  const to = outbox.to(rows, 'earnings.entry_changed');
  expect(to.length).toBeGreaterThan(0);
  expect(to.filter((name) => name === who.name).length).toBe(to.length / 2);
  expect(to.filter((name) => name === 'wide').length).toBe(to.length / 2);
}

type Partner = SignedIn & { name: string };
let partners = 0;
/** A payable partner subscribed to every event under their own name. */
async function partner(): Promise<Partner> {
  const who = await t.signIn({ first_name: `Partner${++partners}` });
  await makePayoutReady(t, who.user.id);
  const name = `partner${partners}`;
  await outbox.subscribe(name, who, receiver.url);
  return { ...who, name };
}

let projects = 0;
/** The partner's project at Project Completion with a deal (their entry approved), optionally paid. */
async function dealProject(who: Partner, paid: boolean): Promise<{ projectId: number; entryId: number; payoutId: number | null }> {
  const created = await ok('POST', '/admin/projects', { project: { user_id: who.user.id, company_name: `Ledger Co ${++projects}`, project_stage: 'Project Completion' } });
  const projectId = created.json().id as number;
  const entryId = (await ok('PUT', `/admin/projects/${projectId}/deal`, { contract_value_usd: 100_000, net_profit_usd: 100_000 })).json().deal.entry.id as number;
  if (!paid) return { projectId, entryId, payoutId: null };
  const payout = await ok('POST', '/admin/payouts', { user_id: who.user.id, reference: `ACH-LEDGER-${projects}` });
  return { projectId, entryId, payoutId: payout.json().id as number };
}

describe('clawbacks', () => {
  it('a clawback scheduled, then applied when due: each an earnings.entry_changed of the clawback entry', async () => {
    const who = await partner();
    const { entryId } = await dealProject(who, true);
    await outbox.newDeliveries();
    await ok('POST', '/admin/earnings/clawbacks', { clawback: { entry_id: entryId, reason: 'deal_cancelled' } });
    let rows = await outbox.newDeliveries();
    expectOwnerAndWide(rows, who);
    const [scheduled] = changedEntries(rows);
    expect(scheduled).toMatchObject({ owner_id: who.user.id, kind: 'clawback', status: 'expected', amount_usd: -20_000 });

    await t.db.update(earningEntries).set({ applies_at: new Date(Date.now() - 1000) }).where(and(eq(earningEntries.kind, 'clawback'), eq(earningEntries.clawback_of, entryId)));
    expect(await applyDueClawbacksNow(t.app.ctx)).toBe(1);
    rows = await outbox.newDeliveries();
    expectOwnerAndWide(rows, who);
    expect(changedEntries(rows)).toEqual([expect.objectContaining({ id: scheduled!.id, kind: 'clawback', status: 'approved' })]);
  });

  it('archiving a paid project schedules its clawback through the stage change', async () => {
    const who = await partner();
    const { projectId } = await dealProject(who, true);
    await outbox.newDeliveries();
    await ok('PUT', `/admin/projects/${projectId}`, { project: { project_stage: 'Archived' } });
    const rows = await outbox.newDeliveries();
    expect(changedEntries(rows)).toEqual([expect.objectContaining({ kind: 'clawback', status: 'expected', project_id: projectId })]);
    expect(outbox.to(rows, 'project.stage_changed')).toEqual([who.name, 'wide']);
  });

  it('a payout that fails after its deal was cancelled voids the deal entry and its clawback, and says so for both', async () => {
    const who = await partner();
    const { projectId, entryId, payoutId } = await dealProject(who, true);
    await outbox.newDeliveries();
    await ok('POST', `/admin/projects/${projectId}/deal/cancel`, { reason: 'Customer walked away' });
    expect(changedEntries(await outbox.newDeliveries())).toEqual([expect.objectContaining({ kind: 'clawback', status: 'expected' })]);

    expect(await applyPayoutStatus(t.app.ctx, payoutId!, 'failed', 'The bank account is closed (account_closed).')).toBe('applied');
    const rows = await outbox.newDeliveries();
    expectOwnerAndWide(rows, who);
    const entries = changedEntries(rows);
    expect(entries.find((entry) => entry.id === entryId)).toMatchObject({ kind: 'deal', status: 'void' });
    expect(entries.find((entry) => entry.kind === 'clawback')).toMatchObject({ status: 'void', amount_usd: -20_000 });
  });
});

describe('voids', () => {
  it('a cancelled deal voids its unpaid entry', async () => {
    const who = await partner();
    const { projectId, entryId } = await dealProject(who, false);
    await outbox.newDeliveries();
    await ok('POST', `/admin/projects/${projectId}/deal/cancel`, { reason: 'Financing fell through' });
    const rows = await outbox.newDeliveries();
    expectOwnerAndWide(rows, who);
    expect(changedEntries(rows)).toEqual([expect.objectContaining({ id: entryId, kind: 'deal', status: 'void' })]);
  });

  it('a deleted project voids its expected entry before it goes', async () => {
    const who = await partner();
    const created = await ok('POST', '/admin/projects', { project: { user_id: who.user.id, company_name: 'Deleted Co' } });
    const projectId = created.json().id as number;
    const recorded = await ok('PUT', `/admin/projects/${projectId}/deal`, { contract_value_usd: 50_000, net_profit_usd: 5_000 });
    const entry = recorded.json().deal.entry as { id: number; status: string };
    expect(entry.status).toBe('expected');
    expect(changedEntries(await outbox.newDeliveries())).toEqual([expect.objectContaining({ id: entry.id, status: 'expected' })]);
    await ok('DELETE', `/admin/projects/${projectId}`);
    const rows = await outbox.newDeliveries();
    expectOwnerAndWide(rows, who);
    expect(changedEntries(rows)).toEqual([expect.objectContaining({ id: entry.id, kind: 'deal', status: 'void', project_id: projectId })]);
  });
});

describe('the worker woken after the commit', () => {
  /** The first message the receiver got (or gets) of an entry that `matches`. */
  type Sent = Entry & { updated_at: string };
  const entryOf = (body: string) => {
    const message = JSON.parse(body) as { type: string; data: { entry?: Sent } };
    return message.type === 'earnings.entry_changed' ? message.data.entry : undefined;
  };
  const sentEntry = async (matches: (entry: Sent) => boolean): Promise<Sent> => {
    const received = await receiver.receive((request) => {
      const entry = entryOf(request.body);
      return entry !== undefined && matches(entry);
    });
    return entryOf(received.body)!;
  };

  it('an earnings-only change, a payout and its failure are each sent without waiting for the poll', async () => {
    const who = await partner();
    // Nothing in flight before each change: only its wake sends what it wrote.
    await t.app.ctx.webhooks.flush();
    const adjusted = await ok('POST', '/admin/earnings/adjustments', { user_id: who.user.id, amount_usd: 3000, reason: 'Woken' });
    const id = adjusted.json().id as number;
    await sentEntry((entry) => entry.id === id && entry.status === 'approved');

    await t.app.ctx.webhooks.flush();
    const payout = await ok('POST', '/admin/payouts', { user_id: who.user.id, reference: 'ACH-WAKE' });
    const paid = await sentEntry((entry) => entry.id === id && entry.status === 'paid');
    await t.app.ctx.webhooks.flush();
    await applyPayoutStatus(t.app.ctx, payout.json().id as number, 'failed', 'Returned by the bank.');
    await sentEntry((entry) => entry.id === id && entry.status === 'approved' && entry.updated_at > paid.updated_at);
  });
});
