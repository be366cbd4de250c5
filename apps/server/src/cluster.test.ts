import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { startupNotices } from './startup-notices.js';
import { freePort, serverDir, tsxCli } from './test/processes.js';

/** WEB_CONCURRENCY (issue 19 item 5): several server processes sharing the port. */
/** PostgreSQL needs every shared key named (issue 34 item 5, issue 38). */
const SHARED_KEYS = { JWT_SECRET: 'c'.repeat(40), MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64) };
describe('WEB_CONCURRENCY in the configuration', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sunin-cluster-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('needs REDIS_URL for more than one process on PostgreSQL, and takes 1 to 64', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/portal', ...SHARED_KEYS, WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY: more than one server process needs REDIS_URL/);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db.example/portal', ...SHARED_KEYS, REDIS_URL: 'redis://cache.example', WEB_CONCURRENCY: '4' }).webConcurrency).toBe(4);
    expect(loadConfig({ DATA_DIR: dataDir }).webConcurrency).toBe(1);
    for (const bad of ['0', '65', 'two', '1.5']) expect(() => loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: bad }), bad).toThrow(ConfigError);
  });

  it('says the embedded database runs as one process when more are asked', () => {
    const notice = startupNotices(loadConfig({ DATA_DIR: dataDir, WEB_CONCURRENCY: '3' })).find((n) => n.message.startsWith('WEB_CONCURRENCY'));
    expect(notice).toEqual({ level: 'warn', message: expect.stringMatching(/^WEB_CONCURRENCY=3 is not used: the embedded database belongs to one process, so the portal runs as one\. Set DATABASE_URL/) });
    expect(startupNotices(loadConfig({ DATA_DIR: dataDir })).some((n) => n.message.startsWith('WEB_CONCURRENCY'))).toBe(false);
  });
});

// Needs PostgreSQL and Redis: CI's second pass (DATABASE_URL and REDIS_URL set); skipped otherwise.
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

interface Started {
  child: ChildProcess;
  base: string;
  output: () => string;
}

describe.runIf(Boolean(databaseUrl && redisUrl))('a cluster of server processes on PostgreSQL and Redis', () => {
  const id = randomBytes(4).toString('hex');
  const mfaKey = randomBytes(32).toString('base64');
  const tinKey = randomBytes(32).toString('base64');
  const database = `sunin_cluster_${id}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sunin-cluster-'));
  const dbUrl = new URL(databaseUrl ?? 'postgres://unused');
  dbUrl.pathname = `/${database}`;

  async function start(env: Record<string, string>): Promise<Started> {
    const port = await freePort();
    const child = spawn(process.execPath, [tsxCli, '--conditions=source', 'src/server.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: dbUrl.toString(), REDIS_URL: redisUrl, REDIS_NAMESPACE: `cluster-${id}`, JWT_SECRET: `cluster-secret-${id}-0123456789abcdef`, MFA_ENCRYPTION_KEY: mfaKey, TIN_ENCRYPTION_KEY: tinKey, LOG_LEVEL: 'warn', SEED_DEMO: 'false', NODE_ENV: 'development', WEB_DIST_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { child, base: `http://127.0.0.1:${port}`, output: () => output };
  }

  const waitFor = async (what: string, ready: () => boolean | Promise<boolean>, output: () => string, limitMs = 60_000) => {
    const started = Date.now();
    while (!(await ready())) {
      if (Date.now() - started > limitMs) throw new Error(`${what} did not happen within ${limitMs / 1000} s:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
  });
  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
  });

  it('runs N processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
    const cluster = await start({ WEB_CONCURRENCY: '2' });
    try {
      await waitFor('the cluster banner', () => /with 2 server processes \((\d+), (\d+)\)/.test(cluster.output()), cluster.output);
      const pids = /with 2 server processes \((\d+), (\d+)\)/.exec(cluster.output())!.slice(1).map(Number);
      expect(new Set(pids).size).toBe(2);
      const answers = await Promise.all(Array.from({ length: 20 }, () => fetch(`${cluster.base}/api/health`).then((res) => res.status)));
      expect(answers).toEqual(Array(20).fill(200));
      // One process dies: another takes its place, and the port keeps answering.
      process.kill(pids[0]!, 'SIGKILL');
      await waitFor('a replacement', () => /stopped \(SIGKILL\); starting another/.test(cluster.output()), cluster.output);
      await waitFor('answers after the replacement', async () => (await fetch(`${cluster.base}/api/health`).catch(() => null))?.status === 200, cluster.output);
      cluster.child.kill('SIGTERM');
      expect(await exited(cluster.child)).toBe(0);
      expect(() => process.kill(pids[1]!, 0)).toThrow();
    } finally {
      cluster.child.kill('SIGKILL');
    }
  }, 120_000);

  it('stops with code 1 when its processes cannot start', async () => {
    const broken = new URL(dbUrl);
    broken.pathname = `/${database}_missing`;
    const cluster = await start({ WEB_CONCURRENCY: '2', DATABASE_URL: broken.toString() });
    expect(await exited(cluster.child)).toBe(1);
    expect(cluster.output()).toMatch(/before it could listen; stopping the others/);
  }, 60_000);
});
