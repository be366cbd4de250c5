import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import webpush from 'web-push';
import { buildApp, type BuildAppOptions } from '../app.js';
import { loadConfig } from '../config.js';
import { dropSchema, openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import { createUser, type UserOverrides } from '../db/factories/users.js';
import { startSession } from '../modules/auth/sessions.service.js';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  /** The private PostgreSQL schema (undefined on PGlite). */
  schemaName: string | undefined;
  /** A user in the database plus a valid token for it. */
  signIn(overrides?: UserOverrides): Promise<{ user: Awaited<ReturnType<typeof createUser>>; token: string; sessionId: number; auth: { authorization: string } }>;
  /** Another session of a user already signed in (a second device, a sign-in after the first ended). */
  signInAs<U extends { id: number }>(user: U): Promise<{ user: U; token: string; sessionId: number; auth: { authorization: string } }>;
  close(): Promise<void>;
}

/**
 * The real app from the same buildApp() production uses, on a real migrated database: an
 * in-memory PGlite by default, or a private schema on the PostgreSQL of DATABASE_URL (CI's
 * second pass). Redis is used for rate limits when REDIS_URL is set.
 */
/**
 * One VAPID pair for every test app of this worker, given as configuration like the secrets
 * above: DATA_DIR then holds only what the test itself makes (the upload tests list it).
 */
const testVapidKeys = webpush.generateVAPIDKeys();

/** The migrated database of the run's global setup (src/test/pglite-template.global.ts), read once per file; none on PostgreSQL or without that setup. */
let pgliteTemplate: Blob | undefined;
function migratedTemplate(): Blob | undefined {
  const file = inject('pgliteTemplatePath');
  if (!file) return undefined;
  // Typed as a tar, PGlite reads it at once rather than trying it as gzip first.
  pgliteTemplate ??= new Blob([readFileSync(file)], { type: 'application/x-tar' });
  return pgliteTemplate;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    logStream?: { write(line: string): void };
    /**
     * A second app on the same database, as a second process would be: its own pool on the
     * same PostgreSQL schema, or (PGlite, one connection) the same database handle.
     */
    sameDatabaseAs?: TestApp;
    /** Called before the app is ready, e.g. to add a route a test needs. */
    beforeReady?: (app: FastifyInstance) => void;
    /** The webhook worker's clock and the webhook host resolver (modules/webhooks tests). */
    webhooks?: BuildAppOptions['webhooks'];
    /** The push worker's clock (modules/push tests). */
    push?: BuildAppOptions['push'];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sunin-test-'));
  const id = randomBytes(5).toString('hex');
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    TIN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    VAPID_PUBLIC_KEY: testVapidKeys.publicKey,
    VAPID_PRIVATE_KEY: testVapidKeys.privateKey,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    APP_URL: 'http://portal.test',
    REDIS_NAMESPACE: `test-${id}`,
    SMTP_URL: '',
    // Uploads are scanned only by the tests that start a clamd (and pass CLAMAV_URL with MALWARE_SCAN=on).
    MALWARE_SCAN: 'off',
    // The suites send thousands of requests as one member; security/rate-limits.test.ts sets its own.
    USER_RATE_LIMIT_PER_MINUTE: '1000000',
    USER_WRITE_RATE_LIMIT_PER_MINUTE: '1000000',
    // Local payouts settle when a test says so (settleLocalPayouts), never on a timer.
    LOCAL_PAYOUT_SETTLE_MS: '0',
    ...env,
  });
  const shared = options.sameDatabaseAs;
  const schemaName = shared ? shared.schemaName : config.databaseUrl ? `test_${id}` : undefined;
  const ownsDatabase = !(shared && !config.databaseUrl);
  const cleanUp = async () => {
    if (config.databaseUrl && schemaName && !shared) await dropSchema(config.databaseUrl, schemaName);
    rmSync(dataDir, { recursive: true, force: true });
  };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  let app: FastifyInstance;
  try {
    database = ownsDatabase || !shared ? await openDatabase({ databaseUrl: config.databaseUrl, schemaName, pgliteTemplate: config.databaseUrl ? undefined : migratedTemplate() }) : shared.database;
  } catch (error) {
    await cleanUp();
    throw error;
  }
  try {
    app = await buildApp({ config, database, ...(options.webhooks ? { webhooks: options.webhooks } : {}), ...(options.push ? { push: options.push } : {}), ...(options.logStream ? { logStream: options.logStream } : { logger: false }) });
    options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    if (ownsDatabase) await database.close();
    await cleanUp();
    throw error;
  }
  return {
    app,
    db: database.db,
    database,
    schemaName,
    async signIn(overrides = {}) {
      const user = await createUser(database.db, overrides);
      const { token, sessionId } = await startSession(app.ctx, database.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
      return { user, token, sessionId, auth: { authorization: `Bearer ${token}` } };
    },
    async signInAs(user) {
      const { token, sessionId } = await startSession(app.ctx, database.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
      return { user, token, sessionId, auth: { authorization: `Bearer ${token}` } };
    },
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      await cleanUp();
    },
  };
}

/**
 * The links in the newest mail to `to`, once the work requests left running (a reset request's
 * token and mail) is done; `list()` delivers the outbox to the dev mailbox first.
 */
export async function mailedLinks(app: FastifyInstance, to: string): Promise<string[]> {
  await app.ctx.background.drain();
  const mail = (await app.ctx.mailer.list()).find((message) => message.to === to);
  return mail ? [...mail.text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]) : [];
}

/** A signed-in test user with its token and auth header. */
export type SignedIn = Awaited<ReturnType<TestApp['signIn']>>;

/**
 * The test app of an API test file that acts as a full access administrator:
 * `beforeAll(async () => void ({ t, admin } = await createTestAppWithAdmin()))`.
 */
export async function createTestAppWithAdmin(env: Record<string, string> = {}, options: Parameters<typeof createTestApp>[1] = {}): Promise<{ t: TestApp; admin: SignedIn }> {
  const t = await createTestApp(env, options);
  return { t, admin: await t.signIn({ first_name: 'Avery', last_name: 'Admin', account_type: 'admin', company_role: 'full_access_admin' }) };
}
