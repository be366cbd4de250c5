import { createHmac } from 'node:crypto';
import { AUTH_LIFETIME_MS } from '@sunin/contract';

/** The jti of the one session lib/seed.ts records for each user it inserts. */
export const benchJti = (userId: number) => `bench-${userId}`;

/**
 * The server's access token (apps/server/src/lib/tokens.ts): HS256, header {alg, typ: JWT},
 * claims sub (user id as a string), jti, iat, exp = iat + 2 days, aud. The bench sets
 * JWT_SECRET, so it signs the same tokens itself instead of logging in thousands of times
 * (login is rate limited and argon2-costly). The server also requires a live session row for
 * the jti, which lib/seed.ts inserts with every user.
 */
export function mintAccessToken(secret: string, userId: number, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = { alg: 'HS256', typ: 'JWT' };
  const claims = { sub: String(userId), jti: benchJti(userId), iat, exp: Math.floor((now + AUTH_LIFETIME_MS) / 1000), aud: 'sunin-partner-portal' };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signingInput = `${encode(header)}.${encode(claims)}`;
  const signature = createHmac('sha256', secret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}
