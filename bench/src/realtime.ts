/**
 * Realtime (npm run bench:realtime): BENCH_CLIENTS real websockets on /cable, each speaking
 * ActionCable (subprotocol actioncable-v1-json, token in the query string, one subscription to
 * its own NotificationsChannel), held open against the real built server. Reports connect
 * time and server memory per connection, then two deliveries to every client:
 *
 * 1. a notification to every user through the real API path: an admin moving each member's
 *    project to another stage (PUT /api/admin/projects/:id), which writes the owner's
 *    notification and publishes it (projects.service.ts updateProject);
 * 2. a broadcast to all: the bench acts as another server process and publishes one
 *    notification_created event per user on the Redis bus channel (<namespace>:realtime,
 *    lib/bus.ts) in one pipeline. Needs Redis; skipped without it.
 *
 * Latency is the time from sending (the request, or the pipeline) to the client reading the
 * event, on the bench's one clock.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { NOTIFICATIONS_CHANNEL, PROJECT_STAGES } from '@sunin/contract';
import { Redis } from 'ioredis';
import WebSocket from 'ws';
import { onCleanup } from './lib/cleanup.js';
import { createBenchDatabase, withClient } from './lib/database.js';
import { knobs } from './lib/env.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, mib, note, percentile, printTable } from './lib/report.js';
import { insertAdmin, insertMembers, insertProjects } from './lib/seed.js';
import { residentBytes, startPortalServer, type PortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const PROTOCOL = 'actioncable-v1-json';
const CONNECT_CONCURRENCY = 200;
const CONNECT_TIMEOUT_MS = 30_000;
const NOTIFY_CONCURRENCY = 16;
/** How long deliveries may still arrive after the last send. */
const DELIVERY_TIMEOUT_MS = 30_000;
/** Sending the per-user notifications stops after this long (keeps the bench bounded). */
const NOTIFY_SEND_LIMIT_MS = 180_000;
const STAGE_TITLE = 'Project stage updated';
const BROADCAST_TITLE = 'Bench broadcast';
const NEXT_STAGE = PROJECT_STAGES[1];

interface Phase {
  name: string;
  sentAt: Float64Array;
  receivedAt: Float64Array;
}

function newPhase(name: string, size: number): Phase {
  return { name, sentAt: new Float64Array(size).fill(Number.NaN), receivedAt: new Float64Array(size).fill(Number.NaN) };
}

/** Runs `work` over items with at most `limit` in flight. */
async function inParallel<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>, stopAt = Infinity): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && performance.now() < stopAt) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

async function waitForDeliveries(phase: Phase, deadline: number): Promise<void> {
  const expected = phase.sentAt.filter((value) => !Number.isNaN(value)).length;
  while (performance.now() < deadline) {
    let received = 0;
    for (const value of phase.receivedAt) if (!Number.isNaN(value)) received++;
    if (received >= expected) return;
    await sleep(100);
  }
}

function summarize(phase: Phase, total: number, sendSeconds: number): string[] {
  const latencies: number[] = [];
  for (let i = 0; i < total; i++) {
    const sent = phase.sentAt[i] ?? Number.NaN;
    const received = phase.receivedAt[i] ?? Number.NaN;
    if (!Number.isNaN(sent) && !Number.isNaN(received)) latencies.push(received - sent);
  }
  latencies.sort((a, b) => a - b);
  return [phase.name, fixed(sendSeconds, 1), fixed(percentile(latencies, 50), 0), fixed(percentile(latencies, 99), 0), `${latencies.length} / ${total}`, `${fixed((latencies.length / total) * 100, 1)} %`];
}

