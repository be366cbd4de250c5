import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from './test/temp-dirs.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, acquireDataDirLock } from './db/data-dir-lock.js';

const tempDir = useTempDirs('sunin-config-');

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
    const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64), BILLING_PROVIDER: 'local', MALWARE_SCAN: 'off' });
    expect(config.seedDemo).toBe(false);
  });

  it('reads the mail pool and the outbox retention: 4 connections, sent mail kept 30 days and failed mail 90 by default (decision 055)', () => {
    const day = 86_400_000;
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ mailSmtpConnections: 4, mailRetention: { sentMs: 30 * day, failedMs: 90 * day } });
    expect(loadConfig({ DATA_DIR: tempDir(), MAIL_SMTP_CONNECTIONS: '8', MAIL_RETENTION_DAYS: '7', MAIL_FAILED_RETENTION_DAYS: '7' })).toMatchObject({ mailSmtpConnections: 8, mailRetention: { sentMs: 7 * day, failedMs: 7 * day } });
    for (const [name, value] of [['MAIL_SMTP_CONNECTIONS', '0'], ['MAIL_SMTP_CONNECTIONS', '33'], ['MAIL_RETENTION_DAYS', '0'], ['MAIL_RETENTION_DAYS', '1.5'], ['MAIL_RETENTION_DAYS', 'month'], ['MAIL_FAILED_RETENTION_DAYS', '-1']]) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), [name!]: value }), `${name}=${value}`).toThrow(new RegExp(name!));
    }
    // Failed mail is what an operator looks into: never kept for less time than sent mail.
    expect(() => loadConfig({ DATA_DIR: tempDir(), MAIL_RETENTION_DAYS: '120' })).toThrow(/MAIL_FAILED_RETENTION_DAYS: must be at least MAIL_RETENTION_DAYS \(120\)/);
  });

  it('reads the per-user upload limits, 4 uploads in progress and 5 GiB by default', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ uploadConcurrencyPerUser: 4, storageQuotaBytesPerUser: 5_368_709_120 });
    expect(loadConfig({ DATA_DIR: tempDir(), UPLOAD_CONCURRENCY_PER_USER: '2', STORAGE_QUOTA_BYTES_PER_USER: '1000' })).toMatchObject({ uploadConcurrencyPerUser: 2, storageQuotaBytesPerUser: 1000 });
    expect(() => loadConfig({ DATA_DIR: tempDir(), UPLOAD_CONCURRENCY_PER_USER: '0' })).toThrow(/UPLOAD_CONCURRENCY_PER_USER/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE_QUOTA_BYTES_PER_USER: '-5' })).toThrow(/STORAGE_QUOTA_BYTES_PER_USER/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORAGE_QUOTA_BYTES_PER_USER: '5GB' })).toThrow(/STORAGE_QUOTA_BYTES_PER_USER/);
  });

  it('scans uploads with the clamd of CLAMAV_URL, and refuses to run production unscanned unless MALWARE_SCAN=off says so', () => {
    const production = { DATA_DIR: tempDir(), NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), BILLING_PROVIDER: 'local', MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64) };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/CLAMAV_URL: required when NODE_ENV=production .*MALWARE_SCAN=off/);
    expect(loadConfig({ ...production, MALWARE_SCAN: 'off' }).clamav).toBeUndefined();
    expect(loadConfig({ ...production, CLAMAV_URL: 'tcp://clamd.internal:3310' }).clamav).toEqual({ host: 'clamd.internal', port: 3310 });
    expect(loadConfig({ ...production, CLAMAV_URL: 'unix:/run/clamav/clamd.ctl' }).clamav).toEqual({ path: '/run/clamav/clamd.ctl' });
    // MALWARE_SCAN=off wins over an address: scanning is turned off on purpose.
    expect(loadConfig({ ...production, CLAMAV_URL: 'tcp://127.0.0.1:3310', MALWARE_SCAN: 'off' }).clamav).toBeUndefined();

    // Outside production no scanner is needed, but MALWARE_SCAN=on insists on one.
    expect(loadConfig({ DATA_DIR: tempDir() }).clamav).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: tempDir(), MALWARE_SCAN: 'on' })).toThrow(/CLAMAV_URL: required with MALWARE_SCAN=on/);
    for (const bad of ['http://127.0.0.1:3310', 'tcp://127.0.0.1', '127.0.0.1:3310', 'tcp://127.0.0.1:99999']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), CLAMAV_URL: bad }), bad).toThrow(/CLAMAV_URL/);
    }
    expect(() => loadConfig({ DATA_DIR: tempDir(), MALWARE_SCAN: 'maybe' })).toThrow(/MALWARE_SCAN/);
  });
});

