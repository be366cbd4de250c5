import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';
import { ConfigError } from './config-error.js';

/**
 * Web push's VAPID keys (issue 41 item 3, docs/decisions/053): the application server's P-256
 * key pair that signs every push request, and the contact (`sub`) push services may write to.
 * Read from VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT; outside production, when the
 * keys are unset, generated once into DATA_DIR/vapid-keys.json (mode 0600) and reused, like the
 * JWT secret. In production unset keys mean push is off: its routes answer 503 and start-up says so.
 */
export const vapidEnvSchema = {
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
};

export interface VapidKeys {
  /** Base64url of the uncompressed public point (65 bytes): what `applicationServerKey` takes. */
  publicKey: string;
  /** Base64url of the 32-byte private scalar. Not enumerable: a logged or serialized config never shows it. */
  readonly privateKey: string;
  /** mailto: or https: contact of the operator, in each request's signed token. */
  subject: string;
  /** Where the keys came from, for the start-up notice. */
  source: 'environment' | 'generated';
}

const KEY_FILE = 'vapid-keys.json';
const bytesOf = (text: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url').length : 0);

function keysOf(publicKey: string, privateKey: string, subject: string, source: VapidKeys['source']): VapidKeys {
  const keys = { publicKey, subject, source } as VapidKeys;
  Object.defineProperty(keys, 'privateKey', { value: privateKey, enumerable: false });
  return keys;
}

function subjectOf(raw: string | undefined, supportEmail: string): string {
  const subject = raw?.trim() || `mailto:${supportEmail}`;
  const ok = URL.canParse(subject) && (subject.startsWith('mailto:') ? subject.length > 'mailto:'.length : new URL(subject).protocol === 'https:');
  if (!ok) throw new ConfigError('Invalid configuration:\n  VAPID_SUBJECT: must be a mailto: address or an https: URL where push services can reach the operator (mailto:support@example.com).');
  return subject;
}

/** The problem with a key pair's form, or null (no key is printed in the message). */
function keyProblem(publicKey: string, privateKey: string): string | null {
  if (bytesOf(publicKey) !== 65 || !publicKey.startsWith('B')) return 'VAPID_PUBLIC_KEY: must be the 65-byte uncompressed P-256 public key in base64url (npx web-push generate-vapid-keys).';
  if (bytesOf(privateKey) !== 32) return 'VAPID_PRIVATE_KEY: must be the 32-byte P-256 private key in base64url (npx web-push generate-vapid-keys).';
  return null;
}

export function loadVapidKeys(
  e: { VAPID_PUBLIC_KEY?: string | undefined; VAPID_PRIVATE_KEY?: string | undefined; VAPID_SUBJECT?: string | undefined; SUPPORT_EMAIL: string },
  options: { isProduction: boolean; dataDir: string },
): VapidKeys | undefined {
  const publicKey = e.VAPID_PUBLIC_KEY?.trim() ?? '';
  const privateKey = e.VAPID_PRIVATE_KEY?.trim() ?? '';
  const subject = subjectOf(e.VAPID_SUBJECT, e.SUPPORT_EMAIL);
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new ConfigError(`Invalid configuration:\n  ${publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: required with ${publicKey ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'} (the two halves of one key pair).`);
    const problem = keyProblem(publicKey, privateKey);
    if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
    return keysOf(publicKey, privateKey, subject, 'environment');
  }
  if (options.isProduction) return undefined;
  return localVapidKeys(options.dataDir, subject);
}

/** The pair kept in DATA_DIR, made on first use: subscriptions made with it stay valid across restarts. */
function localVapidKeys(dataDir: string, subject: string): VapidKeys {
  const file = path.join(dataDir, KEY_FILE);
  if (existsSync(file)) {
    let stored: { publicKey?: unknown; privateKey?: unknown } = {};
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as typeof stored;
    } catch {
      // reported below
    }
    const { publicKey, privateKey } = stored;
    if (typeof publicKey !== 'string' || typeof privateKey !== 'string' || keyProblem(publicKey, privateKey)) {
      throw new ConfigError(`Invalid configuration:\n  VAPID_PUBLIC_KEY: ${file} does not hold a VAPID key pair; set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY or remove the file (devices turned on with it must be turned on again).`);
    }
    return keysOf(publicKey, privateKey, subject, 'generated');
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  // Written whole under a private name, then linked into place: processes of one DATA_DIR that
  // start together (the cluster's workers) agree on the first pair linked and never read half a
  // file. The mode is said again after writing in case of a umask.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, JSON.stringify({ publicKey: generated.publicKey, privateKey: generated.privateKey }), { mode: 0o600 });
  chmodSync(draft, 0o600);
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return localVapidKeys(dataDir, subject);
  } finally {
    rmSync(draft, { force: true });
  }
  return keysOf(generated.publicKey, generated.privateKey, subject, 'generated');
}
