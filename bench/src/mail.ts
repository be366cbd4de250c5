/**
 * Outbox delivery at volume (npm run bench:mail; issue 42 item 3, docs/decisions/055): one built
 * server process drains a backlog of plain messages (as a reset link is stored) and one of
 * notification emails (rendered when sent: React Email, then its text part; issue 18 item 4)
 * through a local SMTP server on 127.0.0.1 that answers at once. The worker sends over a pool
 * of MAIL_SMTP_CONNECTIONS connections (BENCH_MAIL_CONNECTIONS, default 4), one lane each.
 * Figures: messages a second from the first arrival to the last, and the server's CPU a
 * message (the notification emails are bound by their rendering), beside the target of
 * at least 100 a second per process. Every message must arrive, or the bench fails.
 */
import { createBenchDatabase, withClient } from './lib/database.js';
import { fixed, note, printTable, printTargets } from './lib/report.js';
import { insertMembers } from './lib/seed.js';
import { cpuMilliseconds, startPortalServer } from './lib/server.js';
import { startSlowSmtpServer } from './lib/slow-smtp.js';

const MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES || 300);
const CONNECTIONS = Number(process.env.BENCH_MAIL_CONNECTIONS || 4);
const DRAIN_LIMIT_MS = 180_000;
/** Issue 42 item 3: messages a second one process sends to a local SMTP server. */
const TARGET_PER_SECOND = 100;

/** Waits until the SMTP server has `target` messages; returns the times of the first and the last. */
async function drained(received: () => number, from: number, target: number): Promise<{ first: number; last: number }> {
  const started = performance.now();
  let first = 0;
  while (received() < target) {
    if (!first && received() > from) first = performance.now();
    if (performance.now() - started > DRAIN_LIMIT_MS) throw new Error(`Only ${received() - from} of ${target - from} messages arrived within ${DRAIN_LIMIT_MS / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { first: first || performance.now(), last: performance.now() };
}

export async function runMailBench(): Promise<void> {
  note(`\n## Outbox delivery: plain and notification emails (${MESSAGES} each, SMTP on 127.0.0.1 answering at once, ${CONNECTIONS} pooled connections)`);
  const smtp = await startSlowSmtpServer(0);
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl: undefined, env: { SMTP_URL: smtp.url, MAIL_SMTP_CONNECTIONS: String(CONNECTIONS) } });
  try {
    const [userId] = await withClient(database.url, (client) => insertMembers(client, 1, 'mail-bench-'));
    const rows: string[][] = [];
    const rates: Array<{ label: string; perSecond: number }> = [];
    const kinds = [
      { label: 'plain (stored text and HTML)', sql: `insert into mail_outbox (to_address, subject, text_body, html_body) select 'mail-bench-1@bench.example', 'Reset your SunIn password', 'Reset your password: https://portal.example/password-reset-form/' || g, '<p>Reset</p>' from generate_series(1, $1) g` },
      {
        label: 'notification (rendered when sent)',
        sql: `insert into mail_outbox (to_address, subject, text_body, template, template_data)
              select 'mail-bench-1@bench.example', 'Project stage updated', '', 'notification',
                     jsonb_build_object('user_id', ${userId}, 'first_name', 'Pat', 'admin', false, 'kind', 'stage_changes', 'title', 'Project stage updated',
                                        'message', 'Company ' || g || ' is now at Presentation Ready.', 'project_id', g, 'proposal_ticket_id', null)
              from generate_series(1, $1) g`,
      },
    ];
    for (const kind of kinds) {
      const before = smtp.received();
      const cpuBefore = cpuMilliseconds(server.pid);
      // Rows written by SQL do not wake the worker: its next poll (within 5 s) finds them.
      await withClient(database.url, (client) => client.query(kind.sql, [MESSAGES]));
      const { first, last } = await drained(smtp.received, before, before + MESSAGES);
      const cpuMs = cpuMilliseconds(server.pid) - cpuBefore;
      const seconds = (last - first) / 1000;
      const perSecond = (MESSAGES - 1) / seconds;
      rates.push({ label: kind.label, perSecond });
      rows.push([kind.label, String(MESSAGES), fixed(seconds, 2), fixed(perSecond, 0), fixed((last - first) / (MESSAGES - 1), 2), fixed(cpuMs / MESSAGES, 2)]);
    }
    printTable('Outbox worker, one process', ['messages', 'count', 'seconds (first to last)', 'messages/s', 'ms per message', 'server CPU ms per message'], rows);
    printTargets(
      'Mail at volume, one process (issue 42 item 3)',
      rates.map((rate) => ({ figure: `${rate.label}: messages a second`, measured: fixed(rate.perSecond, 0), target: `>= ${TARGET_PER_SECOND}/s`, meets: rate.perSecond >= TARGET_PER_SECOND })),
    );
  } finally {
    await server.stop();
    await database.drop();
    await smtp.close();
  }
}
