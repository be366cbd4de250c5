import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (bench/src/lib -> ../../..). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const serverEntry = path.join(repoRoot, 'apps/server/dist/server.js');
export const webDist = path.join(repoRoot, 'apps/web/dist');

/**
 * The Node flags a checkout's `npm start` runs its server with (`config.nodeFlags` of
 * apps/server/package.json, decision 065), so the bench measures the server as it is started; a
 * checkout without them (an earlier build) runs with none.
 */
export function serverNodeFlags(checkout = repoRoot): string[] {
  const manifest = JSON.parse(readFileSync(path.join(checkout, 'apps/server/package.json'), 'utf8')) as { config?: { nodeFlags?: string } };
  return manifest.config?.nodeFlags?.split(/\s+/).filter(Boolean) ?? [];
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number (got "${raw}").`);
  return value;
}

/** Like positiveInt, but 0 is allowed (it switches a phase off). */
function wholeNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, 0 or more (got "${raw}").`);
  return value;
}

/** The knobs of `npm run bench` (bench/README.md lists them). Read once. */
export const knobs = {
  durationSeconds: positiveInt('BENCH_DURATION', 10),
  connections: positiveInt('BENCH_CONNECTIONS', 100),
  clients: positiveInt('BENCH_CLIENTS', 10_000),
  /** Idle sockets held by one fresh server in the realtime benchmark; 0 skips that phase. */
  idleClients: wholeNumber('BENCH_IDLE_CLIENTS', 50_000),
  /** Server processes of the realtime benchmark's second broadcast (WEB_CONCURRENCY); 1 skips it. */
  realtimeWorkers: positiveInt('BENCH_REALTIME_WORKERS', 2),
  uploads: positiveInt('BENCH_UPLOADS', 60),
  uploadMib: positiveInt('BENCH_UPLOAD_MIB', 20),
  /** Starts timed per database after the first (bench:boot). */
  bootRuns: positiveInt('BENCH_BOOT_RUNS', 5),
  /** A folder for the servers' V8 CPU profiles (unset: no profiling). */
  cpuProfileDir: process.env.BENCH_CPU_PROFILE || undefined,
  pgAdminUrl: process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
  /** Only the API routes whose label contains this, or one of several separated by commas (case-insensitive); the bare ceiling always runs. */
  only: process.env.BENCH_ONLY ? process.env.BENCH_ONLY.toLowerCase().split(',').map((part) => part.trim()).filter(Boolean) : undefined,
  /** The commit whose server the write rows are compared with in the same run (issue 19 item 3); 'none' skips it. */
  before: process.env.BENCH_BEFORE === 'none' ? undefined : process.env.BENCH_BEFORE || 'ce1fb5d',
  /** undefined: try the default and use it only if it answers. */
  redisUrl: process.env.REDIS_URL || undefined,
};
