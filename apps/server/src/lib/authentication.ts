import type { ApiTokenScope } from '@sunin/contract';
import type { UserRow } from '../db/schema/index.js';
import type { AccessClaims } from './tokens.js';

/*
 * What authentication hands the rest of the server, and what the auth, rate-limit and realtime
 * plugins ask of the sessions. The sessions and API tokens themselves are modules
 * (modules/auth/sessions.service.ts, modules/api-tokens); plugins sit below the modules and import
 * none of them, so buildApp passes them a SessionAuthority (docs/decisions/057).
 */

/** Where a sign-in came from, as the session list shows it. */
export interface ClientInfo {
  ip: string;
  userAgent: string;
}

export interface Authenticated {
  user: UserRow;
  claims: AccessClaims;
  sessionId: number;
  /**
   * Set when the request carries a personal API token rather than a session's JWT (issue 40
   * item 1): the token acts as `user` within `scopes`.
   */
  apiToken?: { id: number; name: string; scopes: readonly ApiTokenScope[]; lastUsedAt: Date | null };
}

/**
 * Where a request's credential came from. Only the Authorization header may carry an API token:
 * the download cookie and the websocket's query string are the web app's own (issue 40 item 1).
 */
export type CredentialSource = 'authorization_header' | 'cookie' | 'websocket_query';

/** What an open connection's standing depends on: its user's role and MFA enrolment. */
export type LiveSessionUser = Pick<UserRow, 'company_role' | 'mfa_enabled_at'>;

/** A request made with an API token that succeeded, as its audit entry records it. */
export interface ApiTokenRequest {
  userId: number;
  tokenId: number;
  method: string;
  /** The route's pattern (`/api/projects/:id`) and its parameters (the ids it reached). */
  route: string;
  params: Record<string, unknown>;
  status: number;
}

/**
 * How a sign-in's codes are counted per account (plugins/rate-limits.ts, docs/decisions/033).
 * An attempt is taken before its code is checked, so a burst of parallel requests gets no more
 * codes checked than the limit: counting failures after the check let every request that was
 * already under way through (the review of issue 34 item 1).
 */
export interface SecondFactorAttempts {
  /** Counts one attempt; throws 429 `rate_limited` when the account has none left. `last`: it was the last one. */
  take(): Promise<{ last: boolean }>;
  /** A right code: the account's attempts start over. */
  succeeded(): Promise<void>;
}

/** The sessions as the auth and realtime plugins use them; modules/auth/session-authority.ts builds it. */
export interface SessionAuthority {
  /** The request's user and session, or 401 (sessions.service.ts `authenticate`). */
  authenticate(credential: string | undefined, from: CredentialSource): Promise<Authenticated>;
  /** Which of these sessions are still signed in, each with its user as now. */
  liveSessionUsers(jtis: readonly string[]): Promise<Map<string, LiveSessionUser>>;
  /** Notes an API token's use (at most once a minute). */
  noteApiTokenUse(token: { id: number; lastUsedAt: Date | null }): Promise<void>;
  /** Audits a token's request that succeeded. */
  recordApiTokenRequest(request: ApiTokenRequest): Promise<void>;
}

const SESSION_AUTHORITY_METHODS = ['authenticate', 'liveSessionUsers', 'noteApiTokenUse', 'recordApiTokenRequest'] as const;

/**
 * The `authority` option of a plugin that authenticates (auth, realtime), checked as the plugin
 * registers: without it the server would start and then answer every signed-in request with a
 * TypeError's 500.
 */
export function requireSessionAuthority(plugin: string, authority: SessionAuthority | undefined): SessionAuthority {
  const missing = SESSION_AUTHORITY_METHODS.filter((method) => typeof (authority as Partial<SessionAuthority> | undefined)?.[method] !== 'function');
  if (missing.length > 0) {
    const what = authority ? `the one given lacks ${missing.join(', ')}` : 'none was given';
    throw new Error(`The ${plugin} plugin needs the option authority, a SessionAuthority (modules/auth/session-authority.ts, as buildApp passes it): ${what}.`);
  }
  return authority as SessionAuthority;
}
