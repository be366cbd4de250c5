import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_EVENT_TYPES, type EmailEventType } from '@sunin/contract';

/**
 * The signed token of an email's one-click unsubscribe link (RFC 8058, issue 18 item 4,
 * docs/decisions/023): `<user id>.<event type>.<HMAC-SHA256>`, keyed by a key derived from the
 * JWT secret for this purpose only. It is never stored, so there is nothing to hash at rest;
 * it works without signing in and can only turn off the one event type it names for its user.
 * It does not expire: an unsubscribe link must keep working in an old email. Changing
 * JWT_SECRET invalidates the links of the emails sent before.
 */
export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('sunin-unsubscribe-v1').digest();
  }

  sign(userId: number, eventType: EmailEventType): string {
    const payload = `${userId}.${eventType}`;
    return `${payload}.${this.mac(payload)}`;
  }

  /** The user and event type a token names, or null if it is malformed or not ours. */
  verify(token: string): { userId: number; eventType: EmailEventType } | null {
    const match = /^([1-9]\d{0,9})\.([a-z_]{1,40})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, id, type, mac] = match as unknown as [string, string, string, string];
    if (!(EMAIL_EVENT_TYPES as readonly string[]).includes(type)) return null;
    const expected = Buffer.from(this.mac(`${id}.${type}`));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const userId = Number(id);
    return Number.isSafeInteger(userId) && userId <= 2_147_483_647 ? { userId, eventType: type as EmailEventType } : null;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
