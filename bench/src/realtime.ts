/**
 * Realtime (npm run bench:realtime), issue 19 item 4. BENCH_CLIENTS ActionCable clients
 * (lib/cable-clients.ts) against the real built server: connect time and server memory per
 * connection, then three deliveries to every client:
 *
 * 1. a notification to every user through the real API path: an admin moving each member's
 *    project to another stage (PUT /api/admin/projects/:id), which writes the owner's
 *    notification and publishes it;
 * 2. a broadcast to all: the bench acts as another server process and publishes one
 *    `{everyone: true, event}` message on the Redis bus (lib/bus.ts, docs/decisions/025);
 * 3. a burst of one notification per user: one bus message per user in one Redis pipeline
 *    (what the broadcast used to be measured with; kept for the per-message cost).
 *
 * The broadcast rounds (2) run first, on the fresh server as the bare fan-out's: after 1 the
 * server's mail worker sends the 10,000 emails it queued for minutes, in the fan-out's process.
 * Latency is the time from sending (the request, or the publish) to the client reading the
 * event, on the bench's one clock. 2 and 3 need Redis; 2 runs three times after a warm-up. Then
 * the same broadcast, a warm-up and three times each, from the bare fan-out (servers/bare-cable-server.mjs: ws and
 * ioredis only, this machine's floor), and with the clients spread over BENCH_REALTIME_WORKERS
 * server processes (WEB_CONCURRENCY; 1 skips it). Then a fresh server holds
 * BENCH_IDLE_CLIENTS idle clients and its memory is read. Every figure with a target is
 * printed beside it at the end.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PROJECT_STAGES } from '@sunin/contract';
import { Redis } from 'ioredis';
import { checkDeliveries, newDeliveryPhase, openCableClients, socketCapacity, type CableClients, type DeliveryPhase } from './lib/cable-clients.js';
import { createBenchDatabase, withClient, type BenchDatabase } from './lib/database.js';
import { knobs, serverNodeFlags } from './lib/env.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, mib, note, percentile, printTable, printTargets, type TargetRow } from './lib/report.js';
import { insertAdmin, insertMembers, insertProjects } from './lib/seed.js';
import { cpuMilliseconds, freePort, profileArgs, residentBytes, startNode, startPortalServer, type PortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const NOTIFY_CONCURRENCY = 16;
/** Two ping cycles (3 s each): the window over which the server's CPU with idle clients is read. */
const IDLE_CPU_WINDOW_MS = 6_000;
/** How long deliveries may still arrive after the last send. */
const DELIVERY_TIMEOUT_MS = 30_000;
/** Sending the per-user notifications stops after this long (keeps the bench bounded). */
const NOTIFY_SEND_LIMIT_MS = 180_000;
const STAGE_TITLE = 'Project stage updated';
const BROADCAST_TITLE = 'Bench broadcast';
const BURST_TITLE = 'Bench burst';
/** Broadcasts per server (one process, the bare fan-out, the cluster) after the warm-up; each target row takes the median. */
const BROADCAST_ROUNDS = 3;
const NEXT_STAGE = PROJECT_STAGES[1];

const TARGET_P99_MS = 100;
/** Issue 42 item 2: the portal's broadcast p99 at most this many times the bare fan-out's, in the same run. */
const BROADCAST_FLOOR_RATIO_TARGET = 1.15;
const TARGET_KIB_PER_CONNECTION = 12;
const TARGET_IDLE_CLIENTS = 50_000;
const TARGET_IDLE_RSS_BYTES = 1024 ** 3;

