import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SECRET_BOX_KEY_BYTES, parseSecretBoxKey } from './lib/secret-box.js';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => (value === undefined || value === '' ? undefined : value === 'true' || value === '1'));

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
  SUPPORT_EMAIL: z.email().default('support@sunin.example'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFromEnv,
  WEB_DIST_DIR: z.string().optional().transform((value) => value || path.join(repoRoot, 'apps/web/dist')),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(30),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  RESET_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  RESET_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(5),
  SIGNUP_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: booleanFromEnv,
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(5, 'SESSION_IDLE_TIMEOUT_MINUTES must be at least 5.').max(2880, 'SESSION_IDLE_TIMEOUT_MINUTES must be at most 2880 (the 2-day token lifetime).').default(60),
  UPLOAD_MAX_BYTES: z.coerce.number().int().positive().default(20 * 1024 * 1024),
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
  MFA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .refine((value) => !value || parseSecretBoxKey(value) !== undefined, 'MFA_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64.'),
  ADMIN_MFA_REQUIRED: booleanFromEnv,
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
  /** Prefix of every Redis key and channel of this deployment (rate-limit counts, realtime). */
  redisNamespace: string;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seedDemo: boolean;
  webDistDir: string;
  trustProxy: boolean;
  /** A session unused this long ends (ASVS 7.3.1; docs/decisions/007). */
  sessionIdleTimeoutMs: number;
  uploadMaxBytes: number;
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
  /** Encrypts two-factor secrets at rest (AES-256-GCM, docs/decisions/010). */
  mfaEncryptionKey: Buffer;
  /** A full_access_admin must turn on two-factor before the admin area answers. */
  adminMfaRequired: boolean;
  rateLimits: {
    loginPerIp: number;
    loginPerEmail: number;
    resetPerIp: number;
    resetPerEmail: number;
    signupPerIp: number;
  };
}

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  priceMonthly: string;
  priceYearly: string | undefined;
  /** Another address for Stripe's API (tests' stand-in server); Stripe's own when unset. */
  apiBase: URL | undefined;
}

export class ConfigError extends Error {}

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
  return { billingProvider: 'stripe', stripe: stripeConfig(e) };
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig {
  return {
    secretKey: e.STRIPE_SECRET_KEY ?? '',
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
    priceMonthly: e.STRIPE_PRICE_MONTHLY ?? '',
    priceYearly: e.STRIPE_PRICE_YEARLY || undefined,
    apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
  };
}

/**
 * Reads and checks the environment once, at start-up (STYLE.md 6). Nothing is required for
 * the embedded default; production must name its own JWT secret.
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
  if (isProduction && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production (at least 32 characters).');
  }
  if (isProduction && !e.MFA_ENCRYPTION_KEY) {
    throw new ConfigError('Invalid configuration:\n  MFA_ENCRYPTION_KEY: required when NODE_ENV=production (32 bytes as 64 hex digits or base64).');
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
    redisNamespace: e.REDIS_NAMESPACE,
    jwtSecret: e.JWT_SECRET ?? localJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    trustProxy: e.TRUST_PROXY ?? false,
    sessionIdleTimeoutMs: e.SESSION_IDLE_TIMEOUT_MINUTES * 60_000,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
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
    mfaEncryptionKey: (e.MFA_ENCRYPTION_KEY ? parseSecretBoxKey(e.MFA_ENCRYPTION_KEY) : undefined) ?? localMfaKey(dataDir),
    adminMfaRequired: e.ADMIN_MFA_REQUIRED ?? isProduction,
    rateLimits: {
      loginPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
      loginPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
      resetPerIp: e.RESET_RATE_LIMIT_PER_IP,
      resetPerEmail: e.RESET_RATE_LIMIT_PER_EMAIL,
      signupPerIp: e.SIGNUP_RATE_LIMIT_PER_IP,
    },
  };
}

/**
 * Outside production a secret is generated once and kept in DATA_DIR, so sessions survive a
 * restart without any configuration. Production refuses to start without JWT_SECRET.
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
 * Like the JWT secret: outside production a two-factor key is generated once into DATA_DIR.
 * Losing it makes every stored two-factor secret unreadable (those members use a recovery code).
 */
function localMfaKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'mfa-key');
  if (existsSync(file)) {
    const key = parseSecretBoxKey(readFileSync(file, 'utf8'));
    if (!key) throw new ConfigError(`Invalid configuration:\n  MFA_ENCRYPTION_KEY: ${file} does not hold a 32-byte key; set MFA_ENCRYPTION_KEY or remove the file.`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(SECRET_BOX_KEY_BYTES);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}
