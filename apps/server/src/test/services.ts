import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Private PostgreSQL, Redis and server processes for the reliability suite (issue 8): each on a
 * free loopback port in a temporary directory of its own, so the suite may stop and restart
 * them without touching the machine's services or anyone else's tests.
 */

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The newest PostgreSQL server binaries installed (Debian's layout), or undefined. */
function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(path.join(root, name, 'bin', 'postgres')) && existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

function redisServerBinary(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

/** Why a test that starts its own Redis cannot run here, or undefined when it can. */
export function missingRedisServer(): string | undefined {
  return redisServerBinary() ? undefined : 'Skipped: redis-server is not on PATH (Debian: apt-get install redis-server).';
}

/** Why the suite cannot run here (with what to install), or undefined when it can. */
export function missingServices(): string | undefined {
  const missing: string[] = [];
  if (!postgresBinDir()) missing.push('PostgreSQL server binaries (/usr/lib/postgresql/<version>/bin/{initdb,postgres}; Debian: apt-get install postgresql)');
  if (!redisServerBinary()) missing.push('redis-server on PATH (Debian: apt-get install redis-server)');
  if (process.getuid?.() === 0 && spawnSync('id', ['-u', 'postgres']).status !== 0) missing.push('a "postgres" user to run PostgreSQL as (it refuses to run as root)');
  return missing.length > 0 ? `Reliability suite skipped: missing ${missing.join('; ')}.` : undefined;
}

/** initdb and postgres refuse root: as root they run as the postgres user, otherwise as us. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid, gid };
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Stops a child: `signal` first, SIGKILL if it is still there after `timeoutMs`. */
async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  if (!(await waitForExit(child, timeoutMs))) {
    child.kill('SIGKILL');
    await waitForExit(child, 5_000);
  }
}

/** Children still running when the test process exits (a crash, a timeout) are killed with it. */
const living = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of living) child.kill('SIGKILL');
});
function track(child: ChildProcess): ChildProcess {
  living.add(child);
  child.once('exit', () => living.delete(child));
  return child;
}

/** Lines a child wrote to stderr (for the failure message when it does not come up). */
function captureOutput(child: ChildProcess, limit = 50): string[] {
  const lines: string[] = [];
  const take = (data: Buffer) => {
    lines.push(...data.toString().split('\n').filter(Boolean));
    if (lines.length > limit) lines.splice(0, lines.length - limit);
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  return lines;
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: string, output?: string[], gone?: () => boolean): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (await check().catch(() => false)) return;
    if (gone?.()) throw new Error(`${what} exited before it was ready${output?.length ? `:\n${output.join('\n')}` : ''}`);
    if (Date.now() - started > timeoutMs) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${output?.length ? `:\n${output.join('\n')}` : ''}`);
    await sleep(100);
  }
}

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** A fast shutdown: sessions are ended (57P01), as a restart by an operator does. */
  stop(): Promise<void>;
  restart(pauseMs?: number): Promise<void>;
  destroy(): Promise<void>;
}

/** A fresh cluster (trust auth, fsync off) on 127.0.0.1 only, its socket inside its own directory. */
export async function startPostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const owner = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'sunin-pg-'));
  const dataDir = path.join(dir, 'data');
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const init = spawnSync(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C'], {
    ...(owner ?? {}),
    cwd: dir,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.error?.message}`);
  }
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output: string[] = [];

  const ready = () =>
    new Promise<boolean>((resolve) => {
      const check = spawnSync(path.join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-t', '1'], { timeout: 3_000 });
      resolve(check.status === 0);
    });

  const start = async () => {
    child = track(
      spawn(
        path.join(bin, 'postgres'),
        ['-D', dataDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=60'],
        { ...(owner ?? {}), cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      ),
    );
    output = captureOutput(child);
    const started = child;
    await until(ready, 30_000, 'the private PostgreSQL', output, () => started.exitCode !== null);
  };
  // SIGINT is PostgreSQL's fast shutdown; SIGQUIT (immediate) if it lingers.
  const stop = () => stopChild(child, 'SIGINT', 15_000);

  try {
    await start();
    const create = spawnSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'sunin'], { encoding: 'utf8', timeout: 15_000 });
    if (create.status !== 0) throw new Error(`createdb failed: ${create.stderr}`);
  } catch (error) {
    await stopChild(child, 'SIGQUIT', 5_000);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/sunin`,
    port,
    start,
    stop,
    async restart(pauseMs = 1_000) {
      await stop();
      await sleep(pauseMs);
      await start();
    },
    async destroy() {
      await stopChild(child, 'SIGQUIT', 5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/** redis-server on a free loopback port, nothing persisted. */
export async function startRedis(): Promise<PrivateRedis> {
  const binary = redisServerBinary();
  if (!binary) throw new Error('redis-server not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'sunin-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = track(spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] }));
    const output = captureOutput(child);
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const check = spawnSync('redis-cli', ['-h', '127.0.0.1', '-p', String(port), 'ping'], { encoding: 'utf8', timeout: 2_000 });
          resolve(check.stdout.trim() === 'PONG');
        }),
      15_000,
      'the private Redis',
      output,
    );
  };
  const stop = () => stopChild(child, 'SIGTERM', 5_000);
  try {
    await start();
  } catch (error) {
    await stopChild(child, 'SIGKILL', 2_000);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    stop,
    async destroy() {
      await stopChild(child, 'SIGKILL', 2_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: string[];
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** The real server (src/server.ts through tsx with the workspace's `source` condition), waited for on /api/health. */
export async function startServer(env: Record<string, string>, options: { port?: number; timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const child = track(
    // One process (tsx as a loader, not its CLI, which runs the server in a child of its own):
    // a signal sent to this child reaches the server itself.
    spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const output = captureOutput(child, 200);
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(
      async () => (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok,
      options.timeoutMs ?? 60_000,
      `the server on ${url}`,
      output,
      () => child.exitCode !== null,
    );
  } catch (error) {
    await stopChild(child, 'SIGKILL', 2_000);
    throw error;
  }
  return { url, port, child, output, kill: (signal = 'SIGTERM') => stopChild(child, signal, 10_000) };
}