describe('BUSINESS_TIME_ZONE (issue 37 item 1)', () => {
  it('is the business’s IANA zone, America/Los_Angeles unless set', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).businessTimeZone).toBe('America/Los_Angeles');
    expect(loadConfig({ DATA_DIR: tempDir(), BUSINESS_TIME_ZONE: 'America/New_York' }).businessTimeZone).toBe('America/New_York');
    expect(loadConfig({ DATA_DIR: tempDir(), BUSINESS_TIME_ZONE: ' UTC ' }).businessTimeZone).toBe('UTC');
    expect(loadConfig({ DATA_DIR: tempDir(), BUSINESS_TIME_ZONE: '' }).businessTimeZone).toBe('America/Los_Angeles');
  });

  it('refuses at start-up a name that is not an IANA zone, naming the variable', () => {
    for (const bad of ['Mars/Olympus', 'PST', '+05:00', 'los angeles']) {
      expect(() => loadConfig({ DATA_DIR: tempDir(), BUSINESS_TIME_ZONE: bad }), bad).toThrow(/BUSINESS_TIME_ZONE: must be an IANA time zone name/);
    }
  });
});

describe('TRUST_PROXY (issue 13 item 3)', () => {
  const trust = (value: string) => loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: value }).trustProxy;

  it('is off unless set: no proxy, X-Forwarded-For ignored', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and CIDRs', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 192.168.1.10,fd00::/8, loopback')).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8', 'loopback']);
  });

  it('refuses true with why and what to write instead', () => {
    expect(() => trust('true')).toThrow(ConfigError);
    expect(() => trust('TRUE')).toThrow(/TRUST_PROXY: true is refused.*left-most X-Forwarded-For.*TRUST_PROXY=1/s);
  });

  it('refuses entries that are not addresses or CIDRs, naming TRUST_PROXY', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0.1,proxy.example', '300.1.1.1', '::1/129', '10.0.0.0/8/8', '999']) {
      expect(() => trust(bad), bad).toThrow(ConfigError);
      expect(() => trust(bad), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('two-factor configuration (docs/decisions/010)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), BILLING_PROVIDER: 'local', MALWARE_SCAN: 'off', TIN_ENCRYPTION_KEY: 'b'.repeat(64) };

  it('production needs MFA_ENCRYPTION_KEY, and admins need two-factor there unless ADMIN_MFA_REQUIRED=false', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...production })).toThrow(/MFA_ENCRYPTION_KEY: required/);
    const key = Buffer.alloc(32, 7);
    const config = loadConfig({ DATA_DIR: tempDir(), ...production, MFA_ENCRYPTION_KEY: key.toString('base64') });
    expect(config.mfaEncryptionKey).toEqual(key);
    expect(config.adminMfaRequired).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), ...production, MFA_ENCRYPTION_KEY: key.toString('hex'), ADMIN_MFA_REQUIRED: 'false' }).adminMfaRequired).toBe(false);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), MFA_ENCRYPTION_KEY: 'abc' })).toThrow(/MFA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), MFA_ENCRYPTION_KEY: Buffer.alloc(16).toString('hex') })).toThrow(/MFA_ENCRYPTION_KEY/);
  });

  it('outside production a key is generated once into DATA_DIR/mfa-key (mode 0600), and admins are not required to enrol', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.mfaEncryptionKey).toHaveLength(32);
    expect(config.adminMfaRequired).toBe(false);
    const file = path.join(dir, 'mfa-key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).mfaEncryptionKey).toEqual(config.mfaEncryptionKey);
  });
});

