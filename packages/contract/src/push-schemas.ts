import { z } from 'zod';
import { PUSH_ENDPOINT_MAX_LENGTH, PUSH_EXPIRATION_MAX_MS } from './push.js';

// The request and response schemas of web push (issue 41 item 3); its values and rules are in push.ts.

/** How many bytes a base64url text decodes to (padding allowed), or null when it is not base64url. */
export function base64UrlByteLength(text: string): number | null {
  const bare = text.replace(/={1,2}$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(bare) || bare.length % 4 === 1) return null;
  return Math.floor((bare.length * 6) / 8);
}

const base64UrlOf = (bytes: number, message: string) =>
  z
    .string({ error: message })
    .max(200, message)
    .refine((text) => base64UrlByteLength(text) === bytes, message);

/**
 * The browser's PushSubscription as `toJSON()` gives it, the body of `POST /api/push/subscriptions`.
 * The endpoint is an https URL (http is accepted here and refused by the server in production and
 * for any host but a loopback one elsewhere: only it knows the configuration); p256dh is the
 * device's uncompressed P-256 public key (65 bytes, starting 0x04: "B" in base64url) and auth its
 * 16-byte secret.
 */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: z
    .string({ error: 'endpoint must be the push service address.' })
    .max(PUSH_ENDPOINT_MAX_LENGTH, `endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters.`)
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'endpoint must be an https address.'),
  expirationTime: z
    .number({ error: 'expirationTime must be a time in milliseconds or null.' })
    .int('expirationTime must be a time in milliseconds or null.')
    .nonnegative('expirationTime must be a time in milliseconds or null.')
    // Checked against the clock when parsed: the database cannot store a far-future date (year 10000 and beyond).
    .refine((time) => time <= Date.now() + PUSH_EXPIRATION_MAX_MS, 'expirationTime must be at most ten years from now.')
    .nullable()
    .optional(),
  keys: z.strictObject(
    {
      p256dh: base64UrlOf(65, 'keys.p256dh must be the 65-byte P-256 public key in base64url.').refine((text) => text.startsWith('B'), 'keys.p256dh must be an uncompressed P-256 public key.'),
      auth: base64UrlOf(16, 'keys.auth must be the 16-byte secret in base64url.'),
    },
    { error: 'keys must hold p256dh and auth.' },
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `DELETE /api/push/subscriptions`: the endpoint of the device to turn off. */
export const pushUnsubscribeBodySchema = z.strictObject({
  endpoint: z.string({ error: 'endpoint must be the push service address.' }).min(1, 'endpoint must be the push service address.').max(PUSH_ENDPOINT_MAX_LENGTH, `endpoint must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters.`),
});
export type PushUnsubscribeBody = z.infer<typeof pushUnsubscribeBodySchema>;

/** `GET /api/push/vapid_public_key`: the server's VAPID public key, base64url, as `applicationServerKey` takes it. */
export const vapidPublicKeyResponseSchema = z.object({ public_key: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponseSchema>;

/** One device that takes the caller's notifications. */
export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Android", from the User-Agent that turned it on. */
  device: z.string(),
  created_at: z.string(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;
export const pushSubscriptionResponseSchema = z.object({ push_subscription: pushSubscriptionSchema });
export const pushSubscriptionListSchema = z.object({ push_subscriptions: z.array(pushSubscriptionSchema) });
export type PushSubscriptionList = z.infer<typeof pushSubscriptionListSchema>;

/** `POST /api/push/test`: how many of the caller's devices a test notification was queued for. */
export const pushTestResponseSchema = z.object({ queued: z.number().int() });
export type PushTestResponse = z.infer<typeof pushTestResponseSchema>;
