/**
 * Web push fan-out and delivery (npm run bench:push; issue 41 item 3, docs/decisions/053). One
 * built server process (development mode: production refuses plain http and loopback push
 * services, lib/safe-target.ts) with the local push service stand-in the tests use
 * (apps/server/src/test/push-service.ts, on 127.0.0.1), which checks each push's VAPID signature
 * and decrypts it as a device would. MEMBERS members each turn on DEVICES_PER_MEMBER devices
 * through `POST /api/push/subscriptions`; then one transaction in this process writes
 * NOTIFICATIONS_PER_MEMBER notifications for every member through the server's own writer
 * (`createNotifications`, whose push insert is notification-sql.ts `pushOutboxInsert`): one
 * push row per device and notification. The worker of the server process, woken by a test push
 * (`POST /api/push/test`, whose commit wakes it as `publishNotifications` does), drains them:
 * encrypted, signed, sent, received and decrypted by the stand-in.
 *
 * Figures: push rows written a second by the write (its transaction, commit included); pushes
 * delivered a second by the one process, from the first receipt to the last; and the p95 from
 * the commit to the receipt of each notification's push (with the whole backlog written at
 * once, mostly the time it waits its turn). Every push is counted: each (device, tag) must
 * arrive exactly once, with no refused request, or the bench fails.
 */
