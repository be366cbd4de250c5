import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { MESSAGES } from '@sunin/contract';
import { AppError, ReauthenticationFailed } from './app-error.js';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(digest: string, password: string): Promise<boolean> {
  try {
    return await verify(digest, password);
  } catch {
    return false;
  }
}

/**
 * A real digest to verify against when the email is unknown, so that a login for a missing
 * account costs the same time as one with a wrong password (no account enumeration by timing).
 */
let decoyDigest: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  decoyDigest ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(await decoyDigest, password);
}

/**
 * The one check of a signed-in member's current password (email change, password change,
 * ending sessions, two-factor setup and turning it off). Its failure is a
 * ReauthenticationFailed, which the routes count per account (ASVS 6.3.1).
 */
export async function assertCurrentPassword(digest: string, password: string): Promise<void> {
  if (!(await verifyPassword(digest, password))) {
    throw new ReauthenticationFailed(MESSAGES.currentPasswordWrong, { current_password: MESSAGES.currentPasswordWrong });
  }
}

/**
 * The same check when the request may have left the password out (it is needed only for some
 * changes): none is 422 naming `current_password` with `requiredMessage`, a wrong one is the
 * counted ReauthenticationFailed.
 */
export async function assertCurrentPasswordGiven(digest: string, password: string | undefined, requiredMessage: string): Promise<void> {
  if (!password) throw new AppError('validation_failed', requiredMessage, { current_password: requiredMessage });
  await assertCurrentPassword(digest, password);
}