interface Measured {
  name: string;
  sendSeconds: number;
  latencies: number[];
  wrong: number;
  total: number;
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

/** Collects a phase's frames while `send` runs and until every sent one arrived (or time is up). */
async function deliver(clients: CableClients, phase: DeliveryPhase, name: string, send: (sentAt: Float64Array) => Promise<void>): Promise<Measured> {
  const sentAt = new Float64Array(clients.userIds.length).fill(Number.NaN);
  clients.listen(phase);
  const started = performance.now();
  await send(sentAt);
  const sendSeconds = (performance.now() - started) / 1000;
  const expected = sentAt.filter((value) => !Number.isNaN(value)).length;
  const deadline = performance.now() + DELIVERY_TIMEOUT_MS;
  while (performance.now() < deadline && phase.receivedAt.filter((value) => !Number.isNaN(value)).length < expected) await sleep(100);
  clients.listen(null);
  const { latencies, wrong } = checkDeliveries(phase, clients, sentAt);
  return { name, sendSeconds, latencies, wrong, total: clients.userIds.length };
}

const DELIVERY_HEADERS = ['delivery', 'send time s', 'p50 ms', 'p99 ms', 'delivered', 'share delivered', 'wrong frames'];

function deliveryRow(measured: Measured): string[] {
  const { latencies, total } = measured;
  return [measured.name, fixed(measured.sendSeconds, 1), fixed(percentile(latencies, 50), 0), fixed(percentile(latencies, 99), 0), `${latencies.length} / ${total}`, `${fixed((latencies.length / total) * 100, 1)} %`, String(measured.wrong)];
}

function deliveryTargets(figure: string, measured: Measured | undefined): TargetRow[] {
  const p99 = measured ? percentile(measured.latencies, 99) : Number.NaN;
  const share = measured ? measured.latencies.length / measured.total : Number.NaN;
  return [
    { figure: `${figure}: p99`, measured: measured ? `${fixed(p99, 0)} ms` : '-', target: `≤ ${TARGET_P99_MS} ms`, meets: measured ? p99 <= TARGET_P99_MS : undefined },
    { figure: `${figure}: delivered`, measured: measured ? `${fixed(share * 100, 1)} %` : '-', target: '100 %', meets: measured ? share === 1 : undefined },
  ];
}

/**
 * Server memory before and after opening the clients, per connection; with `idleCpu`, the
 * server's CPU while they sit idle. The idle-clients phase leaves that out: its fresh server's
 * mail worker is then sending the notification path's 10,000 emails.
 */
async function connectAndMeasure(server: PortalServer, userIds: number[], idleCpu: boolean) {
  await sleep(1_000);
  const before = { rss: residentBytes(server.pid), usage: await server.memory() };
  const clients = await openCableClients({ port: server.port, jwtSecret: server.jwtSecret, userIds });
  // A full ping cycle (3 s) passes before memory is read.
  await sleep(4_000);
  const after = { rss: residentBytes(server.pid), usage: await server.memory() };
  const open = Math.max(clients.confirmed, 1);
  // What the open sockets cost while nothing is sent to them: the pings, the session re-checks
  // and the server's own timers.
  let idleCpuPerSecond = Number.NaN;
  if (idleCpu) {
    const cpuBefore = cpuMilliseconds(server.pid);
    await sleep(IDLE_CPU_WINDOW_MS);
    idleCpuPerSecond = (cpuMilliseconds(server.pid) - cpuBefore) / (IDLE_CPU_WINDOW_MS / 1000);
  }
  return {
    clients,
    after,
    rssKiBPerConnection: (after.rss - before.rss) / 1024 / open,
    row: [
      `${clients.confirmed} / ${userIds.length}`,
      fixed(clients.connectSeconds, 1),
      fixed(clients.confirmed / clients.connectSeconds, 0),
      mib(before.rss),
      mib(after.rss),
      fixed((after.rss - before.rss) / 1024 / open, 1),
      fixed((after.usage.heapUsed - before.usage.heapUsed) / 1024 / open, 1),
      idleCpu ? fixed(idleCpuPerSecond, 0) : '-',
    ],
  };
}

const CONNECTION_HEADERS = ['clients confirmed', 'connect time s', 'connects/s', 'server RSS before', 'server RSS after', 'RSS per connection KiB', 'heap per connection KiB', 'server CPU, idle clients ms/s'];
const MEMORY_NOTE = `RSS from /proc/<pid>/status VmRSS; heap = process.memoryUsage().heapUsed after a full GC (a preloaded probe, --expose-gc); both read 4 s after the last client confirmed (a full ping cycle). Server CPU with idle clients: user + system time from /proc/<pid>/stat over the next ${IDLE_CPU_WINDOW_MS / 1000} s (two ping cycles: every socket pinged twice, a slot of its sessions checked again 3 times), per second, on the first server only (the idle-clients phase's is sending the notification path's emails).`;

async function measureDeliveries(database: BenchDatabase, redisUrl: string | undefined, targets: TargetRow[]): Promise<void> {
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl });
  const { memberIds, projectOf, adminId } = await withClient(database.url, async (client) => {
    const ids = await insertMembers(client, knobs.clients, 'cable-member-');
    return { memberIds: ids, projectOf: await insertProjects(client, ids, 1), adminId: await insertAdmin(client) };
  });

  const { clients, rssKiBPerConnection, row } = await connectAndMeasure(server, memberIds, true);
  printTable('Realtime: connections', CONNECTION_HEADERS, [row]);
  note(MEMORY_NOTE);
  targets.push({ figure: `RSS per connection (${clients.confirmed} clients)`, measured: `${fixed(rssKiBPerConnection, 1)} KiB`, target: `≤ ${TARGET_KIB_PER_CONNECTION} KiB`, meets: rssKiBPerConnection <= TARGET_KIB_PER_CONNECTION });

  // 2 first: the broadcast to all on the fresh server, as the bare fan-out's (below) is measured.
  // After the notification path, the mail worker (in the fan-out's process) renders and sends its
  // 10,000 emails for minutes, and the rounds would measure that worker.
  let broadcastRounds: BroadcastRounds | undefined;
  if (redisUrl) {
    const publisher = new Redis(redisUrl);
    try {
      await publisher.ping();
      broadcastRounds = await broadcastInRounds(clients, publisher, `${server.redisNamespace}:realtime`, 'broadcast to all (one bus message)');
    } finally {
      publisher.disconnect();
    }
  }

  // 1. One notification per user through the real admin path.
  const adminAuthorization = `Bearer ${mintAccessToken(server.jwtSecret, adminId)}`;
  let requestErrors = 0;
  const notify = await deliver(clients, newDeliveryPhase(STAGE_TITLE, memberIds.length), 'notification to every user (admin stage change, API)', async (sentAt) => {
    const stopAt = performance.now() + NOTIFY_SEND_LIMIT_MS;
    await inParallel(
      memberIds,
      NOTIFY_CONCURRENCY,
      async (userId, index) => {
        sentAt[index] = performance.now();
        const response = await fetch(`${server.baseUrl}/api/admin/projects/${projectOf.get(userId)}`, {
          method: 'PUT',
          headers: { authorization: adminAuthorization, 'content-type': 'application/json' },
          body: JSON.stringify({ project: { project_stage: NEXT_STAGE } }),
        }).catch(() => null);
        if (!response || response.status !== 200) requestErrors++;
        await response?.arrayBuffer();
      },
      stopAt,
    );
  });

  // 3: published on the bus as another server process would.
  let burst: Measured | undefined;
  if (redisUrl) {
    const publisher = new Redis(redisUrl);
    const channel = `${server.redisNamespace}:realtime`;
    const notification = (userId: number, title: string) => ({ type: 'notification_created', payload: { id: 0, user_id: userId, title, message: 'To every member.', read: false, viewed_on: null, created_at: new Date().toISOString() } });
    try {
      await publisher.ping();
      await sleep(1_000);
      burst = await deliver(clients, newDeliveryPhase(BURST_TITLE, memberIds.length), 'one notification per user (a bus message each, one pipeline)', async (sentAt) => {
        const pipeline = publisher.pipeline();
        for (const userId of memberIds) pipeline.publish(channel, JSON.stringify({ userId, event: notification(userId, BURST_TITLE) }));
        sentAt.fill(performance.now());
        await pipeline.exec();
      });
    } finally {
      publisher.disconnect();
    }
  }

  const broadcast = broadcastRounds && medianRound(broadcastRounds.rounds);
  const measured = [notify, broadcastRounds?.warmUp, ...(broadcastRounds?.rounds ?? []), burst].filter((entry): entry is Measured => entry !== undefined);
  printTable('Realtime: delivery', DELIVERY_HEADERS, measured.map(deliveryRow));
  note(`Notification path: ${memberIds.length} admin PUTs (${NOTIFY_CONCURRENCY} in flight, ${requestErrors} errors), latency from each request's start to its client reading the event (the admin write itself is in it).`);
  note(
    redisUrl
      ? `Broadcast: one PUBLISH of {everyone: true, event}, a warm-up and ${BROADCAST_ROUNDS} rounds a second apart, before the notification path (whose emails the server then sends for minutes); the target row takes the round with the median p99; burst: one PUBLISH per user in one Redis pipeline; latency from the publish.`
      : 'Broadcast and burst skipped: they need Redis (set REDIS_URL or run Redis on 127.0.0.1:6379).',
  );
  note(`Deliveries counted within ${DELIVERY_TIMEOUT_MS / 1000} s of the last send; a frame counts once checked in full (text, JSON, own identifier, event and title); wrong frames = arrived but failed that check.`);
  targets.push(...deliveryTargets('notification to every user', notify), ...deliveryTargets(`broadcast to all (median of ${BROADCAST_ROUNDS} rounds)`, broadcast));

  clients.close();
  await server.stop();
  if (redisUrl) await measureBareBroadcast(redisUrl, memberIds, broadcast, targets);
  if (redisUrl && knobs.realtimeWorkers > 1) await measureClusterBroadcast(database, redisUrl, memberIds, targets);
}

