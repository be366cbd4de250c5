/**
 * The service worker's registration (issue 41, docs/decisions/052-installable-app.md): only the
 * member app's entry (entry-client.tsx) calls registerServiceWorker, for a signed-in member, and
 * only in a production build. The public pages' entry never imports this file, so their first
 * load does not grow, and a business owner opening a customer link (/p/…, also the app's entry)
 * does not download the partner app. workbox-window itself loads after the page has loaded.
 *
 * A new version of the worker waits (sw.ts): `onUpdateReady` is told, and the app offers a
 * Reload (app/update-ready-toast.tsx) instead of reloading under a partner's typing. Choosing it
 * lets the new worker take over and reloads this tab once it has.
 */

export const SERVICE_WORKER_URL = '/sw.js';
/** A tab left open all day still hears of a new version: the browser checks the worker this often. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export interface ServiceWorkerHooks {
  /** A new version is installed and waiting; `reload` makes it take over and reloads the page. */
  onUpdateReady: (reload: () => void) => void;
}

let registered: Promise<ServiceWorkerRegistration | null> = Promise.resolve(null);
let requested = false;

const supported = () => import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/**
 * Registers /sw.js (production builds with service worker support), once however often it is
 * called; resolves to its registration, or null.
 */
export function registerServiceWorker(hooks: ServiceWorkerHooks = { onUpdateReady: () => undefined }): Promise<ServiceWorkerRegistration | null> {
  if (!supported() || requested) return registered;
  requested = true;
  registered = (async () => {
    const { Workbox } = await import('workbox-window');
    const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
    const reloadWhenControlled = () => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    };
    workbox.addEventListener('waiting', () => hooks.onUpdateReady(reloadWhenControlled));
    // Another tab chose Reload: this one runs the old code under the new worker, so it offers the
    // same. Only where a worker controlled the page when it loaded (isUpdate): a page loaded while
    // the first worker was still installing (another page of the first visit registered it) sees
    // that worker take control as "external" too, and it is no new version.
    workbox.addEventListener('controlling', (event) => {
      if (event.isExternal && event.isUpdate) hooks.onUpdateReady(() => window.location.reload());
    });
    const registration = (await workbox.register()) ?? null;
    if (registration) {
      window.setInterval(() => {
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    }
    return registration;
  })().catch((error: unknown) => {
    console.warn('The service worker could not be registered; the app works, but not offline.', error);
    return null;
  });
  return registered;
}

/**
 * The active registration (for web push: pushManager), once the worker is active; null where
 * the app registers none (development, an unsupported browser, a failed registration).
 */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  const registration = await registered;
  return registration ? navigator.serviceWorker.ready : null;
}
