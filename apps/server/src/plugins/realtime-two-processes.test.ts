import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../demo/seed.js';
import { loadActionCable, waitFor } from '../test/cable-client.js';
import { freePort, serverDir, tsxCli } from '../test/processes.js';

/**
 * DESIGN.md "Growing past one machine": two server processes on one PostgreSQL and Redis. A
 * change made through one reaches a realtime client of the other. It needs both services, so
 * it runs in CI's second pass (DATABASE_URL and REDIS_URL set) and is skipped otherwise.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

describe.runIf(Boolean(databaseUrl && redisUrl))('two server processes on one PostgreSQL and Redis', () => {
  const id = randomBytes(4).toString('hex');
  // Both processes share the keys, as PostgreSQL requires (issue 34 item 5); DATA_DIR is their own.
  const mfaKey = randomBytes(32).toString('base64');
  const tinKey = randomBytes(32).toString('base64');
  const database = `sunin_two_${id}`;
  const children: ChildProcess[] = [];
  const dirs: string[] = [];
  let urlA = '';
  let urlB = '';

  async function start(): Promise<string> {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sunin-proc-'));
    dirs.push(dataDir);
    const dbUrl = new URL(databaseUrl!);
    dbUrl.pathname = `/${database}`;
    const child = spawn(process.execPath, [tsxCli, '--conditions=source', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), REDIS_URL: redisUrl, REDIS_NAMESPACE: `two-${id}`, JWT_SECRET: `two-process-secret-${id}-0123456789abcdef`, MFA_ENCRYPTION_KEY: mfaKey, TIN_ENCRYPTION_KEY: tinKey, LOG_LEVEL: 'warn', SEED_DEMO: 'true', SESSION_CACHE_SECONDS: '60', NODE_ENV: 'development', WEB_DIST_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health`)).ok) return base;
      } catch {
        // not listening yet
      }
      if (Date.now() - started > 60_000) throw new Error('server process did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    urlA = await start(); // migrates and seeds the demo accounts
    urlB = await start();
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map((child) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`).catch(() => admin.query(`drop database if exists "${database}"`));
    await admin.end();
  }, 60_000);

  const json = async <T = Record<string, never>>(base: string, method: string, url: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as T, token: res.headers.get('authorization')?.replace('Bearer ', '') ?? '' };
  };

  it('delivers a notification created through process A to a client of process B', async () => {
    const signup = await json<{ user: { id: number } }>(urlA, 'POST', '/api/signup', {
      user: { first_name: 'Two', last_name: 'Procs', user_name: `two${id}`, email: `two.${id}@example.com`, phone_number: '5125550100', password: 'Sturdy-Gazelle-Orbit-77', password_confirmation: 'Sturdy-Gazelle-Orbit-77', address_1: '1 Way', city: 'Austin', state: 'TX', zip: '78701', account_type: 'referral_partner' },
    });
    expect(signup.status).toBe(201);
    const member = { token: signup.token, id: signup.body.user.id as number };
    const project = await json<{ projectId: number }>(urlA, 'POST', '/api/projects', { project: { company_name: 'Scale Co' } }, member.token);
    const ticket = await json<{ id: number }>(urlA, 'POST', `/api/projects/${project.body.projectId}/proposal_tickets`, { proposal_ticket: { details: 'Quote please', status: 1 } }, member.token);
    expect(ticket.status).toBe(201);

    const ActionCable = await loadActionCable();
    const consumer = ActionCable.createConsumer(`${urlB.replace('http', 'ws')}/cable?token=${member.token}`);
    const received: Array<{ type: string; payload: { message: string } }> = [];
    let connected = false;
    consumer.subscriptions.create({ channel: 'NotificationsChannel', user_id: member.id }, { connected: () => (connected = true), received: (data: (typeof received)[number]) => received.push(data) });
    await waitFor(() => connected, 10_000, 'subscription on process B');

    const admin = await json(urlA, 'POST', '/api/login', { user: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } });
    const accepted = await json(urlA, 'PUT', `/api/admin/proposal_tickets/${ticket.body.id}`, { proposal_ticket: { status: 2, engineer_name: 'Jamie Volt' } }, admin.token);
    expect(accepted.status).toBe(200);

    const event = await waitFor(() => received.find((e) => e.type === 'notification_created'), 10_000, 'the event on process B');
    expect(event.payload.message).toBe('Your proposal request for Scale Co is now: Proposal accepted and assigned to engineer.');
    consumer.disconnect();
  });

  it("drops a session cached by process B when process A ends it or changes its user's row (docs/decisions/028)", async () => {
    const until = async (check: () => Promise<boolean>, what: string) => {
      const started = Date.now();
      while (!(await check())) {
        if (Date.now() - started > 5_000) throw new Error(`Timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    // Each process keeps a session for 60 s here: only the bus can make B see the change sooner.
    const member = await json<{ user: { id: number; first_name: string } }>(urlA, 'POST', '/api/login', { user: { email: DEMO_ACCOUNTS.referral.email, password: DEMO_ACCOUNTS.referral.password } });
    const admin = await json(urlA, 'POST', '/api/login', { user: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } });
    const firstName = async () => (await json<{ first_name: string }>(urlB, 'GET', '/api/user/profile', undefined, member.token)).body.first_name;
    expect(await firstName()).toBe(member.body.user.first_name);

    const edited = await json(urlA, 'PUT', `/api/admin/users/${member.body.user.id}`, { user: { first_name: `Renamed${id}` } }, admin.token);
    expect(edited.status).toBe(200);
    await until(async () => (await firstName()) === `Renamed${id}`, 'the new name on process B');

    expect((await json(urlA, 'DELETE', '/api/logout', undefined, member.token)).status).toBe(200);
    await until(async () => (await json(urlB, 'GET', '/api/user/profile', undefined, member.token)).status === 401, 'the ended session refused by process B');
  });

  it('delivers one broadcast message published on Redis to the clients of both processes (docs/decisions/025)', async () => {
    const admin = await json<{ user: { id: number } }>(urlA, 'POST', '/api/login', { user: { email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password } });
    expect(admin.status).toBe(200);
    const ActionCable = await loadActionCable();
    const clients = [urlA, urlB].map((url) => {
      const consumer = ActionCable.createConsumer(`${url.replace('http', 'ws')}/cable?token=${admin.token}`);
      const state = { connected: false, received: [] as Array<{ type: string; payload: { title: string } }> };
      consumer.subscriptions.create({ channel: 'NotificationsChannel', user_id: admin.body.user.id }, { connected: () => (state.connected = true), received: (data: (typeof state.received)[number]) => state.received.push(data) });
      return { consumer, state };
    });
    await waitFor(() => clients.every((client) => client.state.connected), 10_000, 'subscriptions on both processes');

    // Published as any process's bus would: one message, however many users hear it.
    const publisher = new Redis(redisUrl!);
    const payload = { id: 0, user_id: 0, title: 'To everyone', message: 'Hello', read: false, viewed_on: null, created_at: new Date().toISOString(), project_id: null, proposal_ticket_id: null, kind: 'welcome' };
    await publisher.publish(`two-${id}:realtime`, JSON.stringify({ everyone: true, event: { type: 'notification_created', payload } }));
    publisher.disconnect();

    for (const client of clients) {
      const event = await waitFor(() => client.state.received.find((e) => e.type === 'notification_created' && e.payload.title === 'To everyone'), 10_000, 'the broadcast');
      expect(event.payload).toEqual(payload);
      client.consumer.disconnect();
    }
  });
});
