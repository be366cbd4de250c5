/**
 * Password reset timing (npm run bench:reset; issue 13 item 3): POST /api/password for an email
 * that has an account and for ones that do not, one request at a time, with SMTP_URL pointing
 * at a slow local SMTP server (every reply delayed). Before the outbox a known email waited on
 * SMTP (84 ms against 10 ms), which told which emails have accounts; the figures show whether
 * the two still differ. The tests prove the cause (security/password-reset-outbox.test.ts);
 * this prints the times.
 */
import { randomBytes } from 'node:crypto';
import { createBenchDatabase, withClient } from './lib/database.js';
import { fixed, note, percentile, printTable } from './lib/report.js';
import { insertMembers } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { startSlowSmtpServer } from './lib/slow-smtp.js';

const SMTP_DELAY_MS = 20;
const WARM_UP = 20;
const REQUESTS = Number(process.env.BENCH_RESET_REQUESTS || 300);
const DRAIN_LIMIT_MS = 120_000;

async function timedReset(baseUrl: string, email: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/api/password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: { email } }) });
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  if (res.status !== 200) throw new Error(`POST /api/password answered ${res.status}`);
  return elapsed;
}

function row(label: string, times: number[]): string[] {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return [label, String(times.length), fixed(mean, 2), fixed(percentile(sorted, 50), 2), fixed(percentile(sorted, 90), 2), fixed(percentile(sorted, 99), 2)];
}

export async function runResetBench(): Promise<void> {
  note(`\n## Password reset timing (one request at a time, ${REQUESTS} per email kind, SMTP replies delayed ${SMTP_DELAY_MS} ms)`);
  const smtp = await startSlowSmtpServer(SMTP_DELAY_MS);
  const database = await createBenchDatabase();
  const server = await startPortalServer({
    databaseUrl: database.url,
    redisUrl: undefined,
    env: { SMTP_URL: smtp.url, RESET_RATE_LIMIT_PER_IP: '1000000', RESET_RATE_LIMIT_PER_EMAIL: '1000000' },
  });
  try {
    await withClient(database.url, (client) => insertMembers(client, 1, 'reset-bench-'));
    const known = 'reset-bench-1@bench.example';
    const unknown = () => `nobody-${randomBytes(6).toString('hex')}@bench.example`;
    for (let i = 0; i < WARM_UP; i++) {
      await timedReset(server.baseUrl, known);
      await timedReset(server.baseUrl, unknown());
    }
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, so both kinds see the same load (the worker sending the backlog meanwhile).
    for (let i = 0; i < REQUESTS; i++) {
      knownTimes.push(await timedReset(server.baseUrl, known));
      unknownTimes.push(await timedReset(server.baseUrl, unknown()));
    }
    printTable('POST /api/password latency (ms)', ['email', 'requests', 'mean', 'p50', 'p90', 'p99'], [row('has an account', knownTimes), row('has none', unknownTimes)]);
    const sortedKnown = [...knownTimes].sort((a, b) => a - b);
    const sortedUnknown = [...unknownTimes].sort((a, b) => a - b);
    note(`Median difference (known - unknown): ${fixed(percentile(sortedKnown, 50) - percentile(sortedUnknown, 50), 2)} ms.`);
    // The mail itself: one worker sends the backlog, one message at a time.
    const expected = REQUESTS + WARM_UP;
    const drainStarted = performance.now();
    while (smtp.received() < expected && performance.now() - drainStarted < DRAIN_LIMIT_MS) await new Promise((resolve) => setTimeout(resolve, 250));
    const outbox = await withClient(database.url, async (client) => (await client.query<{ sent: string; waiting: string; retried: string }>(
      `select count(*) filter (where sent_at is not null) as sent, count(*) filter (where sent_at is null) as waiting, count(*) filter (where attempts > 1) as retried from mail_outbox`,
    )).rows[0]);
    note(`Outbox: ${outbox?.sent} sent, ${outbox?.waiting} waiting, ${outbox?.retried} retried; the SMTP server accepted ${smtp.received()} of ${expected} within ${fixed((performance.now() - drainStarted) / 1000, 1)} s after the last request.`);
  } finally {
    await server.stop();
    await database.drop();
    await smtp.close();
  }
}
