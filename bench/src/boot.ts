/**
 * Start-up time (npm run bench:boot; issue 19 item 7): from spawning the built server
 * (`node apps/server/dist/server.js`, production mode) to its first 200 from /api/health,
 * which answers only once the migrations are done and the port listens. Polled every 5 ms.
 *
 * - PostgreSQL: the first start on a fresh database (the migrations run), then
 *   BENCH_BOOT_RUNS starts with the migrations current (the usual restart or deploy).
 * - Embedded (PGlite in DATA_DIR): the first start (the database is created), then
 *   BENCH_BOOT_RUNS starts on the existing data directory.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createBenchDatabase } from './lib/database.js';
import { knobs, serverEntry, serverNodeFlags } from './lib/env.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, median, meets, note, printTable } from './lib/report.js';
import { benchDataDir, freePort, portalEnv, startNode } from './lib/server.js';

const BOOT_TIMEOUT_MS = 60_000;
const TARGET_POSTGRES_MS = 1_000;
const TARGET_EMBEDDED_MS = 2_000;

/** One start: milliseconds from spawn to the first 200 of /api/health; the server is stopped after. */
async function timeOneStart(env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const proc = startNode('portal server (boot)', [...serverNodeFlags(), serverEntry], { ...env, PORT: String(port), APP_URL: `http://127.0.0.1:${port}` }, port);
  try {
    while (performance.now() - started < BOOT_TIMEOUT_MS) {
      if (proc.child.exitCode !== null) throw new Error(`the server exited (${proc.child.exitCode}) before answering:\n${proc.output()}`);
      try {
        const response = await fetch(`${proc.baseUrl}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await sleep(5);
    }
    throw new Error(`no answer within ${BOOT_TIMEOUT_MS / 1000} s:\n${proc.output()}`);
  } finally {
    await proc.stop();
  }
}

export async function runBootBench(): Promise<void> {
  note(`\n## Start-up (spawn to the first 200 of /api/health; ${knobs.bootRuns} starts each after the first)`);
  const database = await createBenchDatabase();
  const redisUrl = await resolveRedisUrl();
  const secrets = { jwtSecret: randomBytes(48).toString('base64url'), env: { MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'), TIN_ENCRYPTION_KEY: randomBytes(32).toString('base64') } };
  const kinds = [
    { label: 'PostgreSQL', env: portalEnv({ ...secrets, databaseUrl: database.url, redisUrl, port: 0, dataDir: benchDataDir() }), first: 'first start (migrations run)', target: TARGET_POSTGRES_MS, again: 'migrations current' },
    { label: 'embedded (PGlite)', env: portalEnv({ ...secrets, port: 0, dataDir: benchDataDir() }), first: 'first start (database created)', target: TARGET_EMBEDDED_MS, again: 'database exists' },
  ];
  const rows: string[][] = [];
  for (const kind of kinds) {
    const first = await timeOneStart(kind.env);
    rows.push([`${kind.label}, ${kind.first}`, '1', fixed(first, 0), fixed(first, 0), '-', '-']);
    const times: number[] = [];
    for (let run = 0; run < knobs.bootRuns; run++) times.push(await timeOneStart(kind.env));
    const typical = median(times);
    rows.push([`${kind.label}, ${kind.again}`, String(times.length), fixed(typical, 0), fixed(Math.max(...times), 0), `≤ ${kind.target}`, meets(typical <= kind.target)]);
    note(`${kind.label}, ${kind.again}: ${times.map((time) => fixed(time, 0)).join(', ')} ms`);
  }
  await database.drop();
  printTable('Start-up', ['start', 'runs', 'median ms', 'max ms', 'target ms', 'meets'], rows);
  note(`Server ${redisUrl ? 'with Redis (the bus connects before it listens)' : 'without Redis'}; NODE_ENV=production, local billing and storage, no demo seed. The target is read against the median.`);
}
