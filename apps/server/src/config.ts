import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import { API_TOKEN_REQUESTS_PER_MINUTE } from '@sunin/contract';
import { z } from 'zod';
import { SECRET_BOX_KEY_BYTES, parseSecretBoxKey } from './lib/secret-box.js';
import { ConfigError } from './config-error.js';
import { loadVapidKeys, vapidEnvSchema, type VapidKeys } from './vapid-config.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

const DAY_MS = 24 * 3600 * 1000;

export const DEFAULT_BUSINESS_TIME_ZONE = 'America/Los_Angeles';

/** An IANA zone name Intl knows (America/Los_Angeles, UTC); offsets and abbreviations are refused. */
export function isTimeZone(name: string): boolean {
  if (!name.includes('/') && name !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Every variable the server reads; `.env.example` lists the same set with their defaults. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  STORAGE_DIR: z.string().optional(),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters.').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('SunIn Partner Portal <no-reply@sunin.example>'),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  // Issue 42 item 3 (decision 055): pooled SMTP connections per process, and how long sent and failed outbox rows are kept.
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(32).default(4),
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  MAIL_FAILED_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  SUPPORT_EMAIL: z.email().default('support@sunin.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFromEnv,
  WEB_DIST_DIR: z.string().optional().transform((value) => value || path.join(repoRoot, 'apps/web/dist')),
  // Failures only (issue 13 item 3, decision 011): failed logins per IP, and per account+IP, per window.
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(900),
  LOGIN_FLOOD_LIMIT_PER_IP: z.coerce.number().int().positive().default(60),
  // Issue 34 item 1 (decision 033): wrong two-factor codes per account, from any address, per window.
  MFA_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  MFA_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(900),
  RESET_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  RESET_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  SIGNUP_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  // Anti-automation on signed-in routes (ASVS 2.4.1): requests, and writes, per user per minute.
  USER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  USER_WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  SHARE_PAGE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  // Issue 40 item 1: requests per personal API token per minute.
  API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(API_TOKEN_REQUESTS_PER_MINUTE),
  // Issue 39: the public estimate form sent back sooner than this after it was shown is refused (a bot).
  LEAD_FORM_MIN_SECONDS: z.coerce.number().int().min(0, 'LEAD_FORM_MIN_SECONDS must be at least 0.').max(600, 'LEAD_FORM_MIN_SECONDS must be at most 600.').default(3),
  TRUST_PROXY: z.string().optional(),
  // Issue 19 item 5: server processes sharing the port (node:cluster); PostgreSQL and Redis only.
  WEB_CONCURRENCY: z.coerce.number().int().min(1, 'WEB_CONCURRENCY must be at least 1.').max(64, 'WEB_CONCURRENCY must be at most 64.').default(1),
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(5, 'SESSION_IDLE_TIMEOUT_MINUTES must be at least 5.').max(2880, 'SESSION_IDLE_TIMEOUT_MINUTES must be at most 2880 (the 2-day token lifetime).').default(60),
  // docs/decisions/028: how long a process keeps an authenticated session; 0 reads it on every request.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0, 'SESSION_CACHE_SECONDS must be at least 0.').max(60, 'SESSION_CACHE_SECONDS must be at most 60.').default(5),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
  UPLOAD_CONCURRENCY_PER_USER: z.coerce.number().int().min(1, 'UPLOAD_CONCURRENCY_PER_USER must be at least 1.').max(1000).default(4),
  STORAGE_QUOTA_BYTES_PER_USER: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).default(5 * 1024 ** 3),
  CLAMAV_URL: z
    .string()
    .regex(/^(?:tcp:\/\/[^\s/:]+:\d{1,5}\/?|unix:\/\S+)$/, 'CLAMAV_URL must look like tcp://127.0.0.1:3310 or unix:/run/clamav/clamd.ctl.')
    .optional()
    .or(z.literal('')),
  MALWARE_SCAN: z.enum(['on', 'off', '']).optional(),
  ORPHAN_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(1, 'ORPHAN_SWEEP_GRACE_SECONDS must be at least 1.').max(30 * 24 * 3600).default(3600),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv,
  TRAINING_VIDEO_BASE_URL: z.url({ protocol: /^https?$/, error: 'TRAINING_VIDEO_BASE_URL must be an http(s) URL.' }).optional().or(z.literal('')),
  REDIS_NAMESPACE: z.string().regex(/^[a-z0-9:_-]{1,40}$/i).default('sunin'),
  BILLING_PROVIDER: z.enum(['stripe', 'local', ''], { error: 'BILLING_PROVIDER must be stripe or local.' }).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  STRIPE_API_BASE: z.url().optional().or(z.literal('')),
  // Issue 38 item 2 (docs/decisions/047): the Connect endpoint's own signing secret (payout and account events).
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  // The local payout provider settles a payout this long after sending it; 0: only when asked (tests) or swept.
  LOCAL_PAYOUT_SETTLE_MS: z.coerce.number().int().min(0, 'LOCAL_PAYOUT_SETTLE_MS must be at least 0.').max(3_600_000, 'LOCAL_PAYOUT_SETTLE_MS must be at most 3600000 (an hour).').default(1500),
  MFA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => !value || parseSecretBoxKey(value) !== undefined, 'MFA_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64.'),
  // Issue 38 item 1: the W-9's taxpayer identification number, sealed like two-factor secrets but under its own key.
  TIN_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => !value || parseSecretBoxKey(value) !== undefined, 'TIN_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64.'),
  ADMIN_MFA_REQUIRED: booleanFromEnv,
  // Issue 37 item 1: the day an accounting export's dates fall on, as an IANA zone name.
  BUSINESS_TIME_ZONE: z
    .string()
    .optional()
    .transform((value) => value?.trim() || DEFAULT_BUSINESS_TIME_ZONE)
    .refine(isTimeZone, 'must be an IANA time zone name such as America/Los_Angeles or UTC.'),
  // Issue 41 item 3: web push's VAPID keys and contact (vapid-config.ts).
  ...vapidEnvSchema,
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  /** Uploaded files without S3 (DATA_DIR/storage by default); several processes must share one. */
  storageDir: string;
  appUrl: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Server processes asked to share the port (WEB_CONCURRENCY); the embedded database runs one (server.ts). */
  webConcurrency: number;
  /** Prefix of every Redis key and channel of this deployment (rate-limit counts, realtime). */
  redisNamespace: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Sending attempts of one outbox message before it is given up (docs/decisions/008). */
  mailMaxAttempts: number;
  /** SMTP connections each process keeps open, and so its messages in flight (decision 055). */
  mailSmtpConnections: number;
  /** How long the outbox keeps sent rows and rows given up on, in milliseconds (decision 055). */
  mailRetention: { sentMs: number; failedMs: number };
  supportEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  webDistDir: string;
  /**
   * Fastify's trustProxy: false (no proxy), a hop count, or the trusted proxies' addresses and
   * CIDRs. The client is the right-most X-Forwarded-For entry not trusted (decision 011).
   */
  trustProxy: false | number | string[];
  /** A session unused this long ends (ASVS 7.3.1; docs/decisions/007). */
  sessionIdleTimeoutMs: number;
  /** SESSION_CACHE_SECONDS in ms (docs/decisions/028). */
  sessionCacheMs: number;
  uploadMaxBytes: number;
  /** Uploads one user may have in progress at once (429 above). */
  uploadConcurrencyPerUser: number;
  /** Bytes stored under one member's projects; counted against the project's owner (413 above). */
  storageQuotaBytesPerUser: number;
  /** clamd's address when uploads are scanned for malware (ASVS 5.4.3); undefined: not scanned. */
  clamav: ClamavAddress | undefined;
  /** Stored files no row points at are deleted once older than this (longer than any upload takes). */
  orphanSweepGraceMs: number;
  /** S3-compatible storage when a bucket is named; local disk under DATA_DIR/storage otherwise. */
  s3: { bucket: string; endpoint: string | undefined; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean } | undefined;
  /** Where the six training videos are hosted; none are offered when unset. */
  trainingVideoBaseUrl: string | undefined;
  /**
   * Who takes payments (issue 13): Stripe, or the local test provider, which simulates them
   * (anyone pays with the public test card). Production needs Stripe unless BILLING_PROVIDER=local.
   */
  billingProvider: 'stripe' | 'local';
  /** Set exactly when billingProvider is 'stripe'. */
  stripe: StripeConfig | undefined;
  /**
   * The local payout provider's delay between sending a payout and settling it (issue 38 item 2);
   * 0 settles only when asked (tests) or by the sweep.
   */
  localPayoutSettleMs: number;
  /** Encrypts two-factor secrets at rest (AES-256-GCM, docs/decisions/010). */
  mfaEncryptionKey: Buffer;
  /** Encrypts W-9 taxpayer identification numbers at rest (issue 38 item 1; its own key, not the MFA one). */
  tinEncryptionKey: Buffer;
  /** A full_access_admin must turn on two-factor before the admin area answers. */
  adminMfaRequired: boolean;
  /** The public estimate form is refused when sent back sooner than this after it was shown (LEAD_FORM_MIN_SECONDS). */
  leadFormMinSeconds: number;
  /** The business's IANA time zone (BUSINESS_TIME_ZONE): accounting exports write their dates in it. */
  businessTimeZone: string;
  /**
   * Web push's VAPID keys and contact (issue 41 item 3): from VAPID_*, or generated once into
   * DATA_DIR outside production; undefined in production without them (push is off).
   */
  push: VapidKeys | undefined;
  rateLimits: {
    /** Failed logins per IP per window. */
    loginPerIp: number;
    /** Failed logins per account and IP together per window. */
    loginPerEmail: number;
    /** How long a failure counts (failed logins and guessed reset tokens); each failure restarts it. */
    failureWindowMs: number;
    /** Every login request per IP per minute, failed or not (a flood guard). */
    loginRequestsPerIp: number;
    /** Wrong two-factor codes at sign-in per account, from any address, before its second step locks. */
    mfaFailuresPerAccount: number;
    /** How long a wrong code counts; each one restarts it, so a lock lasts this long after the last. */
    mfaFailureWindowMs: number;
    /** Guessed reset tokens per IP per window (failures only); reset-link requests per IP per 15 minutes. */
    resetPerIp: number;
    resetPerEmail: number;
    signupPerIp: number;
    /** Signed-in requests per user per minute, and of those the writes (ASVS 2.4.1). */
    userRequestsPerMinute: number;
    userWritesPerMinute: number;
    /** Reads of customer-link pages, logos and signed documents per address per minute (issue 36). */
    sharePagePerIp: number;
    /** Requests per personal API token per minute (issue 40 item 1), with RateLimit-* headers. */
    apiTokenRequestsPerMinute: number;
  };
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceMonthly: string;
  priceYearly: string | undefined;
  /**
   * The Connect webhook endpoint's signing secret (payout.paid/failed, account.updated of the
   * partners' connected accounts); required in production, optional elsewhere (the endpoint then answers 404).
   */
  connectWebhookSecret: string | undefined;
  /** Another address for Stripe's API (tests' stand-in server); Stripe's own when unset. */
  apiBase: URL | undefined;
}

