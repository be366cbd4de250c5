import { ADMIN_ROLE } from './enums.js';
import { ADMIN_EMAIL_EVENT_TYPES, EMAILED_NOTIFICATION_KINDS } from './notifications.js';

// Plain values and rules of web push (issue 41 item 3); their zod schemas are in push-schemas.ts,
// so that code which needs only these (the service worker's payload type, the device panel) does
// not load zod.

/**
 * Every notification type that can be emailed can also be pushed (issue 41 item 3): the kinds
 * emailed by the member's choice, and `integrations` (a webhook endpoint turned off), which is
 * always emailed (webhook-notices.ts) and so has no email choice, only a push one.
 */
export const PUSH_EVENT_TYPES = [...EMAILED_NOTIFICATION_KINDS, 'integrations'] as const;
export type PushEventType = (typeof PUSH_EVENT_TYPES)[number];
export const isPushEventType = (type: string): type is PushEventType => (PUSH_EVENT_TYPES as readonly string[]).includes(type);

/** A member who turned a device on wants its notifications: every type is pushed until they say otherwise. */
export const DEFAULT_PUSH_PREFERENCES = Object.fromEntries(PUSH_EVENT_TYPES.map((type) => [type, true])) as Readonly<Record<PushEventType, boolean>>;

/** The push types that are always emailed (no email choice): the preferences page shows "Always" in their Email column. */
export const ALWAYS_EMAILED_PUSH_TYPES = ['integrations'] as const satisfies readonly PushEventType[];

/** The names of the push types that are not email event types (those take EMAIL_EVENT_LABELS). */
export const PUSH_ONLY_EVENT_LABELS: Readonly<Record<(typeof ALWAYS_EMAILED_PUSH_TYPES)[number], { label: string; description: string }>> = {
  integrations: { label: 'Integrations', description: 'When one of your webhook endpoints is turned off after five days of failed deliveries.' },
};

/** The push types a user is offered: the administrators' two only to full access administrators, as for email. */
export function pushEventTypesFor(user: { company_role: string | null }): PushEventType[] {
  const admin = user.company_role === ADMIN_ROLE;
  return PUSH_EVENT_TYPES.filter((type) => admin || !(ADMIN_EMAIL_EVENT_TYPES as readonly string[]).includes(type));
}

/** What the service worker shows for a push (its payload, JSON): a title, a body, the address it opens, a tag that replaces an older one. */
export interface PushPayload {
  title: string;
  body: string;
  url: string | null;
  tag: string;
}

/**
 * The latest `expirationTime` accepted: ten years from now (browsers name days or weeks, if
 * anything). Far beyond it a date is not one the database can store.
 */
export const PUSH_EXPIRATION_MAX_MS = 10 * 365 * 24 * 3600 * 1000;

/** The longest push endpoint accepted (the browsers' are far shorter). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** Devices a user may have on at once; a new one beyond this replaces their oldest. */
export const PUSH_MAX_DEVICES = 10;
/** How long a push service keeps a message for a device that is off (the `TTL` header). */
export const PUSH_TTL_SECONDS = 24 * 3600;
/** An attempt with no answer after this fails (and is retried). */
export const PUSH_TIMEOUT_MS = 15_000;
/** The waits before each retry of a push that failed on the network, a 429 or a 5xx: 1 min, 5 min, 30 min, 2 h; then it fails. */
export const PUSH_RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200] as const;

/** How often a member may send test notifications (`POST /api/push/test`): once a minute. */
export const PUSH_TEST_INTERVAL_SECONDS = 60;
export const PUSH_TEST_TOO_SOON = 'A test notification was just sent. Please wait a minute before sending another.';
/**
 * Messages in a row a device may fail (each given up after its retries, or refused with an
 * answer a retry would not change, such as 401 or 403 after the VAPID keys changed) before the
 * server stops sending to it and forgets it; a delivered message starts the count again.
 */
export const PUSH_MAX_CONSECUTIVE_FAILURES = 3;
/** The most UTF-8 bytes of a message's body that are pushed (the rest is cut with an ellipsis): push services take about 4 KB once encrypted. */
export const PUSH_BODY_MAX_BYTES = 1024;

/** A body cut to at most PUSH_BODY_MAX_BYTES bytes of UTF-8, whole characters only, ending with an ellipsis when cut. */
export function cutPushBody(body: string, maxBytes = PUSH_BODY_MAX_BYTES): string {
  const encoder = new TextEncoder();
  if (encoder.encode(body).length <= maxBytes) return body;
  const room = maxBytes - encoder.encode('…').length;
  let used = 0;
  let cut = '';
  for (const char of body) {
    const size = encoder.encode(char).length;
    if (used + size > room) break;
    used += size;
    cut += char;
  }
  return `${cut.trimEnd()}…`;
}

/** What `POST /api/push/test` shows on each of the caller's devices. */
export const PUSH_TEST_PAYLOAD: PushPayload = {
  title: 'Notifications are on',
  body: 'SunIn Partner Portal notifications will show on this device.',
  url: '/profile#notifications',
  tag: 'push-test',
};

/** Why a device cannot take notifications, on the profile's "This device" panel. */
export const PUSH_IOS_HINT = 'On iPhone and iPad, add the portal to your Home Screen first (Share, then Add to Home Screen), and turn notifications on from the app it adds.';
