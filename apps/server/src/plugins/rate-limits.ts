import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { LEAD_MESSAGES, normalizeEmail, PUSH_TEST_INTERVAL_SECONDS, PUSH_TEST_TOO_SOON, VERIFICATION_EMAIL_MESSAGES, VERIFICATION_EMAILS_PER_HOUR, type ErrorCode } from '@sunin/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { AppError, ReauthenticationFailed } from '../lib/app-error.js';
import { MemoryFailureCounter, RedisFailureCounter, type FailureCounter } from '../lib/failure-counter.js';
import { WindowLimiter, type WindowHit } from '../lib/window-limiter.js';
import { refuseApiToken } from './auth.js';
import type { SecondFactorAttempts } from '../lib/authentication.js';

declare module 'fastify' {
  interface FastifyInstance {
    limits: {
      /** Every login request per IP per minute, failed or not: a generous flood guard only. */
      loginFlood: preHandlerAsyncHookHandler;
      /** Failed logins per IP and per account+IP (issue 13 item 3; decision 011). */
      loginFailures: FailureGuard;
      /**
       * Wrong two-factor codes at sign-in per account, from every address (issue 34 item 1;
       * decision 033): checked before the password, so a locked account answers the same 429
       * whether or not the password is right.
       */
      secondFactor: SecondFactorGuard;
      /** Guessed reset tokens per IP (PATCH /api/password). */
      resetFailures: FailureGuard;
      resetPerIp: preHandlerAsyncHookHandler;
      resetPerEmail: preHandlerAsyncHookHandler;
      lookupPerIp: preHandlerAsyncHookHandler;
      signupPerIp: preHandlerAsyncHookHandler;
      /** Verification emails a signed-in user asks for, per user per hour (issue 34 item 7). */
      verificationMailPerUser: preHandlerAsyncHookHandler;
      /** Test notifications a member sends to their devices (`POST /api/push/test`): one a minute (issue 41 item 3). */
      pushTestPerUser: preHandlerAsyncHookHandler;
      /**
       * Wrong current passwords (and wrong codes when turning two-factor off) of a signed-in
       * session (ASVS 6.3.1): a stolen token cannot be used to guess the password behind it.
       */
      reauthFailures: FailureGuard;
      /**
       * The customer links' public routes (issue 36): opens per address (page, logo, signed
       * document), writes per address (codes, signatures, change requests), and per link the
       * codes mailed and the change requests sent (SHARE_LIMITS).
       */
      sharePagePerIp: preHandlerAsyncHookHandler;
      shareWritesPerIp: preHandlerAsyncHookHandler;
      signatureCodesPerShare: preHandlerAsyncHookHandler;
      changeRequestsPerShare: preHandlerAsyncHookHandler;
      /** The public estimate form (issue 39): submissions per address an hour, and per email address a day. */
      leadFormsPerIp: preHandlerAsyncHookHandler;
      leadFormsPerEmail: preHandlerAsyncHookHandler;
      /** Whether a referral link's visit may count as a click (per address a minute); past it the visitor is redirected without one. */
      referralClickAllowed(request: FastifyRequest): Promise<boolean>;
      /** Usage files sent to the lead form's upload token (issue 39), per address. */
      leadUploadsPerIp: preHandlerAsyncHookHandler;
      /**
       * Counts a request made with a personal API token against the token's own limit (issue 40
       * item 1), sets the RateLimit-* headers, and throws 429 `rate_limited` with Retry-After past
       * it. The auth hooks call it as soon as a token is recognised.
       */
      apiTokenRequests(request: FastifyRequest, reply: FastifyReply): void;
    };
  }
}

/** No message is given by the spec; this one is shown as the server sends it. */
export const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';

/** The customer links' limits (issue 36; docs/security.md). */
export const SHARE_LIMITS = {
  /** The default of SHARE_PAGE_RATE_LIMIT_PER_MINUTE. */
  pagePerIpPerMinute: 120,
  writesPerIpPer15Minutes: 30,
  /** Codes mailed per link and address an hour, and per link whatever the address. */
  codesPerSharePerHour: 5,
  codesPerShareAllAddressesPerHour: 15,
  changeRequestsPerSharePerHour: 5,
} as const;

