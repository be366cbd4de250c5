import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isAllowedAddress, UnsafeTargetError, type TargetPolicy } from './safe-target.js';
import { safeErrorMessage } from './safe-error.js';

/** What one attempt gave: the receiver's status (null when none came), why it failed, what it answered. */
export interface WebhookAttemptResult {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  excerpt: string;
  durationMs: number;
}

export interface WebhookRequest {
  url: string;
  /** The `whsec_` secret. */
  secret: string;
  messageId: string;
  /** The exact body, signed and sent. */
  body: string;
  /** When it is sent: the `webhook-timestamp`. */
  at: Date;
}

export interface WebhookSenderOptions {
  policy: TargetPolicy;
  /** The connection-time check (safe-target.ts safeLookup); every name the sender connects to goes through it. */
  lookup: LookupFunction;
  timeoutMs: number;
  excerptBytes: number;
  userAgent: string;
}

/**
 * Sends one signed webhook (Standard Webhooks: `webhook-id`, `webhook-timestamp`,
 * `webhook-signature`). A 2xx is success; anything else is a failure, redirects included (never
 * followed: node's http does not follow them). At most `excerptBytes` of the answer are read;
 * a longer answer's socket is dropped. Sockets are kept alive between deliveries to the same
 * host, which the throughput of a busy endpoint needs; a kept socket was opened through the
 * checked lookup.
 */
export class WebhookSender {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(private readonly options: WebhookSenderOptions) {
    this.agents = { http: new http.Agent({ keepAlive: true, maxSockets: 16 }), https: new https.Agent({ keepAlive: true, maxSockets: 16 }) };
  }

  /** The signed headers of a message, as the worker sends them. */
  signedHeaders(request: Pick<WebhookRequest, 'secret' | 'messageId' | 'body' | 'at'>): Record<string, string> {
    return {
      'content-type': 'application/json',
      'user-agent': this.options.userAgent,
      'webhook-id': request.messageId,
      'webhook-timestamp': String(Math.floor(request.at.getTime() / 1000)),
      'webhook-signature': new Webhook(request.secret).sign(request.messageId, request.at, request.body),
    };
  }

  send(request: WebhookRequest): Promise<WebhookAttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string, statusCode: number | null = null, excerpt = ''): WebhookAttemptResult => ({ ok: false, statusCode, error, excerpt, durationMs: elapsed() });
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    if (!secure && (this.options.policy.isProduction || url.protocol !== 'http:')) return Promise.resolve(failed('The URL must be an https address.'));
    // An IP literal never reaches the lookup: checked here.
    const bare = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(bare) !== 0 && !isAllowedAddress(bare, this.options.policy)) return Promise.resolve(failed('The URL must point to a public address.'));
    let headers: Record<string, string>;
    try {
      headers = this.signedHeaders(request);
    } catch (error) {
      return Promise.resolve(failed(`Could not sign: ${safeErrorMessage(error)}`));
    }
    const payload = Buffer.from(request.body, 'utf8');
    return new Promise((resolve) => {
      let settled = false;
      const settle = (result: WebhookAttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const transport = secure ? https : http;
      const outgoing = transport.request(
        url,
        {
          method: 'POST',
          agent: secure ? this.agents.https : this.agents.http,
          lookup: this.options.lookup,
          headers: { ...headers, 'content-length': String(payload.length) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          const finish = (truncated: boolean) => {
            const excerpt = excerptOf(Buffer.concat(chunks).subarray(0, this.options.excerptBytes));
            const status = response.statusCode ?? null;
            const ok = status !== null && status >= 200 && status < 300;
            if (truncated) response.destroy();
            settle({ ok, statusCode: status, error: ok ? null : `The receiver answered ${String(status)}.`, excerpt, durationMs: elapsed() });
          };
          response.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            size += chunk.length;
            if (size >= this.options.excerptBytes) finish(true);
          });
          response.on('end', () => finish(false));
          response.on('error', (error) => settle(failed(describe(error), response.statusCode ?? null)));
        },
      );
      const timer = setTimeout(() => {
        outgoing.destroy();
        settle(failed(`No answer within ${this.options.timeoutMs / 1000} s.`));
      }, this.options.timeoutMs);
      outgoing.on('error', (error) => settle(failed(describe(error))));
      outgoing.end(payload);
    });
  }

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }
}

/** A connection error as the delivery log shows it: its code and message, without the URL (it may hold a token). */
function describe(error: unknown): string {
  if (error instanceof UnsafeTargetError) return error.message;
  const code = (error as { code?: unknown }).code;
  const message = safeErrorMessage(error).replace(/https?:\/\/\S+/gi, '[link]');
  return `${typeof code === 'string' ? `${code}: ` : ''}${message}`.slice(0, 300);
}

/**
 * The start of an answer as the delivery log keeps it: text of at most the bytes read, a
 * character cut at the end dropped rather than kept as a replacement, and no NUL (PostgreSQL
 * text refuses it). Bytes that are not UTF-8 show as U+FFFD, each counted as one byte read.
 */
export function excerptOf(bytes: Buffer): string {
  const text = new TextDecoder('utf-8').decode(bytes).replaceAll('\u0000', '');
  // A multi-byte character the limit cut in two decodes as one trailing U+FFFD.
  const whole = bytes.length > 0 && (bytes[bytes.length - 1]! & 0x80) !== 0 ? text.replace(/\uFFFD$/, '') : text;
  return [...whole].slice(0, bytes.length).join('');
}