export type ClamavAddress = { host: string; port: number } | { path: string };

export { ConfigError };

/**
 * ASVS 5.4.3: uploads are scanned by clamd when CLAMAV_URL names it. Production refuses to
 * start without it unless MALWARE_SCAN=off says, on purpose, that uploads go unscanned.
 */
function clamavConfig(e: z.infer<typeof envSchema>, isProduction: boolean): ClamavAddress | undefined {
  if (e.MALWARE_SCAN === 'off') return undefined;
  if (!e.CLAMAV_URL) {
    if (isProduction || e.MALWARE_SCAN === 'on') {
      throw new ConfigError(
        `Invalid configuration:\n  CLAMAV_URL: required ${e.MALWARE_SCAN === 'on' ? 'with MALWARE_SCAN=on' : 'when NODE_ENV=production'} (the clamd that scans uploads, e.g. tcp://127.0.0.1:3310); set MALWARE_SCAN=off to run without scanning uploads.`,
      );
    }
    return undefined;
  }
  if (e.CLAMAV_URL.startsWith('unix:')) return { path: e.CLAMAV_URL.slice('unix:'.length) };
  const [, host = '', port = '0'] = /^tcp:\/\/([^/:]+):(\d+)/.exec(e.CLAMAV_URL) ?? [];
  if (Number(port) < 1 || Number(port) > 65535) throw new ConfigError('Invalid configuration:\n  CLAMAV_URL: the port must be between 1 and 65535.');
  return { host, port: Number(port) };
}

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_MONTHLY'] as const;

