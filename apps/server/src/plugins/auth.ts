import { MFA_MESSAGES, type ApiTokenScope } from '@sunin/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import { adminStanding } from '../modules/auth/admin-standing.js';
import { authenticate, type Authenticated, type ClientInfo } from '../modules/auth/sessions.service.js';

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

export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('auth', null);

  const requireUser: AuthHook = async (request) => {
    request.auth = await authenticate(app.ctx, request.headers.authorization);
  };
  const assertAdmin = (request: FastifyRequest) => {
    const standing = request.auth ? adminStanding(app.ctx.config, request.auth.user) : 'not_admin';
    if (standing === 'not_admin') throw new AppError('forbidden', 'You are not allowed to do that.');
    // ADMIN_MFA_REQUIRED (docs/decisions/010): after the 401 and the non-admin 403, so only an
    // administrator learns that enrolment is what is missing. Their own /user routes stay open.
    if (standing === 'mfa_enrollment_required') throw new AppError('mfa_enrollment_required', MFA_MESSAGES.enrollmentRequired);
  };
  const requireAdmin: AuthHook = async (request) => {
    request.auth = await authenticate(app.ctx, request.headers.authorization);
    assertAdmin(request);
  };
  const requireUserOrCookie: AuthHook = async (request) => {
    const cookieToken = readCookie(request.headers.cookie, 'authorization');
    const header = request.headers.authorization ?? (cookieToken ? `Bearer ${cookieToken}` : undefined);
    request.auth = await authenticate(app.ctx, header);
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireUserOrCookie', requireUserOrCookie);
  const requireAdminOrCookie: AuthHook = async function (request, reply) {
    await requireUserOrCookie.call(this, request, reply);
    assertAdmin(request);
  };
  app.decorate('requireAdminOrCookie', requireAdminOrCookie);
  app.decorate('requireAdmin', requireAdmin);
});
