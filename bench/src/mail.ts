/**
 * Outbox delivery of notification emails (npm run bench:mail; issue 18 item 4): the worker
 * renders each templated row (React Email, then its text part) as it sends it. This times the
 * worker draining a backlog of plain messages (as a reset link is stored) and one of
 * notification emails, through a local SMTP server that answers at once, so the difference is
 * the rendering. One process sends one message at a time (docs/decisions/008).
 */
import { createBenchDatabase, withClient } from './lib/database.js';
import { fixed, note, printTable } from './lib/report.js';
import { insertMembers } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { startSlowSmtpServer } from './lib/slow-smtp.js';

const MESSAGES = Number(process.env.BENCH_MAIL_MESSAGES || 300);
const DRAIN_LIMIT_MS = 180_000;

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
  note(`\n## Outbox delivery: plain against notification emails (${MESSAGES} each, SMTP answering at once)`);
  const smtp = await startSlowSmtpServer(0);
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl: undefined, env: { SMTP_URL: smtp.url } });
  try {
    const [userId] = await withClient(database.url, (client) => insertMembers(client, 1, 'mail-bench-'));
    const rows: string[][] = [];
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
      await withClient(database.url, (client) => client.query(kind.sql, [MESSAGES]));
      const { first, last } = await drained(smtp.received, before, before + MESSAGES);
      const seconds = (last - first) / 1000;
      rows.push([kind.label, String(MESSAGES), fixed(seconds, 2), fixed((MESSAGES - 1) / seconds, 0), fixed(((last - first) / (MESSAGES - 1)), 2)]);
    }
    printTable('Outbox worker, one process', ['messages', 'count', 'seconds (first to last)', 'messages/s', 'ms per message'], rows);
  } finally {
    await server.stop();
    await database.drop();
    await smtp.close();
  }
}
