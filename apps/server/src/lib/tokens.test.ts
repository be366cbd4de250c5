import type * as Jose from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Counts the signature checks: a verified token is remembered (issue 19 item 1).
const jose = vi.hoisted(() => ({ calls: 0 }));
vi.mock('jose', async (importOriginal) => {
  const original = await importOriginal<typeof Jose>();
  return {
    ...original,
    jwtVerify: (...args: Parameters<typeof original.jwtVerify>) => {
      jose.calls++;
      return original.jwtVerify(...args);
    },
  };
});

const { AccessTokens } = await import('./tokens.js');
const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';

afterEach(() => void (jose.calls = 0));

describe('AccessTokens.verify', () => {
  it('checks a token\'s signature once and remembers its claims, for that exact token only', async () => {
    const tokens = new AccessTokens(SECRET);
    const { token, claims } = await tokens.issue(42);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(jose.calls).toBe(1);
    // One character changed is another token: checked, and refused.
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(altered)).toBeNull();
    expect(await tokens.verify(altered)).toBeNull();
    expect(jose.calls).toBe(3);
    // Another key never trusts what this one verified.
    expect(await new AccessTokens(`${SECRET}-other`).verify(token)).toBeNull();
  });

  it('forgets a token after five minutes and never answers for it past its exp', async () => {
    const tokens = new AccessTokens(SECRET);
    const now = Date.now();
    const { token, claims } = await tokens.issue(7, now);
    expect(await tokens.verify(token, now)).toEqual(claims);
    expect(await tokens.verify(token, now + 4 * 60_000)).toEqual(claims);
    expect(jose.calls).toBe(1);
    expect(await tokens.verify(token, now + 6 * 60_000)).toEqual(claims);
    expect(jose.calls).toBe(2);
    expect(await tokens.verify(token, claims.exp * 1000 + 1)).toBeNull();
  });
});
