import { ADMIN_ROLE } from '@sunin/contract';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';
import type { AccessClaims } from '../lib/tokens.js';
import { authenticate } from '../modules/auth/auth.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid, unrevoked bearer token. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: 401 without a token, 403 unless company_role is full_access_admin. */
    requireAdmin: preHandlerAsyncHookHandler;
    /**
     * preHandler for GET routes a browser loads by itself (an <img src>, a download link): the
     * bearer header, or else the web app's `authorization` cookie (SameSite=Strict).
     */
    requireUserOrCookie: preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    auth: { user: UserRow; claims: AccessClaims } | null;
  }
}

/** The signed-in user of a route behind requireUser or requireAdmin. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.auth) throw new AppError('unauthorized', 'You need to sign in or sign up before continuing.');
  return request.auth.user;
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

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    request.auth = await authenticate(app.ctx, request.headers.authorization);
  };
  const requireAdmin: preHandlerAsyncHookHandler = async (request) => {
    request.auth = await authenticate(app.ctx, request.headers.authorization);
    if (request.auth.user.company_role !== ADMIN_ROLE) {
      throw new AppError('forbidden', 'You are not allowed to do that.');
    }
  };
  const requireUserOrCookie: preHandlerAsyncHookHandler = async (request) => {
    const cookieToken = readCookie(request.headers.cookie, 'authorization');
    const header = request.headers.authorization ?? (cookieToken ? `Bearer ${cookieToken}` : undefined);
    request.auth = await authenticate(app.ctx, header);
  };
  app.decorate('requireUser', requireUser);
  app.decorate('requireUserOrCookie', requireUserOrCookie);
  app.decorate('requireAdmin', requireAdmin);
});
