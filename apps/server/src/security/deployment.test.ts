import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTempDirs } from '../test/temp-dirs.js';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError, acquireDataDirLock, processStartTime } from '../db/data-dir-lock.js';
import { users } from '../db/schema/index.js';
import { startupNotices } from '../startup-notices.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Safe to deploy (issue 13 items 1, 8 and 9): payments are never simulated in production by
 * accident, development defaults keep the portal on this machine, and the smaller findings of
 * the outside review stay fixed.
 */
const tempDir = useTempDirs('sunin-deploy-');

const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), MALWARE_SCAN: 'off', MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64) };
/** What a shared database needs (issue 34 item 5). */
const SHARED_KEYS = { JWT_SECRET: 'p'.repeat(40), MFA_ENCRYPTION_KEY: 'a'.repeat(64), TIN_ENCRYPTION_KEY: 'b'.repeat(64) };
const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_PRICE_MONTHLY: 'price_123', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect_123' };

describe('the billing provider is chosen on purpose (item 1)', () => {
  it('production without Stripe refuses to start, naming every missing variable and the way out', () => {
    const attempt = () => loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION });
    expect(attempt).toThrow(ConfigError);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY', 'BILLING_PROVIDER=local']) {
      expect(attempt).toThrow(name);
    }
    // A partial Stripe setup names what is still missing.
    expect(() => loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_1' })).toThrow(/STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/);
  });

  it('production runs the local provider only when BILLING_PROVIDER=local says so, and the log says payments are simulated', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, BILLING_PROVIDER: 'local' });
    expect(config).toMatchObject({ billingProvider: 'local', stripe: undefined });
    const notice = startupNotices(config).find((n) => n.message.startsWith('Billing:'));
    expect(notice).toMatchObject({ level: 'warn' });
    expect(notice!.message).toMatch(/SIMULATED/);
    expect(notice!.message).toMatch(/4242 4242 4242 4242/);
  });

  it('production with every Stripe variable bills through Stripe, and the log names it', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, ...STRIPE });
    expect(config.billingProvider).toBe('stripe');
    expect(startupNotices(config)).toContainEqual({ level: 'info', message: 'Billing: Stripe (test mode).' });
    const live = loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, ...STRIPE, STRIPE_SECRET_KEY: 'sk_live_abc' });
    expect(startupNotices(live)).toContainEqual({ level: 'info', message: 'Billing: Stripe (live mode).' });
  });

  it('outside production the default stays: Stripe with a key, the local provider without', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).billingProvider).toBe('local');
    expect(loadConfig({ DATA_DIR: tempDir(), ...STRIPE }).billingProvider).toBe('stripe');
    expect(loadConfig({ DATA_DIR: tempDir(), ...STRIPE, BILLING_PROVIDER: 'local' })).toMatchObject({ billingProvider: 'local', stripe: undefined });
    expect(() => loadConfig({ DATA_DIR: tempDir(), BILLING_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: required when BILLING_PROVIDER=stripe/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), BILLING_PROVIDER: 'paypal' })).toThrow(/BILLING_PROVIDER must be stripe or local/);
  });
});

describe('development defaults (item 8)', () => {
  it('listens on 127.0.0.1 outside production unless HOST says otherwise; on every address in production', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ DATA_DIR: tempDir(), ...PRODUCTION, ...STRIPE }).host).toBe('0.0.0.0');
  });
  // The dev mailbox answers this machine only: security/dev-mailbox.test.ts.
});

describe('smaller findings (item 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('the last full access administrator cannot remove their own role (409); with another admin they can', async () => {
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.company_role, 'full_access_admin'))).toHaveLength(0);
    const admin = await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    const demote = () => t.app.inject({ method: 'PUT', url: `/api/admin/users/${admin.user.id}`, headers: admin.auth, payload: { user: { company_role: 'project_manager' } } });
    const refused = await demote();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: {
        code: 'conflict',
        message: 'This is the last full access administrator. Give another user that role first.',
        fields: { company_role: 'This is the last full access administrator. Give another user that role first.' },
      },
    });
    const [still] = await t.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(still!.company_role).toBe('full_access_admin');

    await t.signIn({ account_type: 'admin', company_role: 'full_access_admin' });
    expect((await demote()).statusCode).toBe(200);
  });

  it('members cannot set their own member_level (the profile payload carries it; it is ignored)', async () => {
    const member = await t.signIn({ member_level: null });
    const res = await t.app.inject({ method: 'POST', url: '/api/user/profile/edit', headers: member.auth, payload: { user: { member_level: 'Platinum Partner', city: 'Dallas' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ member_level: null, city: 'Dallas' });
    const edit = await t.app.inject({ method: 'POST', url: '/api/signup/edit', headers: member.auth, payload: { user: { city: 'Houston' } } });
    expect(edit.statusCode).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(row!.member_level).toBeNull();
  });

  it('a stale lock file whose pid now belongs to another process does not block start-up', () => {
    const dir = tempDir();
    // Our parent is alive, but it is not the process that wrote this lock (another start time).
    writeFileSync(path.join(dir, 'portal.lock'), `${process.ppid} 1`);
    const release = acquireDataDirLock(dir);
    expect(readFileSync(path.join(dir, 'portal.lock'), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    release();
    // The same pid with its real start time is a live holder: refused.
    writeFileSync(path.join(dir, 'portal.lock'), `${process.ppid} ${processStartTime(process.ppid)}`);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it('CSP connect-src and img-src name only the portal itself, and Stripe only when configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(res.headers['content-security-policy']);
    const directive = (name: string) => policy.split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name} `));
    expect(directive('connect-src')).toBe("connect-src 'self' ws://portal.test");
    expect(directive('img-src')).toBe("img-src 'self' data:");

    const withStripe = await createTestApp({ ...STRIPE, APP_URL: 'https://partners.example.com' });
    try {
      const stripePolicy = String((await withStripe.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
      expect(stripePolicy).toContain("connect-src 'self' wss://partners.example.com https://api.stripe.com");
      expect(stripePolicy).toContain("img-src 'self' data: https://*.stripe.com");
    } finally {
      await withStripe.close();
    }
  });

  it('warns at start-up when several processes could not share the files of local storage', () => {
    const shared = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db.example/portal', ...SHARED_KEYS });
    expect(startupNotices(shared).find((n) => n.message.startsWith('Uploaded files'))).toMatchObject({ level: 'warn', message: expect.stringMatching(/S3_BUCKET.*STORAGE_DIR/) });
    expect(startupNotices(loadConfig({ DATA_DIR: tempDir() })).some((n) => n.message.startsWith('Uploaded files'))).toBe(false);
    expect(startupNotices(loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db.example/portal', ...SHARED_KEYS, S3_BUCKET: 'files' })).some((n) => n.message.startsWith('Uploaded files'))).toBe(false);
    expect(loadConfig({ DATA_DIR: tempDir(), STORAGE_DIR: '/srv/shared/sunin' }).storageDir).toBe('/srv/shared/sunin');
  });
});
