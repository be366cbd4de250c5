import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, acquireDataDirLock } from './db/data-dir-lock.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sunin-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('loadConfig', () => {
  it('needs nothing: defaults for the embedded setup, with a JWT secret kept in DATA_DIR', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, env: 'development', databaseUrl: undefined, redisUrl: undefined, seedDemo: true, appUrl: 'http://localhost:3000' });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('honours PORT and derives the app URL from it', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '3100' })).toMatchObject({ port: 3100, appUrl: 'http://localhost:3100' });
  });

  it('refuses bad values with a message naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
  });

  it('requires a JWT secret in production and never seeds there', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
    expect(config.seedDemo).toBe(false);
  });
});

describe('the DATA_DIR lock', () => {
  it('writes our pid while held and removes the file on release', async () => {
    const dir = tempDir();
    const { existsSync } = await import('node:fs');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'portal.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('refuses while a live process holds it', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});
