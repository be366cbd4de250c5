/**
 * Web push in the service worker (issue 41 item 3; the server side is docs/decisions/053). The
 * server sends JSON `{ title, body, url, tag }`; the worker shows it and, on a click, brings the
 * app to `url`. The parts below take what they need as arguments, so the app's tests run them
 * without a service worker; sw.ts wires them to its events.
 */

export interface PushMessage {
  title: string;
  body: string;
  /** A path of the portal (`/projects/7`), or null when the notification has no page of its own. */
  url: string | null;
  tag: string;
}

/** Where a click leads when the notification names no page of ours: the list of them. */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATION_ICON = '/icon-192.png';
export const NOTIFICATION_BADGE = '/badge-96.png';

/**
 * Pushes are subscribed with userVisibleOnly: every push must show a notification, or the
 * browser shows one of its own and may end the subscription. A payload we cannot read still
 * tells the member that something happened.
 */
export const FALLBACK_MESSAGE: PushMessage = { title: 'SunIn', body: 'You have a new notification.', url: null, tag: 'sunin' };

const text = (value: unknown, limit: number) => (typeof value === 'string' ? value.trim().slice(0, limit) : '');

/** The push's data (PushMessageData: `json()`, `text()`), or the fallback when it is missing or not ours. */
export function readPushMessage(data: { json(): unknown } | null | undefined): PushMessage {
  let payload: unknown;
  try {
    payload = data ? data.json() : null;
  } catch {
    return FALLBACK_MESSAGE;
  }
  if (!payload || typeof payload !== 'object') return FALLBACK_MESSAGE;
  const fields = payload as Record<string, unknown>;
  const title = text(fields.title, 200);
  if (!title) return FALLBACK_MESSAGE;
  return { title, body: text(fields.body, 1000), url: typeof fields.url === 'string' ? fields.url : null, tag: text(fields.tag, 200) || FALLBACK_MESSAGE.tag };
}

/** showNotification's options for a message: the link travels in `data.url`. */
export function notificationOptions(message: PushMessage) {
  return { body: message.body, tag: message.tag, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: message.url } };
}

/**
 * The address a click opens: `url` when it is a path of this origin (`/projects/7`, or a full
 * address on the same origin), else the notifications page. Anything else (another site, a
 * `javascript:` URL, a protocol-relative `//host`) is ignored: a push must not send the member
 * somewhere the portal did not mean.
 */
export function clickTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string' || url === '') return new URL(NOTIFICATIONS_PATH, origin).href;
  let target: URL;
  try {
    target = new URL(url, origin);
  } catch {
    return new URL(NOTIFICATIONS_PATH, origin).href;
  }
  const sameOrigin = target.origin === origin && (url.startsWith('/') ? !url.startsWith('//') && !url.startsWith('/\\') : url.startsWith(`${origin}/`));
  return sameOrigin ? target.href : new URL(NOTIFICATIONS_PATH, origin).href;
}

/** The parts of WindowClient and Clients a click uses (ServiceWorkerGlobalScope's). */
export interface AppWindow {
  url: string;
  focused: boolean;
  focus(): Promise<AppWindow>;
  navigate(url: string): Promise<AppWindow | null>;
}
export interface AppWindows {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly AppWindow[]>;
  openWindow(url: string): Promise<unknown>;
}

/**
 * notificationclick: an open window of the portal is focused and taken to the target (the
 * focused one first); without one, or when it cannot be navigated (a window the worker does
 * not control), a new window opens at the target.
 */
export async function openClickTarget(windows: AppWindows, url: unknown, origin: string): Promise<void> {
  const target = clickTarget(url, origin);
  const open = (await windows.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) => client.url.startsWith(`${origin}/`));
  const client = open.find((candidate) => candidate.focused) ?? open[0];
  if (client) {
    try {
      const focused = await client.focus();
      if (focused.url === target || (await focused.navigate(target))) return;
    } catch {
      // An uncontrolled window refuses navigate(): a new window instead.
    }
  }
  await windows.openWindow(target);
}
