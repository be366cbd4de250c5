/**
 * `tsx src/run.ts [boot|api|scale|cluster|analytics|realtime|web|uploads|reset|mail|webhooks|push|engine|statement ...]`: builds the portal if needed, then runs the
 * named benchmarks in turn (all of them without arguments). Each starts and stops its own servers
 * and database; see bench/README.md for the knobs.
 */
import { runAnalyticsBench } from './analytics.js';
import { runApiBench } from './api.js';
import { runBootBench } from './boot.js';
import { runClusterBench } from './cluster.js';
import { runEngineBench } from './engine.js';
import { ensureBuilt } from './lib/build.js';
import { runMain } from './lib/cleanup.js';
import { knobs } from './lib/env.js';
import { runMailBench } from './mail.js';
import { runPushBench } from './push.js';
import { runWebhooksBench } from './webhooks.js';
import { runRealtimeBench } from './realtime.js';
import { runResetBench } from './reset.js';
import { runScaleBench } from './scale.js';
import { runStatementBench } from './statement.js';
import { runUploadsBench } from './uploads.js';
import { runWebBench } from './web.js';

const benches = { boot: runBootBench, api: runApiBench, scale: runScaleBench, cluster: runClusterBench, analytics: runAnalyticsBench, realtime: runRealtimeBench, web: runWebBench, uploads: runUploadsBench, reset: runResetBench, mail: runMailBench, webhooks: runWebhooksBench, push: runPushBench, engine: runEngineBench, statement: runStatementBench } as const;
type BenchName = keyof typeof benches;
const NO_BUILD = new Set<BenchName>(['engine', 'statement']);

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in benches));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${Object.keys(benches).join(', ')}.`);
  process.exit(2);
}
const names = (requested.length > 0 ? requested : Object.keys(benches)) as BenchName[];

runMain(async () => {
  const started = Date.now();
  // The engine bench runs the contract in this process: it needs no build.
  if (names.some((name) => !NO_BUILD.has(name))) ensureBuilt();
  console.info(`\n# SunIn Partner Portal benchmarks (${new Date().toISOString()})`);
  console.info(`Knobs: BENCH_DURATION=${knobs.durationSeconds} BENCH_CONNECTIONS=${knobs.connections} BENCH_CLIENTS=${knobs.clients} BENCH_IDLE_CLIENTS=${knobs.idleClients} BENCH_PG_URL=${knobs.pgAdminUrl}${knobs.redisUrl ? ` REDIS_URL=${knobs.redisUrl}` : ''}`);
  for (const name of names) await benches[name]();
  console.info(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
});
