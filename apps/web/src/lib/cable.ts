import * as ActionCable from '@rails/actioncable';
import {
  ADMIN_CHANGED_EVENT,
  CABLE,
  LEADS_CHANGED_EVENT,
  NOTIFICATIONS_CHANNEL,
  NOTIFICATIONS_READ_ALL_EVENT,
  REALTIME_EVENTS,
  type AdminChangedEvent,
  type CableEvent,
  type LeadsChangedEvent,
  type Notification,
  type NotificationsReadAllEvent,
  type RealtimeEvent,
} from '@sunin/contract';
import { getToken } from './session';

/**
 * The app's one ActionCable consumer (DESIGN.md "realtime"): created on first use after login,
 * disconnected on logout. The @types package does not declare the Connection and
 * ConnectionMonitor classes that the real client exports, hence the narrow cast below.
 */
interface ActionCableTuning {
  Connection: { reopenDelay: number };
  ConnectionMonitor: { staleThreshold: number };
}

// member-app.md 9: stale threshold 6 s, reopen delay 500 ms. The third constant, the 500 ms
// subscription retry, is the client's own SubscriptionGuarantor interval (not configurable).
const tuning = ActionCable as unknown as ActionCableTuning;
tuning.ConnectionMonitor.staleThreshold = CABLE.staleThresholdSeconds;
tuning.Connection.reopenDelay = CABLE.reopenDelayMs;

let consumer: ActionCable.Consumer | null = null;
let consumerToken: string | null = null;

/** ws: or wss: matching the page, same host, the token as a query parameter (member-app.md 7). */
export function cableUrl(token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/cable?token=${encodeURIComponent(token)}`;
}

/** The shared consumer for the current token; null when nobody is signed in. */
export function getCableConsumer(): ActionCable.Consumer | null {
  const token = getToken();
  if (!token) {
    disconnectCable();
    return null;
  }
  if (consumer && consumerToken === token) return consumer;
  disconnectCable();
  consumer = ActionCable.createConsumer(cableUrl(token));
  consumerToken = token;
  return consumer;
}

/**
 * After the token changed (a password change): the server closed the socket of the old token,
 * so the open consumer reconnects with the new one and resubscribes its channels.
 */
export function reconnectCable(): void {
  const token = getToken();
  if (!consumer || !token || consumerToken === token) return;
  (consumer as unknown as { _url: string })._url = cableUrl(token);
  consumerToken = token;
  (consumer as unknown as { connection: { reopen(): void } }).connection.reopen();
}

/** Closes the socket (logout, or the member area unmounting). Safe to call when none is open. */
export function disconnectCable(): void {
  consumer?.disconnect();
  consumer = null;
  consumerToken = null;
}

function isRealtimeEvent(data: unknown): data is RealtimeEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { type, payload } = data as { type?: unknown; payload?: unknown };
  return typeof type === 'string' && typeof payload === 'object' && payload !== null && typeof (payload as Notification).id === 'number';
}

function isAdminChangedEvent(data: unknown): data is AdminChangedEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { type, payload } = data as { type?: unknown; payload?: unknown };
  return type === ADMIN_CHANGED_EVENT && typeof payload === 'object' && payload !== null && typeof (payload as { path?: unknown }).path === 'string';
}

function isReadAllEvent(data: unknown): data is NotificationsReadAllEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { type, payload } = data as { type?: unknown; payload?: unknown };
  return type === NOTIFICATIONS_READ_ALL_EVENT && typeof payload === 'object' && payload !== null && typeof (payload as { read_at?: unknown }).read_at === 'string';
}

function isLeadsChangedEvent(data: unknown): data is LeadsChangedEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { type, payload } = data as { type?: unknown; payload?: unknown };
  return type === LEADS_CHANGED_EVENT && typeof payload === 'object' && payload !== null && typeof (payload as { lead_id?: unknown }).lead_id === 'number';
}

/**
 * Subscribes to the user's NotificationsChannel. Known events (notifications, "all read" from
 * another tab, one of the partner's leads changed, and for an administrator `admin_changed`) go to `onEvent`; anything else is
 * only logged (member-app.md 4). `onConnected` runs each time the server confirms the
 * subscription: first after subscribing, then after every reconnect. Events sent while the
 * socket was down are never replayed (ActionCable keeps no backlog), so the caller refetches
 * there what it may have missed (issue 14). Returns the unsubscribe function.
 */
export function subscribeToNotifications(userId: number, onEvent: (event: CableEvent) => void, onConnected?: () => void): () => void {
  const cable = getCableConsumer();
  if (!cable) return () => undefined;
  const subscription = cable.subscriptions.create(
    { channel: NOTIFICATIONS_CHANNEL, user_id: userId },
    {
      connected() {
        onConnected?.();
      },
      received(data: unknown) {
        if ((isRealtimeEvent(data) && (REALTIME_EVENTS as readonly string[]).includes(data.type)) || isAdminChangedEvent(data) || isReadAllEvent(data) || isLeadsChangedEvent(data)) {
          onEvent(data);
        } else {
          console.info('Realtime event ignored.', data);
        }
      },
    },
  );
  return () => subscription.unsubscribe();
}