/** The public estimate form's and the referral links' limits (issue 39; docs/security.md). */
export const LEAD_LIMITS = {
  formsPerIpPerHour: 5,
  formsPerEmailPerDay: 3,
  clicksPerIpPerMinute: 60,
  /** Usage files one address may send to lead forms an hour: each form allows one, and forms are limited too. */
  uploadsPerIpPerHour: 10,
} as const;

/** The address a public estimate form names (lowercased by its schema). */
function leadEmail(request: FastifyRequest): string {
  const email = (request.body as { lead?: { email?: unknown } } | undefined)?.lead?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}

/** A customer link's counters are keyed by a digest of its token, never the token. */
function shareKey(request: FastifyRequest): string {
  const token = (request.params as { token?: unknown } | undefined)?.token;
  return `share:${digest(typeof token === 'string' ? token : '')}`;
}

/** The address a signing code is asked for, as the body names it (lowercased). */
function signatureEmail(request: FastifyRequest): string {
  const email = (request.body as { signature?: { email?: unknown } } | undefined)?.signature?.email;
  return typeof email === 'string' ? normalizeEmail(email) : '';
}


/** Availability lookups and email verifications per IP per minute. */
export const LOOKUPS_PER_MINUTE = 120;

/**
 * Refuses a caller whose own recent failures reached a limit, and counts its failures. Only
 * failures count, so nobody can lock another person out: the owner's correct password from
 * an address with no recent failures always gets in.
 */
export interface FailureGuard {
  /** preHandler: 429 `rate_limited` with Retry-After before any password is checked (no argon2 spent). */
  check: preHandlerAsyncHookHandler;
  /**
   * Runs one attempt. An error the guard counts as a failure counts against every key; a
   * success clears the caller's account key (never the per-address one, or an attacker could
   * reset it by signing in to an account of their own between guesses).
   */
  track<T>(request: FastifyRequest, attempt: () => Promise<T>): Promise<T>;
}

/** Sign-in codes per account (issue 34 item 1, decision 033). */
export interface SecondFactorGuard {
  /** preHandler: 429 with Retry-After while the account's second step is locked, before any password is checked. */
  check: preHandlerAsyncHookHandler;
  /** The account's code attempts for this request, taken before each code is checked. */
  attempts(request: FastifyRequest, reply: FastifyReply): SecondFactorAttempts | undefined;
}

interface FailureKey {
  key: string;
  limit: number;
  /** Cleared by a success. */
  clearedOnSuccess: boolean;
}

/** A short digest, so the counters' keys carry no email address. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The address a failure is counted against: an IPv4 address as it is, an IPv6 address by its
 * /64 prefix, since one subscriber usually holds a whole /64 and could otherwise take a fresh
 * address for every guess.
 */