describe('the TIN key (issue 38 item 1)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), BILLING_PROVIDER: 'local', MALWARE_SCAN: 'off', MFA_ENCRYPTION_KEY: 'a'.repeat(64) };

  it('production needs TIN_ENCRYPTION_KEY, its own key beside the two-factor one', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...production })).toThrow(/TIN_ENCRYPTION_KEY: required when NODE_ENV=production/);
    const key = Buffer.alloc(32, 5);
    const config = loadConfig({ DATA_DIR: tempDir(), ...production, TIN_ENCRYPTION_KEY: key.toString('hex') });
    expect(config.tinEncryptionKey).toEqual(key);
    expect(config.mfaEncryptionKey).not.toEqual(key);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), TIN_ENCRYPTION_KEY: 'abc' })).toThrow(/TIN_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), TIN_ENCRYPTION_KEY: Buffer.alloc(16).toString('hex') })).toThrow(/TIN_ENCRYPTION_KEY/);
  });

  it('outside production a key is generated once into DATA_DIR/tin-key (mode 0600), apart from the two-factor key', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.tinEncryptionKey).toHaveLength(32);
    expect(config.tinEncryptionKey).not.toEqual(config.mfaEncryptionKey);
    expect(statSync(path.join(dir, 'tin-key')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dir }).tinEncryptionKey).toEqual(config.tinEncryptionKey);
  });

  it('refuses a tin-key file that does not hold a key', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'tin-key'), 'not a key');
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/TIN_ENCRYPTION_KEY: .*tin-key does not hold a 32-byte key/);
  });
});

describe('keys shared by every process of a shared database (issue 34 item 5)', () => {
  const DATABASE_URL = 'postgres://db.example/portal';
  const JWT_SECRET = 's'.repeat(40);
  const MFA_ENCRYPTION_KEY = Buffer.alloc(32, 9).toString('base64');
  const TIN_ENCRYPTION_KEY = Buffer.alloc(32, 8).toString('base64');

  it('with DATABASE_URL refuses to start without JWT_SECRET, MFA_ENCRYPTION_KEY and TIN_ENCRYPTION_KEY, naming whichever are missing in one message', () => {
    const none = () => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL });
    expect(none).toThrow(ConfigError);
    expect(none).toThrow(/JWT_SECRET, MFA_ENCRYPTION_KEY and TIN_ENCRYPTION_KEY: required when DATABASE_URL is set/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL, JWT_SECRET, TIN_ENCRYPTION_KEY })).toThrow(/\n {2}MFA_ENCRYPTION_KEY: required when DATABASE_URL is set/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL, MFA_ENCRYPTION_KEY, TIN_ENCRYPTION_KEY })).toThrow(/\n {2}JWT_SECRET: required when DATABASE_URL is set/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL, JWT_SECRET, MFA_ENCRYPTION_KEY })).toThrow(/\n {2}TIN_ENCRYPTION_KEY: required when DATABASE_URL is set/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL, TIN_ENCRYPTION_KEY })).toThrow(/\n {2}JWT_SECRET and MFA_ENCRYPTION_KEY: required when DATABASE_URL is set/);
    // In production too, all at once rather than one per attempt.
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL, NODE_ENV: 'production' })).toThrow(/JWT_SECRET, MFA_ENCRYPTION_KEY and TIN_ENCRYPTION_KEY: required when DATABASE_URL is set/);
  });

  it('with all set starts on them and writes no key file into DATA_DIR', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL, JWT_SECRET, MFA_ENCRYPTION_KEY, TIN_ENCRYPTION_KEY });
    expect(config).toMatchObject({ databaseUrl: DATABASE_URL, jwtSecret: JWT_SECRET, mfaEncryptionKey: Buffer.alloc(32, 9), tinEncryptionKey: Buffer.alloc(32, 8) });
    expect(existsSync(path.join(dir, 'jwt-secret')) || existsSync(path.join(dir, 'mfa-key')) || existsSync(path.join(dir, 'tin-key'))).toBe(false);
  });

  it('without DATABASE_URL (the embedded database, one process) still generates both into DATA_DIR', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(config.mfaEncryptionKey).toHaveLength(32);
    expect(existsSync(path.join(dir, 'mfa-key'))).toBe(true);
    expect(existsSync(path.join(dir, 'tin-key'))).toBe(true);
  });
});

