import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import webpush from 'web-push';
import { PUSH_TTL_SECONDS } from '@sunin/contract';
import { isAllowedAddress, type TargetPolicy } from './safe-target.js';
import { safeErrorMessage } from './safe-error.js';

/** One device's subscription, as stored. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * What one attempt gave: `sent` (2xx), `gone` (404 or 410: the subscription is over), `retry`
 * (no answer, 429 or 5xx: the push service may take it later), `unsafe` (the endpoint is not one
 * the portal may connect to: plain http in production, or a host that is or resolves to a
 * private or loopback address; it never will be, so the subscription goes) or `failed` (any
 * other answer: sending the same request again would not help).
 */
export interface PushAttemptResult {
  outcome: 'sent' | 'gone' | 'retry' | 'unsafe' | 'failed';
  statusCode: number | null;
  error: string | null;
}

export interface PushSenderOptions {
  policy: TargetPolicy;
  /** The connection-time check (safe-target.ts safeLookup): every push service host goes through it. */
  lookup: LookupFunction;
  timeoutMs: number;
  /** The VAPID keys themselves (config.push): their private key is not enumerable, so no log or JSON of the options shows it. */
  vapid: { readonly subject: string; readonly publicKey: string; readonly privateKey: string };
}

/**
 * Sends one web push message (RFC 8030), encrypted for the device (RFC 8291, aes128gcm) and
 * signed with the VAPID keys (RFC 8292). web-push builds the request (encryption, headers);
 * the request itself is made here, like a webhook's: over https only in production, through the
 * checked lookup (no private or loopback address in production, loopback allowed elsewhere for
 * local push services and tests), with a timeout, redirects never followed, and at most a few
 * bytes of the answer read.
 */
/** A VAPID token lives 12 hours (RFC 8292: at most 24) and is signed again an hour before it ends. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_TOKEN_RENEW_MS = (VAPID_TOKEN_SECONDS - 3600) * 1000;
const VAPID_TOKEN_CACHE_SIZE = 256;

export class PushSender {
  private readonly agents = { http: new http.Agent({ keepAlive: true, maxSockets: 16 }), https: new https.Agent({ keepAlive: true, maxSockets: 16 }) };

  /** The signed VAPID token of each push service (RFC 8292 allows reuse until it expires): signing one per push cost a millisecond of CPU each. */
  private readonly vapidTokens = new Map<string, { authorization: string; renewAt: number }>();

  constructor(private readonly options: PushSenderOptions) {}

  /** The `Authorization` header for one push service's origin, signed at most once per VAPID_TOKEN_RENEW_MS. */
  private authorizationFor(audience: string): string {
    const now = Date.now();
    const cached = this.vapidTokens.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const { subject, publicKey, privateKey } = this.options.vapid;
    const expiration = Math.floor(now / 1000) + VAPID_TOKEN_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, subject, publicKey, privateKey, 'aes128gcm', expiration);
    this.vapidTokens.delete(audience);
    // Push services are few; a member naming many hosts must not grow this without end.
    if (this.vapidTokens.size >= VAPID_TOKEN_CACHE_SIZE) this.vapidTokens.delete(this.vapidTokens.keys().next().value as string);
    this.vapidTokens.set(audience, { authorization: Authorization, renewAt: now + VAPID_TOKEN_RENEW_MS });
    return Authorization;
  }

  send(target: PushTarget, payload: string, topic?: string): Promise<PushAttemptResult> {
    const failed = (error: string): PushAttemptResult => ({ outcome: 'failed', statusCode: null, error });
    const unsafe = (error: string): PushAttemptResult => ({ outcome: 'unsafe', statusCode: null, error });
    if (!URL.canParse(target.endpoint)) return Promise.resolve(failed('The endpoint is not a URL.'));
    const url = new URL(target.endpoint);
    const secure = url.protocol === 'https:';
    if (!secure && (this.options.policy.isProduction || url.protocol !== 'http:')) return Promise.resolve(unsafe('The endpoint must be an https address.'));
    // An IP literal never reaches the lookup: checked here.
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(bare) !== 0 && !isAllowedAddress(bare, this.options.policy)) return Promise.resolve(unsafe('The endpoint must point to a public address.'));
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
        // No vapidDetails: the Authorization header is signed here once per push service for hours
        // (authorizationFor), not by web-push once per message, and set after web-push's headers.
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: 'normal',
        // A topic replaces an undelivered message of the same topic (RFC 8030 5.4): at most 32 base64url characters.
        ...(topic && /^[A-Za-z0-9_-]{1,32}$/.test(topic) ? { topic } : {}),
      });
    } catch (error) {
      return Promise.resolve(failed(`Could not encrypt the message: ${safeErrorMessage(error).slice(0, 200)}`));
    }
    const body = details.body ?? Buffer.alloc(0);
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: PushAttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const outgoing = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          lookup: this.options.lookup,
          headers: { ...(details.headers as Record<string, string>), authorization: this.authorizationFor(url.origin), 'content-length': String(body.length) },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          // The answer's body is not needed: its status says everything.
          response.resume();
          response.on('error', () => {});
          settle(outcomeOf(status));
        },
      );
      const timer = setTimeout(() => {
        outgoing.destroy();
        settle({ outcome: 'retry', statusCode: null, error: `No answer within ${this.options.timeoutMs / 1000} s.` });
      }, this.options.timeoutMs);
      // A host that resolves to an address the portal may not reach is refused for good, not retried.
      outgoing.on('error', (error) => settle({ outcome: (error as { code?: unknown }).code === 'EUNSAFETARGET' ? 'unsafe' : 'retry', statusCode: null, error: describe(error) }));
      outgoing.end(body);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

function outcomeOf(status: number): PushAttemptResult {
  if (status >= 200 && status < 300) return { outcome: 'sent', statusCode: status, error: null };
  const error = `The push service answered ${status}.`;
  if (status === 404 || status === 410) return { outcome: 'gone', statusCode: status, error };
  if (status === 429 || status >= 500) return { outcome: 'retry', statusCode: status, error };
  return { outcome: 'failed', statusCode: status, error };
}

/** A connection error without the endpoint (it identifies the device). */
function describe(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EUNSAFETARGET') return safeErrorMessage(error);
  return `${typeof code === 'string' ? `${code}: ` : ''}${safeErrorMessage(error).replace(/https?:\/\/\S+/gi, '[endpoint]')}`.slice(0, 300);
}
