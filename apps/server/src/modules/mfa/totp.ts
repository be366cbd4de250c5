import { randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT } from '@sunin/contract';
import { Secret, TOTP } from 'otpauth';

/**
 * The TOTP parameters every authenticator app reads (RFC 6238 defaults): SHA-1, 6 digits,
 * 30-second steps. A code of the step before or after the current one is accepted too
 * (clock drift); docs/decisions/010.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
const ISSUER = 'SunIn Partner Portal';

function totp(secret: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, accountName: string): string {
  return totp(secret, accountName).toString();
}

export function timeStep(timestampMs: number): number {
  return Math.floor(timestampMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The six digits, once spaces are taken out; undefined for anything else. */
export function asTotpCode(input: string): string | undefined {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/**
 * The latest time step within the drift window around `timestampMs` whose code is `code`; null
 * if none. The latest, not the first one otpauth's search meets (current, previous, next): six
 * digits repeat across steps about once in a million, and the replay guard compares steps, so
 * a fresh code that is also the spent step's must count as the later, unused step.
 */
export function matchingStep(secret: string, code: string, timestampMs: number): number | null {
  const generator = totp(secret);
  const current = timeStep(timestampMs);
  for (let step = current + TOTP_WINDOW; step >= current - TOTP_WINDOW; step--) {
    if (generator.validate({ token: code, timestamp: step * TOTP_PERIOD_SECONDS * 1000, window: 0 }) === 0) return step;
  }
  return null;
}

/**
 * Crockford's base32 (no i, l, o, u): ten characters carry 50 random bits. Shown as
 * `xxxxx-xxxxx`; typed back in any case, with or without spaces and dashes.
 */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const RECOVERY_LENGTH = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** The canonical form that is hashed and compared; undefined when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | undefined {
  const compact = input
    .toLowerCase()
    .replace(/[\s-]+/g, '')
    .replace(/[il]/g, '1')
    .replace(/o/g, '0');
  if (compact.length !== RECOVERY_LENGTH || ![...compact].every((char) => RECOVERY_ALPHABET.includes(char))) return undefined;
  return compact;
}