export async function runRealtimeBench(): Promise<void> {
  const clients = knobs.clients;
  note(`\n## Realtime (${clients} ActionCable clients)`);
  const database = await createBenchDatabase();
  const redisUrl = await resolveRedisUrl();
  const server: PortalServer = await startPortalServer({ databaseUrl: database.url, redisUrl });

  const { memberIds, projectOf, adminId } = await withClient(database.url, async (client) => {
    const ids = await insertMembers(client, clients, 'cable-member-');
    return { memberIds: ids, projectOf: await insertProjects(client, ids, 1), adminId: await insertAdmin(client) };
  });
  const indexOf = new Map(memberIds.map((id, index) => [id, index]));
  const phases = { notify: newPhase('notification to every user (admin stage change, API)', clients), broadcast: newPhase('broadcast to all (Redis bus publish)', clients) };

  await sleep(1_000);
  const before = { rss: residentBytes(server.pid), usage: await server.memory() };

  const sockets: WebSocket[] = [];
  onCleanup('close websockets', async () => {
    for (const socket of sockets) socket.terminate();
  });
  let failures = 0;
  const connectStarted = performance.now();
  await inParallel(memberIds, CONNECT_CONCURRENCY, async (userId, index) => {
    const identifier = JSON.stringify({ channel: NOTIFICATIONS_CHANNEL, user_id: userId });
    const socket = new WebSocket(`ws://127.0.0.1:${server.port}/cable?token=${mintAccessToken(server.jwtSecret, userId)}`, PROTOCOL, { perMessageDeflate: false });
    sockets.push(socket);
    const confirmed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), CONNECT_TIMEOUT_MS);
      socket.on('open', () => socket.send(JSON.stringify({ command: 'subscribe', identifier })));
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
      socket.on('message', (data) => {
        const raw = data.toString();
        if (raw.startsWith('{"type":"ping"')) return;
        const message = JSON.parse(raw) as { type?: string; identifier?: string; message?: { type?: string; payload?: { title?: string } } };
        if (message.type === 'confirm_subscription' && message.identifier === identifier) {
          clearTimeout(timer);
          resolve(true);
          return;
        }
        const title = message.message?.type === 'notification_created' ? message.message.payload?.title : undefined;
        const phase = title === STAGE_TITLE ? phases.notify : title === BROADCAST_TITLE ? phases.broadcast : undefined;
        if (phase && Number.isNaN(phase.receivedAt[index] ?? 0)) phase.receivedAt[index] = performance.now();
      });
    });
    if (!(await confirmed)) failures++;
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const open = clients - failures;

  await sleep(2_000);
  const after = { rss: residentBytes(server.pid), usage: await server.memory() };
  printTable(
    'Realtime: connections',
    ['clients confirmed', 'connect time s', 'connects/s', 'server RSS before', 'server RSS after', 'RSS per connection KiB', 'heap per connection KiB'],
    [
      [
        `${open} / ${clients}`,
        fixed(connectSeconds, 1),
        fixed(open / connectSeconds, 0),
        mib(before.rss),
        mib(after.rss),
        fixed((after.rss - before.rss) / 1024 / Math.max(open, 1), 1),
        fixed((after.usage.heapUsed - before.usage.heapUsed) / 1024 / Math.max(open, 1), 1),
      ],
    ],
  );
  note('RSS from /proc/<pid>/status VmRSS; heap = process.memoryUsage().heapUsed after a full GC (a preloaded probe, --expose-gc).');

  // 1. One notification per user through the real admin path.
  const adminAuthorization = `Bearer ${mintAccessToken(server.jwtSecret, adminId)}`;
  let requestErrors = 0;
  const notifyStarted = performance.now();
  await inParallel(
    memberIds,
    NOTIFY_CONCURRENCY,
    async (userId) => {
      const index = indexOf.get(userId) ?? -1;
      phases.notify.sentAt[index] = performance.now();
      const response = await fetch(`${server.baseUrl}/api/admin/projects/${projectOf.get(userId)}`, {
        method: 'PUT',
        headers: { authorization: adminAuthorization, 'content-type': 'application/json' },
        body: JSON.stringify({ project: { project_stage: NEXT_STAGE } }),
      }).catch(() => null);
      if (!response || response.status !== 200) requestErrors++;
      await response?.arrayBuffer();
    },
    notifyStarted + NOTIFY_SEND_LIMIT_MS,
  );
  const notifySeconds = (performance.now() - notifyStarted) / 1000;
  await waitForDeliveries(phases.notify, performance.now() + DELIVERY_TIMEOUT_MS);

  // 2. A broadcast to all, published on the bus as another server process would.
  let broadcastSeconds = Number.NaN;
  if (redisUrl) {
    const publisher = new Redis(redisUrl);
    try {
      const channel = `${server.redisNamespace}:realtime`;
      const createdAt = new Date().toISOString();
      const messages = memberIds.map((userId) =>
        JSON.stringify({ userId, event: { type: 'notification_created', payload: { id: 0, user_id: userId, title: BROADCAST_TITLE, message: 'To every member.', read: false, viewed_on: null, created_at: createdAt } } }),
      );
      const pipeline = publisher.pipeline();
      for (const message of messages) pipeline.publish(channel, message);
      const sentAt = performance.now();
      phases.broadcast.sentAt.fill(sentAt);
      await pipeline.exec();
      broadcastSeconds = (performance.now() - sentAt) / 1000;
      await waitForDeliveries(phases.broadcast, performance.now() + DELIVERY_TIMEOUT_MS);
    } finally {
      publisher.disconnect();
    }
  }

  const rows = [summarize(phases.notify, clients, notifySeconds)];
  if (redisUrl) rows.push(summarize(phases.broadcast, clients, broadcastSeconds));
  printTable('Realtime: delivery', ['delivery', 'send time s', 'p50 ms', 'p99 ms', 'delivered', 'share delivered'], rows);
  note(`Notification path: ${clients} admin PUTs (${NOTIFY_CONCURRENCY} in flight, ${requestErrors} errors), latency from each request's start to its client reading the event.`);
  note(redisUrl ? 'Broadcast: one PUBLISH per user in one Redis pipeline; latency from the pipeline start.' : 'Broadcast skipped: it needs Redis (set REDIS_URL or run Redis on 127.0.0.1:6379).');
  note(`Deliveries counted within ${DELIVERY_TIMEOUT_MS / 1000} s of the last send.`);

  for (const socket of sockets) socket.terminate();
  await server.stop();
  await database.drop();
}
