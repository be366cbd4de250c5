import { createHmac, timingSafeEqual } from 'node:crypto';

/** A form token is good for a day: a page left open overnight is reloaded, not trusted. */
export const LEAD_FORM_TOKEN_MAX_AGE_MS = 24 * 3_600_000;

/**
 * The public estimate form's timing check (issue 39 item 2, no third party): GET
 * /api/public/lead_form hands out `${issuedAtMs}.${HMAC-SHA256}`, and POST /api/public/leads
 * refuses a token that is missing, not ours, older than a day, or younger than
 * LEAD_FORM_MIN_SECONDS (a script posting at once). Keyed by a key derived from the JWT secret
 * with its own label, like the unsubscribe links; never stored. It proves when the form was
 * shown, not who sent it: the per-address and per-email limits do the rest.
 */
export class LeadFormTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('sunin-lead-form-v1').digest();
  }

  issue(nowMs: number = Date.now()): string {
    const issuedAt = String(Math.floor(nowMs));
    return `${issuedAt}.${this.mac(issuedAt)}`;
  }

  /** Whether a form sent back with `token` at `nowMs` may be accepted. */
  accepts(token: string | undefined, minSeconds: number, nowMs: number = Date.now()): boolean {
    const match = token === undefined ? null : /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return false;
    const [, issuedAt, mac] = match as unknown as [string, string, string];
    const expected = Buffer.from(this.mac(issuedAt));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
    const age = nowMs - Number(issuedAt);
    return age >= minSeconds * 1000 && age <= LEAD_FORM_TOKEN_MAX_AGE_MS;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