interface BroadcastRounds {
  /** The first broadcast a server sends: its fan-out's code is not compiled yet. Printed, not counted. */
  warmUp: Measured;
  rounds: Measured[];
}

/**
 * One broadcast (`{everyone: true, event}` on the bus) a second: a warm-up, then BROADCAST_ROUNDS
 * measured rounds; each round's title is its own. Every server's first broadcast took 1.1-1.6
 * times its later ones (JIT compilation of the fan-out, in this process and in the bench's
 * readers), so a median of three that counted it measured the warm-up as much as the fan-out.
 */
async function broadcastInRounds(clients: CableClients, publisher: Redis, channel: string, name: string): Promise<BroadcastRounds> {
  const rounds: Measured[] = [];
  for (let round = 0; round <= BROADCAST_ROUNDS; round++) {
    const title = `${BROADCAST_TITLE} ${round}`;
    rounds.push(
      await deliver(clients, newDeliveryPhase(title, clients.userIds.length), round === 0 ? `${name}, warm-up (not counted)` : `${name}, round ${round}`, async (sentAt) => {
        const message = JSON.stringify({ everyone: true, event: { type: 'notification_created', payload: { id: 0, user_id: 0, title, message: 'To every member.', read: false, viewed_on: null, created_at: new Date().toISOString() } } });
        sentAt.fill(performance.now());
        await publisher.publish(channel, message);
      }),
    );
    await sleep(1_000);
  }
  const [warmUp, ...measured] = rounds as [Measured, ...Measured[]];
  return { warmUp, rounds: measured };
}

