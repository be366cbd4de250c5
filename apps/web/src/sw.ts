/**
 * The portal's service worker (issue 41, docs/decisions/052-installable-app.md), built by
 * scripts/build.mjs into /sw.js after the two client builds, its precache list injected by
 * workbox-build (self.__WB_MANIFEST): index.html, the app build's scripts and stylesheet, the
 * font, the icons and the offline page.
 *
 * - Precached files are answered from the cache (their names carry their content's hash; the
 *   list changes with every build, which is what makes a new version of this worker).
 * - A navigation to the member or admin area (sw-routes.ts) goes to the network, with the
 *   precached index.html when the network fails or takes longer than a few seconds: the app
 *   shell opens offline and reads the last-seen projects from IndexedDB
 *   (lib/query-persistence.ts).
 * - Every other navigation (the prerendered public pages, /p/*, /unsubscribe...) goes to the
 *   network only, with a plain offline page when it fails: never a stale copy.
 * - Nothing else is handled here: /api answers, uploads and images go to the network as they
 *   would without a worker, and nothing of them is ever cached by it (private data).
 * - A new version waits until the app asks it to take over (SKIP_WAITING, after the member
 *   chose Reload in the app's "A new version is ready" toast, lib/service-worker.ts).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { notificationOptions, openClickTarget, readPushMessage } from './sw-push';
import { isAppShellPath } from './sw-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const APP_SHELL_URL = '/index.html';
const OFFLINE_PAGE_URL = '/offline.html';
/** How long an app navigation waits for the server before the precached shell answers (a poor signal on a roof). */
const NAVIGATION_TIMEOUT_SECONDS = 4;

// directoryIndex off: '/' is the prerendered landing page, never the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/** A strategy's answer when the network fails: the precached `url`. */
const fallBackTo = (url: string) => ({ handlerDidError: async () => (await matchPrecache(url)) ?? Response.error() });

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isAppShellPath(url.pathname),
  new NetworkOnly({ networkTimeoutSeconds: NAVIGATION_TIMEOUT_SECONDS, plugins: [fallBackTo(APP_SHELL_URL)] }),
);
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin, new NetworkOnly({ plugins: [fallBackTo(OFFLINE_PAGE_URL)] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install takes the open pages at once (there is no older version to wait for), so
// a page that registered the worker works offline without a reload.
clientsClaim();

self.addEventListener('push', (event) => {
  const message = readPushMessage(event.data);
  event.waitUntil(self.registration.showNotification(message.title, notificationOptions(message)));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openClickTarget(self.clients as unknown as Parameters<typeof openClickTarget>[0], url, self.location.origin));
});
