import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Small secrets kept encrypted at rest (the TOTP secret, docs/decisions/010): AES-256-GCM with a
 * random 12-byte IV per value. The stored text is `v1.<iv>.<tag>.<ciphertext>` (base64url), so
 * a later key or algorithm can be told apart by its version.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_BOX_KEY_BYTES = 32;

export class SecretBoxError extends Error {}

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_BOX_KEY_BYTES) throw new SecretBoxError(`The key must be ${SECRET_BOX_KEY_BYTES} bytes.`);
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined || rest.length > 0) {
        throw new SecretBoxError('Unknown sealed value format.');
      }
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new SecretBoxError('Malformed sealed value.');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // GCM refuses a changed ciphertext, IV or tag, or another key: never hand back garbage.
        throw new SecretBoxError('The sealed value does not authenticate.');
      }
    },
  };
}

/** A 32-byte key written as 64 hex digits or as base64 (standard or url-safe); undefined otherwise. */
export function parseSecretBoxKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === SECRET_BOX_KEY_BYTES) return bytes;
  }
  return undefined;
}