/** The warm-up's row, then the measured rounds'. */
function broadcastRows({ warmUp, rounds }: BroadcastRounds): string[][] {
  return [warmUp, ...rounds].map(deliveryRow);
}

/** The round with the median p99. */
function medianRound(rounds: Measured[]): Measured | undefined {
  return [...rounds].sort((a, b) => percentile(a.latencies, 99) - percentile(b.latencies, 99))[Math.floor(rounds.length / 2)];
}

/**
 * The same broadcast from the bare fan-out (servers/bare-cable-server.mjs: ws and ioredis, the
 * frames built as the portal builds them, nothing else) to the same number of clients: this
 * machine's floor for the row, printed beside the portal's.
 */
async function measureBareBroadcast(redisUrl: string, memberIds: number[], portal: Measured | undefined, targets: TargetRow[]): Promise<void> {
  const port = await freePort();
  const channel = `bench_bare_${randomBytes(4).toString('hex')}:realtime`;
  // With the Node flags the portal starts with (decision 065), as the API bench's lean server.
  const bare = startNode('bare fan-out', [...serverNodeFlags(), ...profileArgs('bare-fan-out'), fileURLToPath(new URL('./servers/bare-cable-server.mjs', import.meta.url))], { PATH: process.env.PATH, PORT: String(port), REDIS_URL: redisUrl, REDIS_CHANNEL: channel }, port, true);
  await new Promise<void>((resolve, reject) => {
    bare.child.once('message', () => resolve());
    bare.child.once('exit', (code) => reject(new Error(`the bare fan-out exited (${code}):\n${bare.output()}`)));
  });
  // The bare server checks no token; the clients send one all the same.
  const clients = await openCableClients({ port, jwtSecret: 'unchecked', userIds: memberIds });
  await sleep(4_000);
  const publisher = new Redis(redisUrl);
  let broadcasts: BroadcastRounds;
  try {
    broadcasts = await broadcastInRounds(clients, publisher, channel, 'bare fan-out (ws + ioredis only)');
  } finally {
    publisher.disconnect();
    clients.close();
    await bare.stop();
  }
  printTable(`Realtime: the broadcast's floor on this machine (${clients.confirmed} clients)`, DELIVERY_HEADERS, broadcastRows(broadcasts));
  note('The same clients and check, against a server that does nothing but the fan-out (src/servers/bare-cable-server.mjs): what the portal takes above it is its own cost, the rest is the machine\'s (one socket write per client in the server, one read per client in the bench, on the same cores). The reference row takes the measured round with the median p99, as the portal\'s does.');
  const floor = medianRound(broadcasts.rounds);
  const floorP99 = floor ? percentile(floor.latencies, 99) : Number.NaN;
  targets.push({ figure: `broadcast to all, bare fan-out (this machine's floor, median of ${BROADCAST_ROUNDS} rounds): p99`, measured: floor ? `${fixed(floorP99, 0)} ms` : '-', target: '-', meets: floor ? null : undefined });
  if (portal && floor) {
    // Issue 42 item 2: the portal's broadcast against its floor, both the round with the median p99 of their three, same run.
    const portalP99 = percentile(portal.latencies, 99);
    const ratio = portalP99 / floorP99;
    const delivered = portal.latencies.length === portal.total && floor.latencies.length === floor.total;
    targets.push({
      figure: `broadcast to all: portal p99 / bare fan-out p99 (medians of ${BROADCAST_ROUNDS} rounds each, same run)`,
      measured: `${fixed(portalP99, 0)} / ${fixed(floorP99, 0)} ms = ${fixed(ratio, 2)}x`,
      target: `≤ ${BROADCAST_FLOOR_RATIO_TARGET}x`,
      meets: ratio <= BROADCAST_FLOOR_RATIO_TARGET,
    });
    targets.push({ figure: 'broadcast to all: delivered, portal and bare fan-out', measured: `${fixed((portal.latencies.length / portal.total) * 100, 1)} % and ${fixed((floor.latencies.length / floor.total) * 100, 1)} %`, target: '100 %', meets: delivered });
  }
}

