import {
  WEBHOOK_EVENT_DATA_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SECRET_PREFIX,
  webhookDeliveryListSchema,
  type WebhookDelivery,
  type WebhookEndpointCreated,
} from '@sunin/contract';
import { and, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditEntries, mailOutbox, notifications, users, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { userChanged } from '../auth/sessions.service.js';
import { createTestApp, type SignedIn, type TestApp } from '../../test/test-app.js';
import { TestReceiver } from '../../test/webhook-receiver.js';
import { missingTokenScopes } from './webhook-endpoints.service.js';
import { pruneWebhookDeliveries } from './webhook-prune.job.js';

/** Outbound webhooks (issue 40 items 3 to 5): endpoints, events and ownership, signatures, retries, disabling, refusals. */
let t: TestApp;
let admin: SignedIn;
let receiver: TestReceiver;
/** The webhook worker's clock: real time plus what a test moved it by. */
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const SECOND = 1000;

beforeAll(async () => {
  t = await createTestApp({}, { webhooks: { now } });
  admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
  receiver = await new TestReceiver().start();
});
afterAll(async () => {
  await t?.close();
  await receiver?.stop();
});
beforeEach(() => {
  offsetMs = 0;
  receiver.status = 200;
  receiver.answer = 'ok';
  receiver.headers = {};
});

const post = (who: SignedIn, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
const createEndpoint = (who: SignedIn, endpoint: Record<string, unknown>) => post(who, '/api/webhook_endpoints', { webhook_endpoint: endpoint });
async function subscribe(who: SignedIn, endpoint: Record<string, unknown> = {}): Promise<WebhookEndpointCreated> {
  const res = await createEndpoint(who, { url: receiver.url, events: [...WEBHOOK_EVENT_TYPES], ...endpoint });
  expect(res.statusCode, res.body).toBe(201);
  // The secret is in this answer only: never cached.
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json();
}
const deliveriesOf = (endpointId: number) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpoint_id, endpointId)).orderBy(webhookDeliveries.id);
async function logOf(who: SignedIn, endpointId: number): Promise<WebhookDelivery[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${endpointId}/deliveries?per_page=100`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return webhookDeliveryListSchema.parse(res.json()).deliveries;
}
const flush = () => t.app.ctx.webhooks.flush();
const expectError = (res: { statusCode: number; json(): unknown }, status: number, code: string) => {
  expect(res.statusCode).toBe(status);
  expect((res.json() as { error: { code: string } }).error.code).toBe(code);
};

describe('endpoints', () => {
  it('answers a whsec_ secret once, keeps it sealed, audits without it, and lists only what the caller may see', async () => {
    const member = await t.signIn();
    const other = await t.signIn();
    const created = await subscribe(member, { events: ['project.created'], description: 'CRM' });
    expect(created.secret).toMatch(new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9+/]{43}=$`));
    expect(() => new Webhook(created.secret)).not.toThrow();
    expect(created.webhook_endpoint).toMatchObject({ url: receiver.url, events: ['project.created'], description: 'CRM', company_wide: false, enabled: true, failing_since: null });
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.webhook_endpoint.id));
    expect(row!.secret_sealed).not.toContain(created.secret.slice(WEBHOOK_SECRET_PREFIX.length, 20));
    expect(t.app.ctx.webhookSecrets.decrypt(row!.secret_sealed)).toBe(created.secret);
    const [audit] = await t.db.select().from(auditEntries).where(and(eq(auditEntries.entity_type, 'webhook_endpoint'), eq(auditEntries.entity_id, created.webhook_endpoint.id)));
    expect(audit!.action).toBe('created');
    expect(JSON.stringify(audit!.changes)).not.toContain(created.secret.slice(WEBHOOK_SECRET_PREFIX.length));

    const own = await t.app.inject({ method: 'GET', url: '/api/webhook_endpoints', headers: member.auth });
    expect(own.json().webhook_endpoints.map((e: { id: number }) => e.id)).toEqual([created.webhook_endpoint.id]);
    expect(JSON.stringify(own.json())).not.toContain('secret');
    expect((await t.app.inject({ method: 'GET', url: '/api/webhook_endpoints', headers: other.auth })).json()).toEqual({ webhook_endpoints: [] });
    for (const [method, url] of [
      ['GET', `/api/webhook_endpoints/${created.webhook_endpoint.id}`],
      ['DELETE', `/api/webhook_endpoints/${created.webhook_endpoint.id}`],
      ['POST', `/api/webhook_endpoints/${created.webhook_endpoint.id}/test`],
      ['GET', `/api/webhook_endpoints/${created.webhook_endpoint.id}/deliveries`],
    ] as const) {
      expectError(await t.app.inject({ method, url, headers: other.auth }), 404, 'not_found');
    }
  });

  it('gives company-wide endpoints to full access administrators only, and shows them to every administrator', async () => {
    const member = await t.signIn();
    expectError(await createEndpoint(member, { url: receiver.url, events: ['lead.created'], company_wide: true }), 403, 'forbidden');
    const wide = await subscribe(admin, { events: ['lead.created'], company_wide: true });
    expect(wide.webhook_endpoint.company_wide).toBe(true);
    const otherAdmin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const seen = (await t.app.inject({ method: 'GET', url: '/api/webhook_endpoints', headers: otherAdmin.auth })).json().webhook_endpoints.map((e: { id: number }) => e.id);
    expect(seen).toContain(wide.webhook_endpoint.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${wide.webhook_endpoint.id}`, headers: otherAdmin.auth })).statusCode).toBe(200);
    expectError(await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${wide.webhook_endpoint.id}`, headers: member.auth }), 404, 'not_found');
    await t.app.inject({ method: 'DELETE', url: `/api/webhook_endpoints/${wide.webhook_endpoint.id}`, headers: admin.auth });
  });

  it('holds at most ten endpoints a member', async () => {
    const member = await t.signIn();
    for (let i = 0; i < 10; i++) await subscribe(member, { events: ['project.created'] });
    expectError(await createEndpoint(member, { url: receiver.url, events: ['project.created'] }), 422, 'rule_broken');
  });

  it('refuses private, link-local and other non-public targets on the url field, at creation and update, without sending anything', async () => {
    const member = await t.signIn();
    const resolveHost = t.app.ctx.resolveHost;
    t.app.ctx.resolveHost = async (host) => (host === 'inside.example' ? [{ address: '10.0.0.8', family: 4 }] : host === 'public.example' ? [{ address: '8.8.8.8', family: 4 }] : Promise.reject(new Error('ENOTFOUND')));
    try {
      for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest/meta-data', 'http://[fd00::1]/', 'http://[::ffff:192.168.0.1]/', 'http://100.64.1.1/', 'http://inside.example/hook']) {
        const res = await createEndpoint(member, { url, events: ['project.created'] });
        expect(res.statusCode, url).toBe(422);
        expect(res.json().error, url).toMatchObject({ code: 'validation_failed', fields: { url: 'The URL must point to a public address.' } });
      }
      expect((await createEndpoint(member, { url: 'http://nowhere.example/', events: ['project.created'] })).json().error.fields).toEqual({ url: "The URL's host could not be found." });
      // A public name passes the check (no event is sent to it: the endpoint is deleted at once).
      const ok = await createEndpoint(member, { url: 'https://public.example/hook', events: ['project.created'] });
      expect(ok.statusCode).toBe(201);
      const id = ok.json().webhook_endpoint.id as number;
      const moved = await t.app.inject({ method: 'PATCH', url: `/api/webhook_endpoints/${id}`, headers: member.auth, payload: { webhook_endpoint: { url: 'http://inside.example/' } } });
      expect(moved.json().error).toMatchObject({ code: 'validation_failed', fields: { url: 'The URL must point to a public address.' } });
      expect((await t.app.inject({ method: 'DELETE', url: `/api/webhook_endpoints/${id}`, headers: member.auth })).statusCode).toBe(204);
    } finally {
      t.app.ctx.resolveHost = resolveHost;
    }
    expect(await t.db.select().from(webhookDeliveries).innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpoint_id)).where(eq(webhookEndpoints.user_id, member.user.id))).toEqual([]);
  });

  it('stops sending everyone\'s data to a company-wide endpoint, and hides it, once its administrator loses the role', async () => {
    const formerAdmin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const wide = await subscribe(formerAdmin, { events: ['project.created'], company_wide: true });
    await t.db.update(users).set({ account_type: 'sales_partner', company_role: null }).where(eq(users.id, formerAdmin.user.id));
    await userChanged(t.app.ctx, [formerAdmin.user.id]);
    const member = await t.signIn();
    expect((await post(member, '/api/projects', { project: { company_name: 'Not For Former Admins' } })).statusCode).toBe(201);
    expect(await deliveriesOf(wide.webhook_endpoint.id)).toEqual([]);
    for (const url of [`/api/webhook_endpoints/${wide.webhook_endpoint.id}`, `/api/webhook_endpoints/${wide.webhook_endpoint.id}/deliveries`]) {
      expectError(await t.app.inject({ method: 'GET', url, headers: formerAdmin.auth }), 404, 'not_found');
    }
    expectError(await post(formerAdmin, `/api/webhook_endpoints/${wide.webhook_endpoint.id}/test`), 404, 'not_found');
  });

  it('holds an API token to the scopes of an endpoint\'s events on every route: log, test, replay, delete and the list', async () => {
    const partner = await t.signIn({ account_type: 'sales_partner', subscription_status: 'active' });
    const tokenOf = async (who: SignedIn, scopes: string[]) => {
      const res = await post(who, '/api/user/api_tokens', { api_token: { name: scopes.join(' '), scopes, expires_in_days: 30 } });
      expect(res.statusCode, res.body).toBe(201);
      return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
    };
    const payouts = await subscribe(partner, { events: ['payout.paid'] });
    const test = await post(partner, `/api/webhook_endpoints/${payouts.webhook_endpoint.id}/test`);
    expect(test.statusCode).toBe(201);
    const projectsOnly = await tokenOf(partner, ['projects:read']);
    const base = `/api/webhook_endpoints/${payouts.webhook_endpoint.id}`;
    for (const [method, url] of [['GET', base], ['GET', `${base}/deliveries`], ['POST', `${base}/test`], ['POST', `${base}/deliveries/${(test.json() as { delivery: { id: number } }).delivery.id}/replay`], ['DELETE', base]] as const) {
      expectError(await t.app.inject({ method, url, headers: projectsOnly }), 403, 'insufficient_scope');
    }
    const listed = await t.app.inject({ method: 'GET', url: '/api/webhook_endpoints', headers: projectsOnly });
    expect((listed.json() as { webhook_endpoints: unknown[] }).webhook_endpoints).toEqual([]);
    const earnings = await tokenOf(partner, ['earnings:read']);
    expect((await t.app.inject({ method: 'GET', url: `${base}/deliveries`, headers: earnings })).statusCode).toBe(200);

    // An administrator's token without `admin` sees no company-wide endpoint, not even its log.
    const wide = await subscribe(admin, { events: ['project.created'], company_wide: true });
    const adminProjects = await tokenOf(admin, ['projects:read']);
    expectError(await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${wide.webhook_endpoint.id}/deliveries`, headers: adminProjects }), 404, 'not_found');
    const adminToken = await tokenOf(admin, ['admin', 'projects:read']);
    expect((await t.app.inject({ method: 'GET', url: `/api/webhook_endpoints/${wide.webhook_endpoint.id}/deliveries`, headers: adminToken })).statusCode).toBe(200);
  });

  it('asks an API token for the scopes of the chosen events, and admin for company-wide', () => {
    expect(missingTokenScopes(undefined, ['payout.paid'], true)).toEqual([]);
    expect(missingTokenScopes(['projects:read'], ['project.created', 'lead.created'], false)).toEqual([]);
    expect(missingTokenScopes(['projects:read'], ['project.created', 'payout.paid', 'earnings.entry_changed'], false)).toEqual(['earnings:read']);
    expect(missingTokenScopes(['projects:read', 'earnings:read'], ['project.created'], true)).toEqual(['admin']);
    expect(missingTokenScopes(['projects:write'], ['proposal.signed'], false)).toEqual(['projects:read']);
  });
});

describe('deliveries', () => {
  it('keeps at most four attempts in flight to one endpoint, so a receiver that hangs cannot take every lane', async () => {
    const held: http.ServerResponse[] = [];
    const hanging = http.createServer((request, response) => {
      request.resume();
      held.push(response);
    });
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const member = await t.signIn();
      const { webhook_endpoint: endpoint } = await subscribe(member, { url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hooks` });
      for (let index = 0; index < 6; index++) expect((await post(member, `/api/webhook_endpoints/${endpoint.id}/test`)).statusCode).toBe(201);
      const flushing = flush();
      await vi.waitFor(() => expect(held).toHaveLength(4));
      // The other lanes found nothing they may take: two deliveries wait, unclaimed.
      expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.attempts).sort()).toEqual([0, 0, 1, 1, 1, 1]);
      for (const response of held.splice(0)) response.end('ok');
      await vi.waitFor(() => expect(held).toHaveLength(2));
      for (const response of held.splice(0)) response.end('ok');
      await flushing;
      await flush();
      expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.status)).toEqual(Array(6).fill('succeeded'));
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('signs each delivery as Standard Webhooks says, verified by the package, and logs each attempt', async () => {
    const member = await t.signIn();
    const { webhook_endpoint: endpoint, secret } = await subscribe(member);
    receiver.received = [];
    const test = await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    expect(test.statusCode, test.body).toBe(201);
    await flush();
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got!.headers['content-type']).toBe('application/json');
    expect(got!.headers['user-agent']).toMatch(/^SunIn-Partner-Portal-Webhooks\//);
    expect(got!.headers['webhook-id']).toBe(test.json().delivery.message_id);
    const verified = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as { type: string; data: unknown };
    expect(verified).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(WEBHOOK_EVENT_DATA_SCHEMAS['webhook.test'].parse(verified.data)).toBeTruthy();
    // Another secret does not verify it.
    expect(() => new Webhook(`${WEBHOOK_SECRET_PREFIX}${Buffer.alloc(32, 1).toString('base64')}`).verify(got!.body, got!.headers as Record<string, string>)).toThrow();

    const [logged] = await logOf(member, endpoint.id);
    expect(logged).toMatchObject({ status: 'succeeded', attempts: 1, next_attempt_at: null, event_type: 'webhook.test' });
    expect(logged!.attempt_log).toEqual([expect.objectContaining({ status_code: 200, error: null, response_excerpt: 'ok' })]);

    // Replay: a new delivery with the same body and webhook-id.
    const replay = await post(member, `/api/webhook_endpoints/${endpoint.id}/deliveries/${logged!.id}/replay`);
    expect(replay.statusCode, replay.body).toBe(201);
    expect(replay.json().delivery).toMatchObject({ message_id: logged!.message_id, status: 'pending', payload: logged!.payload });
    await flush();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(logged!.message_id);
    expect(receiver.received[1]!.body).toBe(got!.body);
    expect((await logOf(member, endpoint.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('fails a redirect without following it, and keeps at most 4 KiB of an answer', async () => {
    const member = await t.signIn();
    const { webhook_endpoint: endpoint } = await subscribe(member);
    receiver.received = [];
    receiver.status = 302;
    receiver.headers = { location: 'http://169.254.169.254/' };
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    await flush();
    expect(receiver.received).toHaveLength(1);
    let [delivery] = await logOf(member, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    expect(delivery!.attempt_log[0]).toMatchObject({ status_code: 302, error: 'The receiver answered 302.' });

    receiver.status = 500;
    receiver.answer = 'x'.repeat(100_000);
    offsetMs = 5 * SECOND;
    await flush();
    [delivery] = await logOf(member, endpoint.id);
    expect(delivery!.attempt_log[0]).toMatchObject({ status_code: 500 });
    expect(delivery!.attempt_log[0]!.response_excerpt).toBe('x'.repeat(4096));
  });

  it('retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up', async () => {
    const member = await t.signIn();
    const { webhook_endpoint: endpoint } = await subscribe(member);
    receiver.status = 503;
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    await flush();
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      const [before] = await deliveriesOf(endpoint.id);
      expect(before!.status).toBe('pending');
      const lastAttempt = (await logOf(member, endpoint.id))[0]!.attempt_log[0]!;
      // Due exactly `delay` after the attempt that failed; not a moment before.
      expect(before!.next_attempt_at.getTime() - new Date(lastAttempt.attempted_at).getTime()).toBeGreaterThanOrEqual(delay * SECOND);
      expect(before!.next_attempt_at.getTime() - new Date(lastAttempt.attempted_at).getTime()).toBeLessThan(delay * SECOND + 2 * SECOND);
      offsetMs = before!.next_attempt_at.getTime() - Date.now() - 1000;
      await flush();
      expect((await deliveriesOf(endpoint.id))[0]!.attempts, 'not yet due').toBe(before!.attempts);
      offsetMs = before!.next_attempt_at.getTime() - Date.now() + 10;
      await flush();
      expect((await deliveriesOf(endpoint.id))[0]!.attempts).toBe(before!.attempts + 1);
    }
    const [given] = await logOf(member, endpoint.id);
    expect(given).toMatchObject({ status: 'failed', attempts: 8, next_attempt_at: null });
    expect(given!.attempt_log).toHaveLength(8);
    expect(given!.attempt_log.every((attempt) => attempt.status_code === 503)).toBe(true);
    offsetMs += 100 * 3600 * SECOND;
    await flush();
    expect((await deliveriesOf(endpoint.id))[0]!.attempts).toBe(8);
  });

  it('turns an endpoint off after five days of failures, fails its pending deliveries and tells its owner; on again clears it', async () => {
    const member = await t.signIn({ email: `hooks-${Date.now()}@example.com` });
    const { webhook_endpoint: endpoint } = await subscribe(member);
    receiver.status = 500;
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    await flush();
    const [failing] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(failing!.failing_since).not.toBeNull();
    expect(failing!.enabled).toBe(true);
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);

    // Failing every day for four days: still failing, still on.
    for (const day of [1, 2, 3, 4]) {
      offsetMs = day * 24 * 3600 * SECOND;
      await flush();
      expect((await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]).toMatchObject({ enabled: true, failing_since: failing!.failing_since });
    }
    // Five days and a little after the first failure: the next failure turns it off.
    offsetMs = 5 * 24 * 3600 * SECOND + 60 * SECOND;
    await flush();
    const [off] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(off).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['failed', 'failed']);
    const told = await t.db.select().from(notifications).where(eq(notifications.user_id, member.user.id));
    expect(told).toEqual([expect.objectContaining({ kind: 'integrations', title: 'Webhook endpoint turned off' })]);
    const mail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, member.user.email));
    expect(mail.map((m) => m.subject)).toEqual(['Your webhook endpoint was turned off']);

    // Off: new events are not written for it, and nothing more is attempted.
    receiver.status = 200;
    const attempts = (await deliveriesOf(endpoint.id)).map((d) => d.attempts);
    await flush();
    expect((await deliveriesOf(endpoint.id)).map((d) => d.attempts)).toEqual(attempts);

    const on = await t.app.inject({ method: 'PATCH', url: `/api/webhook_endpoints/${endpoint.id}`, headers: member.auth, payload: { webhook_endpoint: { enabled: true } } });
    expect(on.json().webhook_endpoint).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null, failing_since: null });
  });

  it('starts a new failing period after a long quiet spell, so one failure weeks later does not turn the endpoint off', async () => {
    const member = await t.signIn();
    const { webhook_endpoint: endpoint } = await subscribe(member);
    receiver.status = 500;
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    await flush();
    const [first] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    // Its retry waits; three weeks later a new event fails once: a new period, still on.
    await t.db.update(webhookDeliveries).set({ status: 'failed' }).where(eq(webhookDeliveries.endpoint_id, endpoint.id));
    offsetMs = 21 * 24 * 3600 * SECOND;
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    await flush();
    const [later] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(later).toMatchObject({ enabled: true });
    expect(later!.failing_since!.getTime()).toBeGreaterThan(first!.failing_since!.getTime() + 20 * 24 * 3600 * SECOND);
  });

  it('delivers to a receiver that was down: the issue test (a real receiver on 127.0.0.1, killed, retried, restarted)', async () => {
    const down = await new TestReceiver().start();
    const member = await t.signIn();
    const { webhook_endpoint: endpoint, secret } = await subscribe(member, { url: down.url, events: ['project.created'] });
    await down.stop();
    const project = await post(member, '/api/projects', { project: { company_name: 'Receiver Down Co', city: 'Austin' } });
    expect(project.statusCode, project.body).toBe(201);
    await flush();
    offsetMs = 5 * SECOND + 100;
    await flush();
    let [delivery] = await logOf(member, endpoint.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 2 });
    expect(delivery!.attempt_log.map((attempt) => attempt.status_code)).toEqual([null, null]);
    expect(delivery!.attempt_log[0]!.error).toMatch(/ECONNREFUSED/);

    await down.start();
    offsetMs = 5 * SECOND + 5 * 60 * SECOND + 200;
    await flush();
    [delivery] = await logOf(member, endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 3 });
    expect(down.received).toHaveLength(1);
    const headers = down.received[0]!.headers as Record<string, string>;
    expect(headers['webhook-id']).toBe(delivery!.message_id);
    // Signed at the attempt, by the moved clock: verified with the package at that time.
    const message = JSON.parse(down.received[0]!.body) as { type: string; data: { project: { company_name: string } } };
    expect(message).toMatchObject({ type: 'project.created', data: { project: { company_name: 'Receiver Down Co', owner_id: member.user.id } } });
    const sig = new Webhook(secret);
    expect(() => sig.verify(down.received[0]!.body, { ...headers, 'webhook-timestamp': headers['webhook-timestamp']! })).toThrow(/timestamp/i);
    expect(sig.sign(headers['webhook-id']!, new Date(Number(headers['webhook-timestamp']) * 1000), down.received[0]!.body)).toBe(headers['webhook-signature']);
    await down.stop();
  });

  it('prunes deliveries older than 30 days', async () => {
    const member = await t.signIn();
    const { webhook_endpoint: endpoint } = await subscribe(member);
    await post(member, `/api/webhook_endpoints/${endpoint.id}/test`);
    await flush();
    expect(await pruneWebhookDeliveries(t.app.ctx, new Date(Date.now() + 29 * 24 * 3600 * SECOND))).toBe(0);
    expect((await deliveriesOf(endpoint.id)).length).toBe(1);
    expect(await pruneWebhookDeliveries(t.app.ctx, new Date(Date.now() + 31 * 24 * 3600 * SECOND))).toBeGreaterThanOrEqual(1);
    expect(await deliveriesOf(endpoint.id)).toEqual([]);
  });
});
