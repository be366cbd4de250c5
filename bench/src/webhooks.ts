/**
 * Webhook throughput per process (npm run bench:webhooks; issue 40): one portal process drains a
 * backlog of deliveries to a local receiver that answers 204 at once, so the figure is the
 * worker's own cost: claiming each row (SKIP LOCKED with a lease), signing it (standardwebhooks),
 * the HTTP request with the connection-time address check, and recording the attempt. The
 * server runs in development mode: production refuses loopback targets (lib/safe-target.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBenchDatabase, withClient } from './lib/database.js';
import { fixed, note, printTable } from './lib/report.js';
import { insertMembers } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES || 2000);
const TARGET_PER_SECOND = 200;
const DRAIN_LIMIT_MS = 180_000;

export async function runWebhooksBench(): Promise<void> {
  note(`\n## Webhook deliveries: one process draining ${DELIVERIES} to a receiver answering at once`);
  let received = 0;
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl: undefined, env: { NODE_ENV: 'development' } });
  try {
    const [userId] = await withClient(database.url, (client) => insertMembers(client, 1, 'webhook-bench-'));
    const created = await fetch(`${server.baseUrl}/api/webhook_endpoints`, {
      method: 'POST',
      headers: { authorization: `Bearer ${mintAccessToken(server.jwtSecret, userId!)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ webhook_endpoint: { url, events: ['project.created'] } }),
    });
    if (created.status !== 201) throw new Error(`endpoint: ${created.status} ${await created.text()}`);
    const endpointId = ((await created.json()) as { webhook_endpoint: { id: number } }).webhook_endpoint.id;
    // A backlog as the outbox holds it: one row per message, the body a project.created of about 300 bytes.
    await withClient(database.url, (client) =>
      client.query(
        `insert into webhook_deliveries (endpoint_id, message_id, event_type, body)
         select $1, 'msg_bench_' || g, 'project.created',
                jsonb_build_object('type', 'project.created', 'timestamp', now(), 'data', jsonb_build_object('project', jsonb_build_object('id', g, 'owner_id', 1, 'company_name', 'Bench Co ' || g, 'project_stage', 'Project Initiation', 'city', 'Austin', 'state', 'TX', 'created_at', now(), 'updated_at', now())))::text
         from generate_series(1, $2) g`,
        [endpointId, DELIVERIES],
      ),
    );
    // The worker finds them on its next poll (every 5 s); timed from the first to the last.
    const started = performance.now();
    let first = 0;
    while (received < DELIVERIES) {
      if (!first && received > 0) first = performance.now();
      if (performance.now() - started > DRAIN_LIMIT_MS) throw new Error(`Only ${received} of ${DELIVERIES} deliveries arrived within ${DRAIN_LIMIT_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seconds = (performance.now() - first) / 1000;
    const perSecond = (DELIVERIES - 1) / seconds;
    printTable('Webhook worker, one process', ['deliveries', 'seconds (first to last)', 'deliveries/s', 'target'], [[String(DELIVERIES), fixed(seconds, 2), fixed(perSecond, 0), `>= ${TARGET_PER_SECOND}/s ${perSecond >= TARGET_PER_SECOND ? 'met' : 'MISSED'}`]]);
  } finally {
    await server.stop();
    await database.drop();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}
