import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      loginPerIp: preHandlerAsyncHookHandler;
      loginPerEmail: preHandlerAsyncHookHandler;
      resetPerIp: preHandlerAsyncHookHandler;
      resetPerEmail: preHandlerAsyncHookHandler;
      lookupPerIp: preHandlerAsyncHookHandler;
      signupPerIp: preHandlerAsyncHookHandler;
    };
  }
}

/** No message is given by the spec; this one is shown as the server sends it. */
export const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/** The email a login or reset body names, lowercased; the IP when the body has none. */
function emailKey(request: FastifyRequest): string {
  const body = request.body as { user?: { email?: unknown } } | undefined;
  const email = body?.user?.email;
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : `ip:${request.ip}`;
}

/**
 * Login and reset requests are limited per IP and per email (DESIGN.md), signups per IP, counted in Redis when
 * REDIS_URL is set so that every server process shares the counts, in memory otherwise.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const { rateLimits, redisUrl } = app.ctx.config;
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'rate-limit redis error'));
  await app.register(rateLimit, {
    global: false,
    nameSpace: `${app.ctx.config.redisNamespace}:rl:`,
    ...(redis ? { redis, skipOnError: true } : {}),
    errorResponseBuilder: () => new AppError('rate_limited', TOO_MANY),
  });
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  // createRateLimit, not rateLimit: a request may pass several limiters (per IP, then per
  // email), and the plugin's own handler runs only the first one a request meets.
  const limiter = (name: string, max: number, timeWindow: string, key: (request: FastifyRequest) => string = (request) => `ip:${request.ip}`): preHandlerAsyncHookHandler => {
    const check = app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
    return async (request, reply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('Retry-After', String(result.ttlInSeconds));
        throw new AppError('rate_limited', TOO_MANY);
      }
    };
  };

  app.decorate('limits', {
    loginPerIp: limiter('login-ip', rateLimits.loginPerIp, '1 minute'),
    loginPerEmail: limiter('login-email', rateLimits.loginPerEmail, '15 minutes', emailKey),
    resetPerIp: limiter('reset-ip', rateLimits.resetPerIp, '15 minutes'),
    resetPerEmail: limiter('reset-email', rateLimits.resetPerEmail, '15 minutes', emailKey),
    lookupPerIp: limiter('lookup-ip', 120, '1 minute'),
    // Anti-automation (ASVS 2.4.1): accounts made from one address per hour.
    signupPerIp: limiter('signup-ip', rateLimits.signupPerIp, '1 hour'),
  });
});