describe('web push VAPID keys (issue 41 item 3)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), BILLING_PROVIDER: 'local', MALWARE_SCAN: 'off', MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64) };
  const pair = webpush.generateVAPIDKeys();

  it('outside production a pair is generated once into DATA_DIR/vapid-keys.json (mode 0600) and reused, with the support email as contact', () => {
    const dir = tempDir();
    const config = loadConfig({ DATA_DIR: dir, SUPPORT_EMAIL: 'help@example.com' });
    expect(config.push).toMatchObject({ source: 'generated', subject: 'mailto:help@example.com' });
    expect(Buffer.from(config.push!.publicKey, 'base64url')).toHaveLength(65);
    const file = path.join(dir, 'vapid-keys.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ publicKey: config.push!.publicKey, privateKey: config.push!.privateKey });
    // Written under a private name and linked into place: no draft is left beside it.
    expect(readdirSync(dir).filter((name) => name.startsWith('vapid'))).toEqual(['vapid-keys.json']);
    const again = loadConfig({ DATA_DIR: dir });
    expect([again.push!.publicKey, again.push!.privateKey]).toEqual([config.push!.publicKey, config.push!.privateKey]);
  });

  it('takes the pair and subject from the environment; in production without them push is off', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...production, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey, VAPID_SUBJECT: 'https://sunin.example/contact' });
    expect(config.push).toMatchObject({ publicKey: pair.publicKey, privateKey: pair.privateKey, subject: 'https://sunin.example/contact', source: 'environment' });
    const dir = tempDir();
    expect(loadConfig({ DATA_DIR: dir, ...production }).push).toBeUndefined();
    expect(existsSync(path.join(dir, 'vapid-keys.json'))).toBe(false);
  });

  it('refuses half a pair, a key of the wrong size and a subject that is not mailto: or https:, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PRIVATE_KEY: required with VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: 'abc' })).toThrow(/VAPID_PRIVATE_KEY: must be the 32-byte/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pair.privateKey, VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY: must be the 65-byte/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_SUBJECT: 'http://sunin.example' })).toThrow(/VAPID_SUBJECT/);
  });

  it('never shows the private key when the configuration is serialized or logged', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(config.push!.privateKey).toBe(pair.privateKey);
    expect(JSON.stringify(config)).not.toContain(pair.privateKey);
    expect(JSON.stringify(config)).toContain(pair.publicKey);
    expect(() => loadConfig({ DATA_DIR: tempDir(), VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: `${pair.privateKey}xx` })).toThrow(expect.objectContaining({ message: expect.not.stringContaining(pair.privateKey) }));
  });
});

describe('the DATA_DIR lock', () => {
  it('writes our pid while held and removes the file on release', async () => {
    const dir = tempDir();
    const { existsSync } = await import('node:fs');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
    release();
    expect(existsSync(path.join(dir, 'portal.lock'))).toBe(false);
  });

  it('takes over a stale lock left by a dead process', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'portal.lock'), '999999999');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });

  it('refuses while a live process holds it', async () => {
    const dir = tempDir();
    const { writeFileSync } = await import('node:fs');
    // The parent is node (vitest), as a portal process would be; an older lock file holds the pid only.
    writeFileSync(path.join(dir, 'portal.lock'), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });
});