/**
 * The billing provider is chosen on purpose (issue 13 item 1). BILLING_PROVIDER names it; unset,
 * Stripe is used when STRIPE_SECRET_KEY is set and, outside production, the local test provider
 * otherwise. Production never falls back to simulated payments by itself: without every Stripe
 * variable it refuses to start unless BILLING_PROVIDER=local says so explicitly.
 */
function billingConfig(e: z.infer<typeof envSchema>, isProduction: boolean): { billingProvider: 'stripe' | 'local'; stripe: StripeConfig | undefined } {
  const provider = e.BILLING_PROVIDER || (e.STRIPE_SECRET_KEY || isProduction ? 'stripe' : 'local');
  if (provider === 'local') return { billingProvider: 'local', stripe: undefined };
  const missing = STRIPE_VARIABLES.filter((name) => !e[name]);
  if (missing.length > 0) {
    const why = e.BILLING_PROVIDER
      ? 'required when BILLING_PROVIDER=stripe.'
      : e.STRIPE_SECRET_KEY
        ? 'required when STRIPE_SECRET_KEY is set.'
        : 'required in production (payments go through Stripe); set BILLING_PROVIDER=local only to simulate payments on purpose.';
    throw new ConfigError(`Invalid configuration:\n${missing.map((name) => `  ${name}: ${why}`).join('\n')}`);
  }
  // Payouts go through Stripe Connect with Stripe (docs/decisions/047): without the Connect
  // endpoint's secret no payout would ever leave pending, so production refuses to start.
  if (isProduction && !e.STRIPE_CONNECT_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_CONNECT_WEBHOOK_SECRET: required in production with Stripe (the signing secret of the Connect webhook endpoint, /api/webhooks/stripe/connect, that reports payouts to partners).');
  }
  return { billingProvider: 'stripe', stripe: stripeConfig(e) };
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig {
  return {
    secretKey: e.STRIPE_SECRET_KEY ?? '',
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    priceMonthly: e.STRIPE_PRICE_MONTHLY ?? '',
    priceYearly: e.STRIPE_PRICE_YEARLY || undefined,
    connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET || undefined,
    apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
  };
}

const SHARED_KEYS = ['JWT_SECRET', 'MFA_ENCRYPTION_KEY', 'TIN_ENCRYPTION_KEY'] as const;

/**
 * Issue 34 item 5: with DATABASE_URL several server processes may share the database (other
 * hosts, restarts with another DATA_DIR, WEB_CONCURRENCY), and each must sign sessions and open
 * two-factor secrets with the same keys. Generated per DATA_DIR, a second process answered 401
 * to a correct code enrolled through the first; so they are named explicitly, both in one message.
 */
function sharedKeysCheck(e: z.infer<typeof envSchema>): void {
  if (!e.DATABASE_URL) return;
  const missing = SHARED_KEYS.filter((name) => !e[name]);
  if (missing.length === 0) return;
  const how: Record<(typeof SHARED_KEYS)[number], string> = {
    JWT_SECRET: 'JWT_SECRET: at least 32 characters (openssl rand -base64 48)',
    MFA_ENCRYPTION_KEY: 'MFA_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64 (openssl rand -hex 32)',
    TIN_ENCRYPTION_KEY: 'TIN_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64 (openssl rand -hex 32), another than MFA_ENCRYPTION_KEY',
  };
  throw new ConfigError(
    `Invalid configuration:\n  ${missing.length > 1 ? `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}` : missing[0]}: required when DATABASE_URL is set. Every server process that shares the database signs sessions with JWT_SECRET, stores two-factor secrets with MFA_ENCRYPTION_KEY and taxpayer identification numbers with TIN_ENCRYPTION_KEY, so all of them need the same keys, which are not generated per DATA_DIR as for the embedded database. Give every process the same:\n${missing.map((name) => `    ${how[name]}`).join('\n')}`,
  );
}

