import { pushSubscriptionResponseSchema } from '@sunin/contract';
import { ApiError, apiRequest } from './api-client';

/**
 * This browser's side of web push (issue 41 item 3): whether it can take notifications, its
 * subscription, and turning it off. Shared by the profile's "This device" panel and sign-out,
 * which removes this device's subscription before the session ends.
 */

/**
 * The service worker that shows the pushes (registered by lib/service-worker.ts for a signed-in
 * member in production builds): this page's registration, once active, or null when none is
 * registered (then no push can be shown, and the panel says notifications are not available here).
 */
export async function pushServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return null;
  if (registration.active) return registration;
  // A worker still installing cannot subscribe yet: wait until one is active, but not forever
  // (one that fails to install never becomes ready, and the panel would say "Checking" for good).
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_READY_WAIT_MS))]);
}

/** How long the device panel waits for an installing service worker before it says the app files have not loaded. */
export const SERVICE_WORKER_READY_WAIT_MS = 10_000;

/**
 * What this browser offers: `supported`; `needs-home-screen` on iPhone and iPad in a Safari tab
 * (iOS offers web push only to an app added to the Home Screen); `unsupported` otherwise.
 */
export type PushSupport = 'supported' | 'needs-home-screen' | 'unsupported';

export function pushSupport(): PushSupport {
  const capable = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (capable) return 'supported';
  const ios = /\b(iPhone|iPad|iPod)\b/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches === true;
  return ios && !standalone ? 'needs-home-screen' : 'unsupported';
}

/** A base64url key (the server's VAPID public key) as the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This device's push subscription, or null (none, or no service worker yet). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await pushServiceWorker();
  return registration ? registration.pushManager.getSubscription() : null;
}

/**
 * Sends this browser's subscription, if it holds one, to the server again: at every start of the
 * app and whenever the device panel loads. The server ties a device to the session that sent it
 * last (a sign-out ends it there), so this is how a device follows its member from one sign-in to
 * the next, with its current keys. `on`: the server took it. `off`: none, or the server refused
 * it (another member's device with other keys, push not set up), and the browser drops it so the
 * two never disagree. `unreachable`: no answer (offline at a site visit); the subscription stays.
 */
export async function refreshThisDevice(): Promise<'on' | 'off' | 'unreachable'> {
  const subscription = await currentPushSubscription();
  if (!subscription) return 'off';
  try {
    pushSubscriptionResponseSchema.parse(await apiRequest<unknown>('/push/subscriptions', { method: 'POST', body: subscription.toJSON() }));
    return 'on';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status === 401 || error.status >= 500) return 'unreachable';
    await subscription.unsubscribe().catch(() => undefined);
    return 'off';
  }
}

/** DELETE /api/push/subscriptions: the server stops pushing to this endpoint of the caller. */
export async function deletePushSubscription(endpoint: string): Promise<void> {
  await apiRequest<void>('/push/subscriptions', { method: 'DELETE', body: { endpoint } });
}

/** How long sign-out waits for the service worker before it goes on without removing the device. */
const SIGN_OUT_WAIT_MS = 3000;

/**
 * Sign-out's part (best effort, before the session ends): the server forgets this device, and the
 * browser drops its subscription, so the next person to sign in here does not get this member's
 * notifications. Never throws: signing out must not wait on push.
 */
export async function removeThisDeviceOnSignOut(): Promise<void> {
  try {
    // A service worker that never becomes active must not hold up signing out.
    const subscription = await Promise.race([currentPushSubscription(), new Promise<null>((resolve) => setTimeout(() => resolve(null), SIGN_OUT_WAIT_MS))]);
    if (!subscription) return;
    await deletePushSubscription(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  } catch {
    // Nothing to undo: the server also drops an endpoint the push service answers 410 for.
  }
}