export function failureAddress(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function loginEmail(request: FastifyRequest): string | undefined {
  const email = (request.body as { user?: { email?: unknown } } | undefined)?.user?.email;
  return typeof email === 'string' ? normalizeEmail(email) : undefined;
}

/** The email a login or reset body names, lowercased; the address when the body has none. */
function emailKey(request: FastifyRequest): string {
  const body = request.body as { user?: { email?: unknown } } | undefined;
  const email = body?.user?.email;
  return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : `ip:${failureAddress(request.ip)}`;
}

/** 429 `rate_limited` in the error shape, with the seconds until the count ends. */
function refuse(reply: FastifyReply, ttlMs: number, message = TOO_MANY): AppError {
  reply.header('Retry-After', String(Math.max(1, Math.ceil(ttlMs / 1000))));
  return new AppError('rate_limited', message);
}

/**
 * Failed logins are limited per IP and per account+IP, guessed reset tokens per IP (issue 13
 * item 3, decision 011), wrong two-factor codes per account (issue 34 item 1, decision 033);
 * reset requests per IP and per email, signups and lookups per IP (DESIGN.md). Counted in
 * Redis when REDIS_URL is set so that every server process shares the counts, in memory
 * otherwise; while Redis is down every one of them counts in this process's memory
 * (lib/failure-counter.ts), so none fails open (issue 34 item 4).
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance) => {
  const { rateLimits, redisUrl, redisNamespace } = app.ctx.config;
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : undefined;
  const onRedisError = (error: unknown) => app.log.warn({ err: error }, 'rate-limit redis error');
  redis?.on('error', onRedisError);
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  // Requests and failures in separate counters: in memory each is bounded by evicting its
  // oldest keys, and a flood of requests from fresh addresses must not evict anyone's failures.
  const counterFor = (kind: 'rl' | 'fail' | 'mfa'): FailureCounter => (redis ? new RedisFailureCounter(redis, `${redisNamespace}:${kind}:`, onRedisError) : new MemoryFailureCounter());
  const requests = counterFor('rl');
  const failures = counterFor('fail');

  /** Every request counts against `key` in a fixed window; the one past `max` is refused. */
  const limiter =
    (name: string, max: number, windowMs: number, key: (request: FastifyRequest) => string = (request) => `ip:${failureAddress(request.ip)}`, message = TOO_MANY) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const { count, ttlMs } = await requests.hit(`${name}:${key(request)}`, windowMs);
      if (count > max) throw refuse(reply, ttlMs, message);
    };

  const failureGuard = (isFailure: (error: unknown) => boolean, keys: (request: FastifyRequest) => FailureKey[], windowMs = rateLimits.failureWindowMs): FailureGuard => ({
    async check(request: FastifyRequest, reply: FastifyReply) {
      for (const { key, limit } of keys(request)) {
        const { count, ttlMs } = await failures.get(key);
        if (count >= limit) throw refuse(reply, ttlMs);
      }
    },
    async track(request, attempt) {
      let result;
      try {
        result = await attempt();
      } catch (error) {
        if (isFailure(error)) {
          await Promise.all(keys(request).map(({ key }) => failures.increment(key, windowMs)));
        }
        throw error;
      }
      await Promise.all(keys(request).filter((entry) => entry.clearedOnSuccess).map(({ key }) => failures.clear(key)));
      return result;
    },
  });

  // Counted per account whatever the address (the 270 codes from 30 addresses of issue 34 were
  // never refused), only after the right password, and only at sign-in: a signed-in session's
  // wrong codes (turning two-factor off) are reauthFailures. Each attempt is counted before its
  // code is checked, so requests in flight at once cannot pass the limit; the owner's right code
  // clears it. In a counter of its own, so that no flood of other keys can evict a lock from
  // memory. Anyone who knows the password can lock the second step, so the owner is told.
  const codeAttempts = counterFor('mfa');
  const { mfaFailuresPerAccount: codeLimit, mfaFailureWindowMs: codeWindowMs } = rateLimits;
  const codeKey = (request: FastifyRequest) => {
    const email = loginEmail(request);
    return email ? `account:${digest(email)}` : undefined;
  };
  const secondFactor: SecondFactorGuard = {
    async check(request, reply) {
      const key = codeKey(request);
      if (!key) return;
      const { count, ttlMs } = await codeAttempts.get(key);
      if (count >= codeLimit) throw refuse(reply, ttlMs);
    },
    attempts(request, reply) {
      const key = codeKey(request);
      if (!key) return undefined;
      return {
        async take() {
          // Each count restarts the window, so the lock ends a whole window after the last attempt.
          const count = await codeAttempts.increment(key, codeWindowMs);
          if (count > codeLimit) throw refuse(reply, codeWindowMs);
          return { last: count === codeLimit };
        },
        succeeded: () => codeAttempts.clear(key),
      };
    },
  };

  const codesMessage = 'Too many codes were asked for this link. Please wait before asking again.';
  const codesPerLinkAndAddress = limiter('share-code', SHARE_LIMITS.codesPerSharePerHour, 60 * MINUTE, (request) => `${shareKey(request)}:${digest(signatureEmail(request))}`, codesMessage);
  const codesPerLink = limiter('share-code-all', SHARE_LIMITS.codesPerShareAllAddressesPerHour, 60 * MINUTE, shareKey, codesMessage);

  const onError = (error: Error) => app.log.warn({ err: error }, 'rate-limit redis error');
  const refusal = (reply: FastifyReply, { allowed, retryAfterSeconds }: WindowHit): AppError | undefined => {
    if (allowed) return undefined;
    reply.header('Retry-After', String(retryAfterSeconds));
    return new AppError('rate_limited', TOO_MANY);
  };
  // Issue 40 item 1: each API token's requests per minute, counted like the per-user limit below
  // (in memory, added up in Redis; never open without it), whatever the route answers.
  const tokenLimit = rateLimits.apiTokenRequestsPerMinute;
  const tokenRequests = new WindowLimiter({ max: tokenLimit, windowMs: 60_000, redis, prefix: `${redisNamespace}:ul:api-token:`, onError });

  app.decorate('limits', {
    secondFactor,
    loginFlood: limiter('login-ip', rateLimits.loginRequestsPerIp, MINUTE),
    // A wrong password and (issue 13 item 5) a wrong two-factor code both answer invalid_credentials.
    loginFailures: failureGuard(hasCode('invalid_credentials'), (request) => {
      const email = loginEmail(request);
      const address = failureAddress(request.ip);
      return [
        { key: `login:ip:${address}`, limit: rateLimits.loginPerIp, clearedOnSuccess: false },
        ...(email ? [{ key: `login:account-ip:${digest(email)}:${address}`, limit: rateLimits.loginPerEmail, clearedOnSuccess: true }] : []),
      ];
    }),
    resetFailures: failureGuard(hasCode('invalid_token'), (request) => [{ key: `reset:ip:${failureAddress(request.ip)}`, limit: rateLimits.resetPerIp, clearedOnSuccess: false }]),
    resetPerIp: limiter('reset-ip', rateLimits.resetPerIp, 15 * MINUTE),
    resetPerEmail: limiter('reset-email', rateLimits.resetPerEmail, 15 * MINUTE, emailKey),
    lookupPerIp: limiter('lookup-ip', LOOKUPS_PER_MINUTE, MINUTE),
    // Anti-automation (ASVS 2.4.1): accounts made from one address per hour.
    signupPerIp: limiter('signup-ip', rateLimits.signupPerIp, 60 * MINUTE),
    // Each one mails a real inbox: per user, so one account cannot be used to flood its address.
    verificationMailPerUser: limiter('verify-mail-user', VERIFICATION_EMAILS_PER_HOUR, 60 * MINUTE, (request) => `user:${request.auth?.user.id ?? request.ip}`, VERIFICATION_EMAIL_MESSAGES.tooMany),
    // Each test is a push to every device of the member: one a minute, counted like the one above (Redis or memory, never open).
    pushTestPerUser: limiter('push-test-user', 1, PUSH_TEST_INTERVAL_SECONDS * 1000, (request) => `user:${request.auth?.user.id ?? request.ip}`, PUSH_TEST_TOO_SOON),
    // Counted per session (the token that would be stolen), with the limit of failed sign-ins
    // per account, and never cleared by a success (a profile edit that checks no password must
    // not reset it). The owner's other sessions, and a fresh sign-in, are never blocked by it.
    reauthFailures: refusingApiTokens(
      failureGuard(
        (error) => error instanceof ReauthenticationFailed,
        (request) => (request.auth ? [{ key: `reauth:session:${request.auth.sessionId}`, limit: rateLimits.loginPerEmail, clearedOnSuccess: false }] : []),
      ),
    ),
    sharePagePerIp: limiter('share-page-ip', rateLimits.sharePagePerIp, MINUTE),
    shareWritesPerIp: limiter('share-write-ip', SHARE_LIMITS.writesPerIpPer15Minutes, 15 * MINUTE),
    // Each code mails a real inbox: per link and address, so nobody can use one link to flood an
    // address, nor use up the signer's own codes by asking for codes to other addresses; and per
    // link, so one link cannot mail many inboxes.
    signatureCodesPerShare: async function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      await codesPerLinkAndAddress.call(this, request, reply);
      await codesPerLink.call(this, request, reply);
    },
    changeRequestsPerShare: limiter('share-change', SHARE_LIMITS.changeRequestsPerSharePerHour, 60 * MINUTE, shareKey),
    leadFormsPerIp: limiter('lead-form-ip', LEAD_LIMITS.formsPerIpPerHour, 60 * MINUTE, undefined, LEAD_MESSAGES.tooManyForms),
    // Each accepted form mails its address: per address a day, so nobody floods an inbox from many addresses.
    leadFormsPerEmail: limiter('lead-form-email', LEAD_LIMITS.formsPerEmailPerDay, 24 * 60 * MINUTE, (request) => `email:${digest(leadEmail(request))}`, LEAD_MESSAGES.tooManyForms),
    async referralClickAllowed(request) {
      const { count } = await requests.hit(`referral-click-ip:${failureAddress(request.ip)}`, MINUTE);
      return count <= LEAD_LIMITS.clicksPerIpPerMinute;
    },
    leadUploadsPerIp: limiter('lead-upload-ip', LEAD_LIMITS.uploadsPerIpPerHour, 60 * MINUTE),
    apiTokenRequests(request, reply) {
      const token = request.auth?.apiToken;
      if (!token) return;
      const hit = tokenRequests.hit(String(token.id));
      // draft-ietf-httpapi-ratelimit-headers: the limit, what is left of it, and the seconds until it resets.
      reply.header('RateLimit-Limit', String(tokenLimit)).header('RateLimit-Remaining', String(hit.remaining)).header('RateLimit-Reset', String(hit.retryAfterSeconds)).header('RateLimit-Policy', `${tokenLimit};w=60`);
      const refused = refusal(reply, hit);
      if (refused) throw refused;
    },
  });

  // ASVS 2.4.1: every signed-in request counts against its user, writes also against a smaller
  // limit, so no account can script the portal in bulk. After the route's own authentication
  // (onRequest), before its handler. Counted in memory and added up in Redis every 100 ms
  // (lib/window-limiter.ts, issue 19 item 1): no round trip per request. Across N processes a
  // window admits at most N x max (about what the others admit in 100 ms over the limit in
  // steady traffic); while Redis is away each process counts alone, never letting all through.
  const userRequests = new WindowLimiter({ max: rateLimits.userRequestsPerMinute, windowMs: 60_000, redis, prefix: `${redisNamespace}:ul:user:`, onError });
  const userWrites = new WindowLimiter({ max: rateLimits.userWritesPerMinute, windowMs: 60_000, redis, prefix: `${redisNamespace}:ul:user-write:`, onError });
  app.addHook('preHandler', (request, reply, done) => {
    if (!request.auth) return done();
    const user = String(request.auth.user.id);
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    done(refusal(reply, userRequests.hit(user)) ?? (write ? refusal(reply, userWrites.hit(user)) : undefined));
  });
  // Hits not yet added to Redis are dropped with the process: at most 100 ms of them.
  app.addHook('onClose', async () => {
    userRequests.close();
    userWrites.close();
    tokenRequests.close();
  });
});

/**
 * A re-authentication guard that also answers 403 insufficient_scope to an API token, whatever
 * its scopes (issue 40 item 1): proving the password again is a person's act, so no route that
 * re-authenticates can forget to refuse tokens.
 */
function refusingApiTokens(guard: FailureGuard): FailureGuard {
  return {
    async check(request, reply) {
      refuseApiToken(request);
      await guard.check.call(this, request, reply);
    },
    track(request, attempt) {
      refuseApiToken(request);
      return guard.track(request, attempt);
    },
  };
}

const MINUTE = 60_000;
const hasCode = (code: ErrorCode) => (error: unknown) => error instanceof AppError && error.code === code;
