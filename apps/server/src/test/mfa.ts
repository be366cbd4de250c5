import { expect } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import type { TestApp } from './test-app.js';

/** The code an authenticator app shows for `secret` at `timestampMs` (otpauth itself, RFC 6238 defaults). */
export function totpCode(secret: string, timestampMs = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: timestampMs });
}

/**
 * Waits until the clock is at least 3 s from a 30-second step boundary, so that a code a
 * test computes lands in the step the server sees.
 */
export async function awayFromStepEdge(): Promise<void> {
  const into = (Date.now() / 1000) % 30;
  if (into < 1) await new Promise((resolve) => setTimeout(resolve, (1.5 - into) * 1000));
  else if (into > 27) await new Promise((resolve) => setTimeout(resolve, (31.5 - into) * 1000));
}

/** Turns two-factor on for the signed-in member; the confirm spends the current step. */
export async function enrolMfa(t: TestApp, auth: { authorization: string }, password: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.app.inject({ method: 'POST', url: '/api/user/mfa', headers: auth, payload: { current_password: password } });
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json() as { secret: string };
  await awayFromStepEdge();
  const confirm = await t.app.inject({ method: 'POST', url: '/api/user/mfa/confirm', headers: auth, payload: { code: totpCode(secret) } });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: (confirm.json() as { recovery_codes: string[] }).recovery_codes };
}
