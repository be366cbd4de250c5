import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AUTH_LIFETIME_MS } from '@sunin/contract';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface AccessClaims {
  sub: string;
  jti: string;
  iat: number;
  exp: number;
}

/**
 * The audience of the portal's access tokens (ASVS 9.2.3): a token minted with the same key
 * for any other purpose is refused.
 */
export const ACCESS_TOKEN_AUDIENCE = 'sunin-partner-portal';

/** How long a verified token's claims are remembered (issue 19 item 1), and how many at most. */
const VERIFIED_FOR_MS = 5 * 60_000;
const VERIFIED_MAX = 20_000;

/**
 * devise-jwt's shape: HS256, claims sub, jti, iat, exp (and aud); 2 days, like the auth cookie.
 *
 * A token's signature and claims are checked once and remembered for five minutes (never past
 * its exp), keyed by the whole token: what is remembered is only that these exact bytes were
 * signed with our key, which nothing can revoke. Whether the token may still be used (its
 * session live and not idle, its user there) is read from the database on every request, so a
 * logout, an ended session or a password change takes effect at the next request, in every
 * process, without dropping anything here.
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  private readonly verified = new Map<string, { claims: AccessClaims; until: number }>();

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: number, now = Date.now()): Promise<{ token: string; claims: AccessClaims }> {
    const iat = Math.floor(now / 1000);
    const claims: AccessClaims = {
      sub: String(userId),
      jti: randomUUID(),
      iat,
      exp: Math.floor((now + AUTH_LIFETIME_MS) / 1000),
    };
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .sign(this.key);
    return { token, claims };
  }

  /** Returns the claims, or null for any token that is not ours, altered, or expired. */
  async verify(token: string, now = Date.now()): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known && known.until > now) return known.claims;
    if (known) this.verified.delete(token);
    const claims = await this.check(token, now);
    if (claims && claims.exp * 1000 > now) {
      // Oldest first out (a Map keeps insertion order).
      if (this.verified.size >= VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(token, { claims, until: Math.min(claims.exp * 1000, now + VERIFIED_FOR_MS) });
    }
    return claims;
  }

  private async check(token: string, now: number): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: ACCESS_TOKEN_AUDIENCE, currentDate: new Date(now) });
      if (
        typeof payload.sub !== 'string' ||
        !/^\d+$/.test(payload.sub) ||
        typeof payload.jti !== 'string' ||
        typeof payload.iat !== 'number' ||
        typeof payload.exp !== 'number'
      ) {
        return null;
      }
      return { sub: payload.sub, jti: payload.jti, iat: payload.iat, exp: payload.exp };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}

/** A random token for a mailed link; only its hash is stored. */
export function createOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOpaqueToken(token) };
}

export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
