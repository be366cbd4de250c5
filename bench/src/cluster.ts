/**
 * Every core (npm run bench:cluster; issue 19 item 5): the same reads against the built server
 * run as one process and as WEB_CONCURRENCY=2 (node:cluster, on PostgreSQL and Redis), on 100
 * members x 100 projects. On this two-core machine the bench client, PostgreSQL and Redis share
 * the cores with the server processes, so the gain is what is left of the second core.
 */
import { createBenchDatabase, withClient } from './lib/database.js';
import { knobs } from './lib/env.js';
import { measure, WARM_UP_SECONDS } from './lib/load.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, note, printTable } from './lib/report.js';
import { insertMembers, insertProjects } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const MEMBERS = 100;
const PROJECTS_PER_MEMBER = 100;

export async function runClusterBench(): Promise<void> {
  note(`\n## One server process against two (autocannon, ${knobs.connections} connections, ${knobs.durationSeconds} s per figure after a ${WARM_UP_SECONDS} s warm-up)`);
  const redisUrl = await resolveRedisUrl();
  if (!redisUrl) {
    note('Skipped: WEB_CONCURRENCY above 1 needs Redis (REDIS_URL).');
    return;
  }
  const database = await createBenchDatabase();
  let seeded: { ids: number[]; projectOf: Map<number, number> } | undefined;
  const rows: string[][] = [];
  const results: Record<string, number[]> = {};
  for (const processes of [1, 2]) {
    const server = await startPortalServer({ databaseUrl: database.url, redisUrl, env: { WEB_CONCURRENCY: String(processes) } });
    // Seeded once the first server has migrated the database.
    seeded ??= await withClient(database.url, async (client) => {
      const ids = await insertMembers(client, MEMBERS, 'cluster-');
      return { ids, projectOf: await insertProjects(client, ids, PROJECTS_PER_MEMBER) };
    });
    const { ids, projectOf } = seeded;
    const token = (id: number) => `Bearer ${mintAccessToken(server.jwtSecret, id)}`;
    const routes = [
      { label: 'GET /api/projects (25 rows)', requests: ids.map((id) => ({ path: '/api/projects', authorization: token(id) })) },
      { label: 'GET /api/projects/:id', requests: ids.map((id) => ({ path: `/api/projects/${projectOf.get(id)}`, authorization: token(id) })) },
    ];
    for (const route of routes) {
      const result = await measure(server.baseUrl, route.requests);
      (results[route.label] ??= []).push(result.requests.average);
      rows.push([route.label, String(processes), fixed(result.requests.average, 0), fixed(result.latency.p50, 1), fixed(result.latency.p99, 1)]);
    }
    await server.stop();
  }
  await database.drop();
  printTable('WEB_CONCURRENCY', ['route', 'processes', 'req/s', 'p50 ms', 'p99 ms'], rows);
  for (const [label, [one, two]] of Object.entries(results)) note(`${label}: two processes serve ${fixed(((two ?? 0) / (one ?? 1)) * 100, 0)} % of one's rate.`);
}