/**
 * The broadcast again with the sockets spread over WEB_CONCURRENCY server processes (issue 19
 * item 5; src/cluster.ts), each of which writes its own share: the one-process figure is bound
 * by one thread's socket writes (docs/decisions/025-realtime-fanout.md, Consequences).
 */
async function measureClusterBroadcast(database: BenchDatabase, redisUrl: string, memberIds: number[], targets: TargetRow[]): Promise<void> {
  const workers = knobs.realtimeWorkers;
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl, env: { WEB_CONCURRENCY: String(workers) } });
  const clients = await openCableClients({ port: server.port, jwtSecret: server.jwtSecret, userIds: memberIds });
  await sleep(4_000);
  const publisher = new Redis(redisUrl);
  const channel = `${server.redisNamespace}:realtime`;
  let broadcasts: BroadcastRounds;
  try {
    broadcasts = await broadcastInRounds(clients, publisher, channel, `broadcast to all, ${workers} processes`);
  } finally {
    publisher.disconnect();
  }
  printTable(`Realtime: broadcast over ${workers} server processes (WEB_CONCURRENCY=${workers}, ${clients.confirmed} clients)`, DELIVERY_HEADERS, broadcastRows(broadcasts));
  const { rounds } = broadcasts;
  const median = medianRound(rounds);
  note(`The target row takes the measured round with the median p99 of ${rounds.length}, after the warm-up. The cluster's primary hands each new connection to the next worker in turn.`);
  targets.push(...deliveryTargets(`broadcast to all, WEB_CONCURRENCY=${workers} (median of ${rounds.length} rounds)`, median));
  clients.close();
  await server.stop();
}

