import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { onCleanup } from './cleanup.js';
import { knobs, repoRoot, serverEntry, serverNodeFlags, webDist } from './env.js';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** The last lines the process wrote (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a node process, keeps its last output lines, and stops it (SIGTERM, then SIGKILL). */
export function startNode(label: string, args: string[], env: NodeJS.ProcessEnv, port: number, ipc = false, cwd = repoRoot): RunningProcess {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (child.pid === undefined) throw new Error(`${label} did not start`);
  const stop = onCleanup(`stop ${label}`, async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  });
  return { child, pid: child.pid, port, baseUrl: `http://127.0.0.1:${port}`, output: () => lines.join('\n'), stop };
}

/** Polls a URL until it answers 200, or fails with the process's output. */
export async function waitForOk(proc: RunningProcess, urlPath: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited (${proc.child.exitCode}) before answering ${urlPath}:\n${proc.output()}`);
    try {
      const response = await fetch(`${proc.baseUrl}${urlPath}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`no answer from ${proc.baseUrl}${urlPath} within ${timeoutMs / 1000} s:\n${proc.output()}`);
}

export interface PortalServer extends RunningProcess {
  jwtSecret: string;
  redisNamespace: string;
  /** Memory of the server process, through the preloaded probe (after a full GC). */
  memory: () => Promise<NodeJS.MemoryUsage>;
}

const memoryProbe = fileURLToPath(new URL('../probe/memory-probe.mjs', import.meta.url));

/** A temporary DATA_DIR, removed at clean-up. */
export function benchDataDir(): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sunin-bench-'));
  onCleanup(`remove ${dataDir}`, async () => rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}

/**
 * The environment the bench runs the built server with: production mode on a loopback port,
 * its own secrets, data directory and Redis namespace. Without `databaseUrl`, the embedded
 * database in `dataDir`.
 */
export function portalEnv(options: { databaseUrl?: string | undefined; redisUrl?: string | undefined; port: number; jwtSecret: string; dataDir: string; redisNamespace?: string; env?: Record<string, string> }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    NODE_ENV: 'production',
    // Production refuses simulated payments unless asked; the bench buys nothing.
    BILLING_PROVIDER: 'local',
    HOST: '127.0.0.1',
    PORT: String(options.port),
    APP_URL: `http://127.0.0.1:${options.port}`,
    DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    JWT_SECRET: options.jwtSecret,
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TIN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    // No clamd on the bench machine; production would otherwise refuse to start unscanned.
    MALWARE_SCAN: 'off',
    // The bench is one member at hundreds of requests a second; the limits are still checked
    // on every request (their cost is in the figures), just never reached.
    USER_RATE_LIMIT_PER_MINUTE: '100000000',
    USER_WRITE_RATE_LIMIT_PER_MINUTE: '100000000',
    SHARE_PAGE_RATE_LIMIT_PER_MINUTE: '100000000',
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl, REDIS_NAMESPACE: options.redisNamespace ?? `bench_${randomBytes(4).toString('hex')}` } : {}),
    ...options.env,
  };
}

/**
 * The real built server (apps/server/dist/server.js) in production mode on a free loopback
 * port, with its own JWT secret, data directory and Redis namespace. Resolves once
 * /api/health answers, i.e. after the migrations ran. `entry`: another build's server.js (an
 * earlier commit's, lib/earlier-build.ts), run from its own checkout with this one's web build.
 */
export async function startPortalServer(options: { databaseUrl: string; redisUrl: string | undefined; env?: Record<string, string>; entry?: string }): Promise<PortalServer> {
  const entry = options.entry ?? serverEntry;
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build first.`);
  const port = await freePort();
  const jwtSecret = randomBytes(48).toString('base64url');
  const dataDir = benchDataDir();
  const redisNamespace = `bench_${randomBytes(4).toString('hex')}`;
  const env = portalEnv({ ...options, port, jwtSecret, dataDir, redisNamespace, env: { ...(options.entry ? { WEB_DIST_DIR: webDist } : {}), ...options.env } });
  // --expose-gc and the probe let the bench read the heap after a full collection; the
  // server's own code is unchanged.
  // BENCH_CPU_PROFILE=<dir>: each server writes a V8 CPU profile there when it stops (open it
  // in Chrome DevTools' Performance panel, or summarize it with src/profile-summary.ts).
  const checkout = path.resolve(path.dirname(entry), '../../..');
  const proc = startNode(options.entry ? `portal server (${options.entry})` : 'portal server', [...serverNodeFlags(checkout), ...profileArgs('portal'), '--expose-gc', '--import', memoryProbe, entry], env, port, true, checkout);
  await waitForOk(proc, '/api/health');
  const memory = () =>
    new Promise<NodeJS.MemoryUsage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('memory probe did not answer')), 10_000);
      proc.child.once('message', (message: { type?: string; usage?: NodeJS.MemoryUsage }) => {
        clearTimeout(timer);
        if (message.type === 'memory' && message.usage) resolve(message.usage);
        else reject(new Error('unexpected probe message'));
      });
      proc.child.send('memory');
    });
  return { ...proc, jwtSecret, redisNamespace, memory };
}

/** Node's arguments that write a CPU profile named after the server when BENCH_CPU_PROFILE is set. */
export function profileArgs(name: string): string[] {
  return knobs.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(knobs.cpuProfileDir)}`, `--cpu-prof-name=${name}-${Date.now()}.cpuprofile`] : [];
}

/** VmRSS of a process in bytes (Linux /proc). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kib) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kib) * 1024;
}

/** CPU time (user + system) each PostgreSQL process of this machine has used so far, in ms, by pid. */
export function databaseCpu(): Map<number, number> {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') used.set(Number(entry), cpuMilliseconds(Number(entry)));
    } catch {
      // The process ended while the list was read.
    }
  }
  return used;
}

/**
 * The CPU time the local PostgreSQL used between two readings of databaseCpu, in ms, or null
 * when none runs here: the database's share of a request when the bench's PostgreSQL is local
 * (the server and the database share the machine's cores). A process that ended in between
 * takes the time it used since the first reading with it (the pools keep theirs open).
 */
export function databaseCpuBetween(before: Map<number, number>, after: Map<number, number>): number | null {
  if (after.size === 0) return null;
  let total = 0;
  for (const [pid, used] of after) total += used - (before.get(pid) ?? 0);
  return total;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMilliseconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command name (in parentheses, which may hold spaces): utime is the 14th field, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
