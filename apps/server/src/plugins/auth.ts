import { MFA_MESSAGES, type ApiTokenScope } from '@sunin/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { defaultTokenScope } from '../route-table.js';
import { adminStanding } from '../lib/admin-standing.js';
import { requireSessionAuthority, type Authenticated, type ClientInfo, type CredentialSource, type SessionAuthority } from '../lib/authentication.js';

/**
 * An authentication check. Routes run it as an `onRequest` hook, before the body is parsed
 * and validated, so that a caller without the right token learns nothing about the route.
 */
export type AuthHook = (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether a personal API token may call the route, and with which scope (issue 40 item 1):
     * `'any'` for every token (the route checks more itself). A token is refused with 403
     * `insufficient_scope` on a route without it, and on one whose scope it does not hold.
     */
    tokenScope?: ApiTokenScope | 'any';
  }
  interface FastifyInstance {
    /** 401 unless the request carries a valid, unrevoked bearer token. */
    requireUser: AuthHook;
    /** 401 without a token, 403 unless company_role is full_access_admin. */
    requireAdmin: AuthHook;
    /**
     * For GET routes a browser loads by itself (an <img src>, a download link): the
     * bearer header, or else the web app's `authorization` cookie (SameSite=Strict).
     */
    requireUserOrCookie: AuthHook;
    /** requireAdmin for downloads: the bearer header or the web app's cookie. */
    requireAdminOrCookie: AuthHook;
  }
  interface FastifyRequest {
    auth: Authenticated | null;
  }
}

/** The signed-in user of a route behind requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('unauthorized', 'You need to sign in or sign up before continuing.');
  return request.auth.user;
}

/** The signed-in user, the claims of the token the request carries, and its session. */
export function currentSession(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new AppError('unauthorized', 'You need to sign in or sign up before continuing.');
  return request.auth;
}

/** Where a request comes from, as a new session records it. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent : '' };
}

/**
 * 403 insufficient_scope for a request made with an API token: for what only a person signed in
 * to the portal may do, whatever the token's scopes (re-authentication, issue 40 item 1).
 */
export function refuseApiToken(request: FastifyRequest): void {
  if (request.auth?.apiToken) throw new AppError('insufficient_scope', 'An API token cannot be used for this request; sign in to the portal to do it.');
}

/** 403 insufficient_scope unless the route lets a token with these scopes in. */
function assertTokenScope(request: FastifyRequest, scopes: readonly ApiTokenScope[]): void {
  const needed = request.routeOptions.config.tokenScope;
  if (needed === undefined) refuseApiToken(request);
  else if (needed !== 'any' && !scopes.includes(needed)) {
    throw new AppError('insufficient_scope', `This request needs an API token with the ${needed} scope.`);
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The sessions it authenticates against, from buildApp (modules/auth/session-authority.ts). */
export interface AuthPluginOptions {
  authority: SessionAuthority;
}

export const authPlugin = fp(async (app: FastifyInstance, options: AuthPluginOptions) => {
  const authority = requireSessionAuthority('auth', options.authority);
  app.decorateRequest('auth', null);

  // Every route registered from here on gets its default token scope, unless it declares one.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.tokenScope !== undefined) return;
    const tokenScope = defaultTokenScope(route.url, [route.method].flat());
    if (tokenScope) route.config = { ...route.config, tokenScope };
  });

  /**
   * Authenticates the request. A token's request is counted against its own limit (every answer
   * carries RateLimit-*, refusals too) and then held to the route's scope, before anything else
   * of the route runs; only a request that passes both is noted as the token's use.
   */
  const authenticateRequest = async (request: FastifyRequest, reply: FastifyReply, credential: string | undefined, from: CredentialSource) => {
    request.auth = await authority.authenticate(credential, from);
    const token = request.auth.apiToken;
    if (token) {
      app.limits.apiTokenRequests(request, reply);
      assertTokenScope(request, token.scopes);
      await authority.noteApiTokenUse(token);
    }
  };
  const requireUser: AuthHook = async (request, reply) => authenticateRequest(request, reply, request.headers.authorization, 'authorization_header');
  const assertAdmin = (request: FastifyRequest) => {
    // Asked on every request, a token's too: a demoted administrator's admin token stops working.
    const standing = request.auth ? adminStanding(app.ctx.config, request.auth.user) : 'not_admin';
    if (standing === 'not_admin') throw new AppError('forbidden', 'You are not allowed to do that.');
    // ADMIN_MFA_REQUIRED (docs/decisions/010): after the 401 and the non-admin 403, so only an
    // administrator learns that enrolment is what is missing. Their own /user routes stay open.
    if (standing === 'mfa_enrollment_required') throw new AppError('mfa_enrollment_required', MFA_MESSAGES.enrollmentRequired);
  };
  const requireAdmin: AuthHook = async (request, reply) => {
    await authenticateRequest(request, reply, request.headers.authorization, 'authorization_header');
    assertAdmin(request);
  };
  const requireUserOrCookie: AuthHook = async (request, reply) => {
    // The cookie is the web app's session; authenticate refuses an API token from it.
    const header = request.headers.authorization;
    if (header !== undefined) await authenticateRequest(request, reply, header, 'authorization_header');
    else await authenticateRequest(request, reply, readCookie(request.headers.cookie, 'authorization'), 'cookie');
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireUserOrCookie', requireUserOrCookie);
  const requireAdminOrCookie: AuthHook = async function (request, reply) {
    await requireUserOrCookie.call(this, request, reply);
    assertAdmin(request);
  };
  app.decorate('requireAdminOrCookie', requireAdminOrCookie);
  app.decorate('requireAdmin', requireAdmin);

  // Issue 40 item 1 "audited as the token": each write a token made that succeeded, and each
  // admin read (what an admin token took out of the portal), after the answer (in the
  // background, so the answer waits for nothing; app.close and tests drain it).
  app.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth;
    const token = auth?.apiToken;
    const status = reply.statusCode;
    const read = request.method === 'GET' || request.method === 'HEAD';
    const audited = !read || (request.method === 'GET' && request.routeOptions.config.tokenScope === 'admin');
    if (auth && token && audited && status >= 200 && status < 300) {
      const params = { ...(request.params as Record<string, unknown> | undefined) };
      const entry = { userId: auth.user.id, tokenId: token.id, method: request.method, route: request.routeOptions.url ?? '', params, status };
      app.ctx.background.run('api token audit', () => authority.recordApiTokenRequest(entry));
    }
    done();
  });
});