/**
 * Reads and checks the environment once, at start-up (STYLE.md 6). Nothing is required for
 * the embedded default; production must name its own JWT secret, and a shared database
 * both keys (sharedKeysCheck).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const dataDir = path.resolve(e.DATA_DIR);
  sharedKeysCheck(e);
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters).');
  }
  // Several processes share their limits, lockouts, upload slots and realtime events through Redis.
  if (e.WEB_CONCURRENCY > 1 && e.DATABASE_URL && !e.REDIS_URL) {
    throw new ConfigError('Invalid configuration:\n  WEB_CONCURRENCY: more than one server process needs REDIS_URL (the processes share their request limits, login lockouts and live events through it).');
  }
  // A failed row is the one an operator looks into; it must not go before the sent rows around it.
  if (e.MAIL_FAILED_RETENTION_DAYS < e.MAIL_RETENTION_DAYS) {
    throw new ConfigError(`Invalid configuration:\n  MAIL_FAILED_RETENTION_DAYS: must be at least MAIL_RETENTION_DAYS (${e.MAIL_RETENTION_DAYS}): mail given up on is kept at least as long as mail sent.`);
  }
  if (isProduction && !e.MFA_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid configuration:\n  MFA_ENCRYPTION_KEY: required when NODE_ENV=production (32 bytes as 64 hex digits or base64).');
  }
  if (isProduction && !e.TIN_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid configuration:\n  TIN_ENCRYPTION_KEY: required when NODE_ENV=production (32 bytes as 64 hex digits or base64; it encrypts the W-9 taxpayer identification numbers).');
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    // Outside production only this machine can reach the portal unless HOST says otherwise
    // (issue 13 item 8): the demo accounts and the dev mailbox are not for the network.
    host: e.HOST || (isProduction ? '0.0.0.0' : '127.0.0.1'),
    dataDir,
    storageDir: path.resolve(e.STORAGE_DIR || path.join(dataDir, 'storage')),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    redisUrl: e.REDIS_URL || undefined,
    webConcurrency: e.WEB_CONCURRENCY,
    redisNamespace: e.REDIS_NAMESPACE,
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    mailMaxAttempts: e.MAIL_MAX_ATTEMPTS,
    mailSmtpConnections: e.MAIL_SMTP_CONNECTIONS,
    mailRetention: { sentMs: e.MAIL_RETENTION_DAYS * DAY_MS, failedMs: e.MAIL_FAILED_RETENTION_DAYS * DAY_MS },
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    sessionIdleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    uploadConcurrencyPerUser: e.UPLOAD_CONCURRENCY_PER_USER,
    storageQuotaBytesPerUser: e.STORAGE_QUOTA_BYTES_PER_USER,
    clamav: clamavConfig(e, isProduction),
    orphanSweepGraceMs: e.ORPHAN_SWEEP_GRACE_SECONDS * 1000,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT || undefined,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
        }
      : undefined,
    trainingVideoBaseUrl: e.TRAINING_VIDEO_BASE_URL ? e.TRAINING_VIDEO_BASE_URL.replace(/\/$/, '') : undefined,
    ...billingConfig(e, isProduction),
    localPayoutSettleMs: e.LOCAL_PAYOUT_SETTLE_MS,
    mfaEncryptionKey: (e.MFA_ENCRYPTION_KEY ? parseSecretBoxKey(e.MFA_ENCRYPTION_KEY) : undefined) ?? localKey(dataDir, 'mfa-key', 'MFA_ENCRYPTION_KEY'),
    tinEncryptionKey: (e.TIN_ENCRYPTION_KEY ? parseSecretBoxKey(e.TIN_ENCRYPTION_KEY) : undefined) ?? localKey(dataDir, 'tin-key', 'TIN_ENCRYPTION_KEY'),
    adminMfaRequired: e.ADMIN_MFA_REQUIRED ?? isProduction,
    leadFormMinSeconds: e.LEAD_FORM_MIN_SECONDS,
    businessTimeZone: e.BUSINESS_TIME_ZONE,
    push: loadVapidKeys(e, { isProduction, dataDir }),
    rateLimits: {
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
      failureWindowMs: e.LOGIN_FAILURE_WINDOW_SECONDS * 1000,
      loginRequestsPerIp: e.LOGIN_FLOOD_LIMIT_PER_IP,
      mfaFailuresPerAccount: e.MFA_FAILURES_PER_ACCOUNT,
      mfaFailureWindowMs: e.MFA_FAILURE_WINDOW_SECONDS * 1000,
      resetPerIp: e.RESET_RATE_LIMIT_PER_IP,
      resetPerEmail: e.RESET_RATE_LIMIT_PER_EMAIL,
      signupPerIp: e.SIGNUP_RATE_LIMIT_PER_IP,
      userRequestsPerMinute: e.USER_RATE_LIMIT_PER_MINUTE,
      userWritesPerMinute: e.USER_WRITE_RATE_LIMIT_PER_MINUTE,
      sharePagePerIp: e.SHARE_PAGE_RATE_LIMIT_PER_MINUTE,
      apiTokenRequestsPerMinute: e.API_TOKEN_RATE_LIMIT_PER_MINUTE,
    },
  };
}

/** proxy-addr's names for whole ranges, accepted as entries of TRUST_PROXY. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY (issue 13 item 3): unset or false, no proxy; a hop count (`1`: one load balancer
 * in front); or a comma-separated list of the proxies' addresses or CIDRs. Fastify (proxy-addr)
 * then takes the client's address as the right-most X-Forwarded-For entry that is not a trusted
 * proxy. `true` is refused: it trusts the left-most entry, which the client writes itself.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'false' || value === '0') return false;
  if (value.toLowerCase() === 'true') {
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: true is refused: it would take the client address from the left-most X-Forwarded-For entry, which the client itself writes, so anyone could bypass every per-address limit. Write the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) or their addresses or CIDRs (TRUST_PROXY=10.0.0.0/8,192.168.1.10).',
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new ConfigError('Invalid configuration:\n  TRUST_PROXY: a hop count must be between 1 and 10.');
    return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || invalid.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n  TRUST_PROXY: not an IP address or CIDR: ${invalid.join(', ') || value}. Write false, a hop count (1), or a comma-separated list of proxy addresses or CIDRs.`,
    );
  }
  return entries;
}

/**
 * What Fastify's `trustProxy` gets. A hop count becomes a function: this Fastify treats a bare
 * number as "trust nothing". proxy-addr asks about each hop from the socket outwards (hop 0 is
 * the socket's peer), so trusting the first `hops` makes the client the next entry leftwards.
 * A hop count cannot check who the peer is: the server must only be reachable through the proxy.
 */
export function trustProxyOption(trustProxy: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  const hops = trustProxy;
  return (_address, hop) => hop < hops;
}

/**
 * With the embedded database outside production a secret is generated once and kept in
 * DATA_DIR, so sessions survive a restart without any configuration. Production and
 * DATABASE_URL refuse to start without JWT_SECRET.
 */
function localJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Like the JWT secret: for the embedded database outside production a two-factor key
 * (`mfa-key`) and a TIN key (`tin-key`) are generated once into DATA_DIR.
 * Losing the first makes every stored two-factor secret unreadable (those members use a
 * recovery code); losing the second every stored TIN (the masked last four digits stay).
 */
function localKey(dataDir: string, name: 'mfa-key' | 'tin-key', variable: 'MFA_ENCRYPTION_KEY' | 'TIN_ENCRYPTION_KEY'): Buffer {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const key = parseSecretBoxKey(readFileSync(file, 'utf8'));
    if (!key) throw new ConfigError(`Invalid configuration:\n  ${variable}: ${file} does not hold a 32-byte key; set ${variable} or remove the file.`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(SECRET_BOX_KEY_BYTES);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
