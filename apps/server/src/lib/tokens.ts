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

/** devise-jwt's shape: HS256, claims sub, jti, iat, exp (and aud); 2 days, like the auth cookie. */
export class AccessTokens {
  private readonly key: Uint8Array;

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
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], audience: ACCESS_TOKEN_AUDIENCE });
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