import { startPushService, type ReceivedPush } from '../../apps/server/src/test/push-service.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { createNotifications } from '../../apps/server/src/modules/notifications/notifications.service.js';
import { createBenchDatabase, withClient } from './lib/database.js';
import { fixed, note, percentile, printTargets } from './lib/report.js';
import { insertMembers } from './lib/seed.js';
import { cpuMilliseconds, startPortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const MEMBERS = Number(process.env.BENCH_PUSH_MEMBERS || 50);
const DEVICES_PER_MEMBER = Number(process.env.BENCH_PUSH_DEVICES || 4);
const NOTIFICATIONS_PER_MEMBER = Number(process.env.BENCH_PUSH_NOTIFICATIONS || 10);
/**
 * Push services (hosts) the devices are spread over. One by default, as most devices of a real
 * member base are on one vendor's service: that host may hold at most half the worker's lanes
 * (PUSH_LANES_PER_HOST, 4 of 8). 2 lets every lane work.
 */
const HOSTS = Number(process.env.BENCH_PUSH_HOSTS || 1);
const FANOUT_TARGET_MS = 1000;
const DELIVERY_TARGET_PER_SECOND = 100;
const DRAIN_LIMIT_MS = 180_000;
/** After the last expected push, how long the bench still listens for a duplicate. */
const SETTLE_MS = 1500;

export async function runPushBench(): Promise<void> {
  const devices = MEMBERS * DEVICES_PER_MEMBER;
  const expectedNotificationPushes = devices * NOTIFICATIONS_PER_MEMBER;
  note(`\n## Web push: ${MEMBERS} members with ${DEVICES_PER_MEMBER} devices each, ${NOTIFICATIONS_PER_MEMBER} notifications each written at once (${expectedNotificationPushes} pushes), one process delivering to the local push service`);
  const pushServices = await Promise.all(Array.from({ length: HOSTS }, () => startPushService()));
  // Each stand-in records a delivered push in `received`: the time it arrived is taken then, and
  // every delivered push lands in one list.
  const received: ReceivedPush[] = [];
  const arrivals: number[] = [];
  for (const service of pushServices) {
    const record = service.received.push.bind(service.received);
    service.received.push = (...items: ReceivedPush[]) => {
      for (const item of items) {
        received.push(item);
        arrivals.push(performance.now());
      }
      return record(...items);
    };
  }
  const requests = () => pushServices.flatMap((service) => service.requests);
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl: undefined, env: { NODE_ENV: 'development' } });
  const handle = await openDatabase({ databaseUrl: database.url });
  try {
    const memberIds = await withClient(database.url, async (client) => {
      const ids = await insertMembers(client, MEMBERS, 'push-bench-');
      // Earnings by push only: the write still decides each email (createNotifications' rule), but no
      // email is queued, so the process's mail worker does not share the figures (bench:mail has its own).
      await client.query(`insert into notification_preferences (user_id, event_type, email, push) select id, 'earnings', false, true from unnest($1::int[]) id`, [ids]);
      return ids;
    });
    const keyAnswer = await fetch(`${server.baseUrl}/api/push/vapid_public_key`, { headers: { authorization: `Bearer ${mintAccessToken(server.jwtSecret, memberIds[0]!)}` } });
    if (keyAnswer.status !== 200) throw new Error(`vapid_public_key: ${keyAnswer.status} ${await keyAnswer.text()}`);
    const applicationServerKey = ((await keyAnswer.json()) as { public_key: string }).public_key;
    for (const userId of memberIds) {
      const authorization = `Bearer ${mintAccessToken(server.jwtSecret, userId)}`;
      for (let d = 0; d < DEVICES_PER_MEMBER; d++) {
        const pushService = pushServices[(userId + d) % HOSTS]!;
        const answer = await fetch(`${server.baseUrl}/api/push/subscriptions`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json', 'user-agent': `Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile bench device ${d}` },
          body: JSON.stringify(pushService.subscribe(applicationServerKey)),
        });
        if (answer.status !== 201) throw new Error(`subscribe: ${answer.status} ${await answer.text()}`);
      }
    }
    await withClient(database.url, (client) => client.query('ANALYZE'));

    // The fan-out: one transaction, a burst of notices.
    const writeStarted = performance.now();
    await handle.db.transaction(async (tx) => {
      for (let n = 1; n <= NOTIFICATIONS_PER_MEMBER; n++) {
        // One notice to every member per call, as a payout run's notices to its administrators are written.
        await createNotifications(tx, memberIds, { kind: 'earnings', title: 'Payout sent', message: `Payout ${n} of this bench arrived in your bank account (reference BENCH-${n}).`, subject: null });
      }
    });
    const committed = performance.now();
    const writeMs = committed - writeStarted;
    const written = await withClient(database.url, async (client) => Number((await client.query<{ n: string }>('select count(*) n from push_outbox')).rows[0]?.n));
    if (written !== expectedNotificationPushes) throw new Error(`The write queued ${written} pushes, expected ${expectedNotificationPushes}.`);

    // Wake the worker of the server process: a test push commits and wakes it (at most one a minute per member).
    const woke = await fetch(`${server.baseUrl}/api/push/test`, { method: 'POST', headers: { authorization: `Bearer ${mintAccessToken(server.jwtSecret, memberIds[0]!)}` } });
    if (woke.status !== 200) throw new Error(`push test: ${woke.status} ${await woke.text()}`);
    const testPushes = ((await woke.json()) as { queued: number }).queued;
    const expected = expectedNotificationPushes + testPushes;

    const drainStarted = performance.now();
    const serverCpuBefore = cpuMilliseconds(server.pid);
    const benchCpuBefore = process.cpuUsage();
    while (received.length < expected) {
      const refused = requests().find((request) => request.status !== 201);
      if (refused) throw new Error(`The push service refused a push: ${refused.status} ${refused.reason ?? ''}`);
      if (performance.now() - drainStarted > DRAIN_LIMIT_MS) throw new Error(`Only ${received.length} of ${expected} pushes arrived within ${DRAIN_LIMIT_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const serverCpuMs = cpuMilliseconds(server.pid) - serverCpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));

    // Every push counted once: exactly the expected number, each device and tag once, none refused, every row sent.
    const distinct = new Set(received.map((push) => `${push.endpoint} ${(push.json as { tag?: string } | null)?.tag ?? ''}`));
    const refused = requests().filter((request) => request.status !== 201);
    const unsent = await withClient(database.url, async (client) => Number((await client.query<{ n: string }>('select count(*) n from push_outbox where sent_at is null')).rows[0]?.n));
    if (received.length !== expected || distinct.size !== expected || refused.length > 0 || unsent > 0) {
      throw new Error(`Push count wrong: ${received.length} received, ${distinct.size} distinct, ${expected} expected, ${refused.length} refused, ${unsent} rows unsent.`);
    }

    const first = Math.min(...arrivals);
    const last = Math.max(...arrivals);
    const drainSeconds = (last - first) / 1000;
    const perSecond = (expected - 1) / drainSeconds;
    const latencies = received
      .map((push, i) => ({ tag: (push.json as { tag?: string } | null)?.tag ?? '', at: arrivals[i]! }))
      .filter((push) => push.tag.startsWith('notification-'))
      .map((push) => push.at - committed)
      .sort((a, b) => a - b);
    note(`Write: ${fixed(writeMs, 0)} ms for ${expectedNotificationPushes} push rows (${MEMBERS * NOTIFICATIONS_PER_MEMBER} notifications). Delivery: ${expected} pushes (${testPushes} of them the waking test push) in ${fixed(drainSeconds, 2)} s from the first receipt to the last; the first ${fixed(first - committed, 0)} ms after the commit. CPU while draining: server ${fixed(serverCpuMs / expected, 2)} ms a push, this process (the stand-in's checks and decryption) ${fixed((benchCpu.user + benchCpu.system) / 1000 / expected, 2)} ms a push; ${HOSTS} push service host(s).`);
    printTargets('Web push, one process', [
      { figure: `fan-out write, ${expectedNotificationPushes} push rows (ms)`, measured: fixed(writeMs, 0), target: `< ${FANOUT_TARGET_MS} ms`, meets: writeMs < FANOUT_TARGET_MS },
      { figure: 'fan-out write, push rows a second', measured: fixed((expectedNotificationPushes / writeMs) * 1000, 0), target: `>= ${expectedNotificationPushes}/s`, meets: writeMs < FANOUT_TARGET_MS },
      { figure: 'pushes delivered a second, one process', measured: fixed(perSecond, 0), target: `>= ${DELIVERY_TARGET_PER_SECOND}/s`, meets: perSecond >= DELIVERY_TARGET_PER_SECOND },
      { figure: 'p95 commit to receipt, whole backlog (ms)', measured: fixed(percentile(latencies, 95), 0), target: '-', meets: null },
    ]);
  } finally {
    await handle.close();
    await server.stop();
    await database.drop();
    await Promise.all(pushServices.map((service) => service.close()));
  }
}
