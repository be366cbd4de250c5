import { hkdfSync, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@sunin/contract';
import { createSecretBox, SECRET_BOX_KEY_BYTES, type SecretBox } from './secret-box.js';

/** Random bytes of a signing secret: 32, the HMAC-SHA256 key size (Standard Webhooks takes 24 to 64). */
const SECRET_BYTES = 32;

/**
 * The secret box of webhook signing secrets: a key derived (HKDF-SHA256) from the two-factor
 * key, MFA_ENCRYPTION_KEY, so no new variable is needed and the two never share a key. Unlike a
 * password digest, a signing secret must be read back to sign, hence sealed rather than hashed.
 * Rotating MFA_ENCRYPTION_KEY makes the stored secrets unreadable: the endpoints then need
 * new ones (their deliveries fail, then disable).
 */
export function webhookSecretBox(masterKey: Buffer): SecretBox {
  return createSecretBox(Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'sunin webhook signing secrets v1', SECRET_BOX_KEY_BYTES)));
}

/** A new signing secret in the Standard Webhooks form the `standardwebhooks` package reads: `whsec_` and base64. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}
