import { ADMIN_ROLE } from './enums.js';
import { ADMIN_EMAIL_EVENT_TYPES, EMAILED_NOTIFICATION_KINDS } from './notifications.js';

// Plain values and rules of web push (issue 41 item 3); their zod schemas are in push-schemas.ts,
// so that code which needs only these (the service worker's payload type, the device panel) does
// not load zod.

/** Every notification type that can be emailed can also be pushed (issue 41 item 3). */
export const PUSH_EVENT_TYPES = EMAILED_NOTIFICATION_KINDS;
export type PushEventType = (typeof PUSH_EVENT_TYPES)[number];
export const isPushEventType = (type: string): type is PushEventType => (PUSH_EVENT_TYPES as readonly string[]).includes(type);

/** A member who turned a device on wants its notifications: every type is pushed until they say otherwise. */
export const DEFAULT_PUSH_PREFERENCES: Readonly<Record<PushEventType, boolean>> = {
  proposal_updates: true,
  stage_changes: true,
  stall_alerts: true,
  earnings: true,
  proposal_requests: true,
  proposal_reminders: true,
  customer_views: true,
  customer_responses: true,
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

/** What `POST /api/push/test` shows on each of the caller's devices. */
export const PUSH_TEST_PAYLOAD: PushPayload = {
  title: 'Notifications are on',
  body: 'SunIn Partner Portal notifications will show on this device.',
  url: '/profile#notifications',
  tag: 'push-test',
};

/** Why a device cannot take notifications, on the profile's "This device" panel. */
export const PUSH_IOS_HINT = 'On iPhone and iPad, add the portal to your Home Screen first (Share, then Add to Home Screen), and turn notifications on from the app it adds.';