/** A fresh server holding BENCH_IDLE_CLIENTS subscribed, silent clients: its memory. */
async function measureIdleClients(database: BenchDatabase, redisUrl: string | undefined, targets: TargetRow[]): Promise<void> {
  const wanted = knobs.idleClients;
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl });
  const capacity = socketCapacity(server.pid);
  const count = Math.min(wanted, capacity);
  note(`\nIdle clients: ${count} of BENCH_IDLE_CLIENTS=${wanted}.`);
  if (count < wanted) {
    note(
      `The open-file limit (bench and server: ulimit -n) leaves room for ${capacity} sockets. For ${wanted}, raise it in the shell that runs the bench, e.g. \`ulimit -n ${wanted + 1024}\` (above the hard limit that needs root), or run \`prlimit --nofile=${wanted + 1024}:${wanted + 1024} npm run bench:realtime -w bench\`.`,
    );
  }
  const userIds = await withClient(database.url, (client) => insertMembers(client, count, 'idle-member-'));
  const { clients, after, rssKiBPerConnection, row } = await connectAndMeasure(server, userIds, false);
  printTable('Realtime: idle clients on one server process', CONNECTION_HEADERS, [row]);
  note(MEMORY_NOTE);
  if (clients.sourceAddresses > 1) note(`Client sockets spread over ${clients.sourceAddresses} loopback source addresses (127.0.0.1 to 127.0.0.${clients.sourceAddresses}).`);

  if (count >= TARGET_IDLE_CLIENTS) {
    targets.push({ figure: `server RSS with ${clients.confirmed} idle clients`, measured: mib(after.rss), target: '< 1024 MiB', meets: after.rss < TARGET_IDLE_RSS_BYTES && clients.confirmed === count });
  } else {
    const projected = after.rss + (TARGET_IDLE_CLIENTS - clients.confirmed) * rssKiBPerConnection * 1024;
    targets.push({ figure: `server RSS with ${clients.confirmed} idle clients (the open-file limit allowed no more)`, measured: mib(after.rss), target: '-', meets: undefined });
    targets.push({
      figure: `server RSS with ${TARGET_IDLE_CLIENTS} idle clients, projected linearly (not measured): ${mib(after.rss)} measured + ${TARGET_IDLE_CLIENTS - clients.confirmed} more x ${fixed(rssKiBPerConnection, 1)} KiB measured per connection`,
      measured: mib(projected),
      target: '< 1024 MiB',
      meets: projected < TARGET_IDLE_RSS_BYTES,
    });
  }
  clients.close();
  await server.stop();
}

export async function runRealtimeBench(): Promise<void> {
  note(`\n## Realtime (${knobs.clients} ActionCable clients)`);
  const database = await createBenchDatabase();
  const redisUrl = await resolveRedisUrl();
  const targets: TargetRow[] = [];
  await measureDeliveries(database, redisUrl, targets);
  if (knobs.idleClients > 0) await measureIdleClients(database, redisUrl, targets);
  else targets.push({ figure: `server RSS with ${TARGET_IDLE_CLIENTS} idle clients`, measured: '-', target: '< 1024 MiB', meets: undefined });
  printTargets('Realtime: targets (issue 19 item 4)', targets);
  if (knobs.idleClients === 0) note('Idle clients skipped (BENCH_IDLE_CLIENTS=0).');
  await database.drop();
}
