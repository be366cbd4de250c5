import { gzipSync } from 'node:zlib';
import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import { apiToken, createProject } from '../support/api';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, logIn, type Person } from '../support/people';

/**
 * Issue 41 item 1: the member app installs (manifest and service worker meet Chromium's install
 * criteria), opens offline with its shell, the offline indicator and the projects opened
 * before, and never answers a public page from a cache.
 *
 * Offline: `context.setOffline(true)` in this Chromium also cuts the service worker's own
 * fetches. The public page's check below proves it: were the worker still reaching the server,
 * it would show the real page instead of the offline page.
 */

const PHONE = { width: 390, height: 844 };
const OFFLINE_TEXT = "You're offline. Showing what you last saw; photos, notes and utility values you add wait to upload.";

/** The width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What the app keeps in IndexedDB for offline reading (lib/query-persistence.ts), by key. */
function keptOnDevice(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('sunin-offline-cache');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('queries')) return resolve({});
          const store = db.transaction('queries').objectStore('queries');
          const all: Record<string, string> = {};
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const current = cursor.result;
            if (!current) return resolve(all);
            all[String(current.key)] = String(current.value);
            current.continue();
          };
        };
      }),
  );
}

/** When the member's copy on the device was last saved (the persister's timestamp), or null. */
async function lastSaved(page: Page): Promise<number | null> {
  const [value] = Object.values(await keptOnDevice(page));
  return value ? (JSON.parse(value) as { timestamp: number }).timestamp : null;
}

/** The names of this origin's IndexedDB databases (without opening, so without creating, any). */
function databaseNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name ?? ''));
}

/** Console errors (a refused CSP directive among them) and uncaught exceptions. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    // The requests that fail while offline are what this spec does on purpose.
    if (message.type() === 'error' && !/ERR_INTERNET_DISCONNECTED|Failed to load resource|Failed to fetch/.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function signIn(page: Page, person: Person) {
  await page.goto('/login');
  await logIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/home$/);
}

/** Waits until the service worker is active and controls this page. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toMatch(/\/sw\.js$/);
}

test.describe('installable app (issue 41)', () => {
  test.use({ viewport: PHONE });

  test('the manifest is linked from the app and the public pages, and meets the install criteria', async ({ page, request }) => {
    for (const path of ['/', '/login', '/home']) {
      await page.goto(path);
      expect(await page.locator('link[rel="manifest"]').getAttribute('href'), path).toBe('/manifest.webmanifest');
      expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'), path).toBe('/apple-touch-icon.png');
      expect(await page.locator('meta[name="apple-mobile-web-app-capable"]').getAttribute('content'), path).toBe('yes');
    }

    const response = await request.get('/manifest.webmanifest');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers()['cache-control']).toBe('no-cache');
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; scope: string; display: string; theme_color: string; background_color: string; icons: Array<{ src: string; sizes: string; type: string; purpose?: string }> };
    expect(manifest).toMatchObject({ name: 'SunIn Partner Portal', short_name: 'SunIn', start_url: '/home', scope: '/', display: 'standalone', theme_color: '#15803d', background_color: '#ffffff' });
    const purposes = new Map<string, string[]>();
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect([icon.src, file.status(), file.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
      const { width, height } = pngSize(await file.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
      purposes.set(icon.sizes, [...(purposes.get(icon.sizes) ?? []), icon.purpose ?? 'any']);
    }
    expect(purposes.get('192x192')).toContain('any');
    expect(purposes.get('512x512')).toEqual(expect.arrayContaining(['any', 'maskable']));
    expect(pngSize(await (await request.get('/apple-touch-icon.png')).body())).toEqual({ width: 180, height: 180 });

    // Chromium's own verdict, after the member app registered its worker.
    const person = await createMember(request);
    await signIn(page, person);
    await controlledByServiceWorker(page);
    // Its fetch handler answers the app's pages (from the network while online).
    expect((await page.reload())?.fromServiceWorker()).toBe(true);
    const cdp = await page.context().newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    // 'in-incognito': Playwright's browser contexts are off-the-record profiles, where Chromium
    // offers no install at all; anything about the manifest or the worker would be listed too.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== 'in-incognito')).toEqual([]);
  });

  test('a second tab opened while the first visit installs the worker is not told of a new version', async ({ page, context, request }) => {
    // Seen on 2026-12-07: the second tab saw the first worker take control, took it for another
    // tab's new version and offered "A new version is ready" on the member's first visit.
    const person = await createMember(request);
    await signIn(page, person);
    const second = await context.newPage();
    await second.goto('/projects');
    await expect(second.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    // Most often the worker is still installing when the tab has loaded, and its taking control
    // is what the tab sees (the build before the fix failed here 2 runs in 4; lib/service-worker.test.ts
    // checks the rule every time). Where the worker was quicker, the tab loads controlled.
    await controlledByServiceWorker(second);
    // The toast would come with the change of controller; a moment for it to show.
    await second.waitForTimeout(1000);
    await expect(second.getByText('A new version is ready')).toHaveCount(0);
    await expect(page.getByText('A new version is ready')).toHaveCount(0);
  });

  test('the worker is served fresh; the public pages never register it and keep their first-load budget', async ({ page, request }) => {
    const worker = await request.get('/sw.js');
    expect([worker.status(), worker.headers()['cache-control']]).toEqual([200, 'no-cache']);
    expect(worker.headers()['content-type']).toMatch(/javascript/);
    // Issue 19 item 6 (bench/src/web.ts measures the same way): the JavaScript Chromium fetches
    // until network idle, gzip-compressed, is at most 100 KiB on a public page, and none of it
    // registers a service worker.
    for (const { path, heading } of [
      { path: '/', heading: 'Unleash the Power of Commercial Solar' },
      { path: '/pricing', heading: 'Choose how you partner with SunIn' },
      { path: '/login', heading: 'Log in to SunIn' },
    ]) {
      const scripts = new Set<string>();
      const collect = (response: Response) => {
        if (response.request().resourceType() === 'script') scripts.add(response.url());
      };
      page.on('response', collect);
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('response', collect);
      let gzipBytes = 0;
      for (const url of scripts) {
        const body = await (await request.get(url)).body();
        expect(body.toString(), url).not.toMatch(/serviceWorker|sw\.js/);
        gzipBytes += gzipSync(body).length;
      }
      expect(scripts.size, path).toBeGreaterThan(0);
      expect(gzipBytes / 1024, `${path}: first-load JavaScript, gzip KiB`).toBeLessThanOrEqual(100);
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    }
    // A business owner's customer link runs the app's entry, but without a session: no app to
    // install, and no offline cache (not even an empty database).
    await page.goto('/p/not-a-real-link');
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    expect(await databaseNames(page)).toEqual([]);
  });

  test('offline at 390 px: the shell, the indicator and the projects opened before (also after 5 minutes unused); a public page is not served from a cache; sign-out offline clears the device', async ({ page, context, request }) => {
    const errors = watchErrors(page);
    // The page's clock, to move past TanStack's default 5-minute gcTime (time otherwise flows).
    await page.clock.install();
    const person = await createMember(request);
    const token = await apiToken(request, person.email, person.password);
    const company = `Offline Bakery ${Date.now()}`;
    const projectId = await createProject(request, token, company);
    await createProject(request, token, `Never Opened ${Date.now()}`);

    await signIn(page, person);
    await controlledByServiceWorker(page);
    await page.goto('/projects');
    await page.getByRole('link', { name: company }).first().click();
    await expect(page).toHaveURL(new RegExp(`/projects/${projectId}$`));
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await page.getByRole('tab', { name: 'Project Contacts' }).click();
    await expect(page.getByText('No contacts yet')).toBeVisible();
    // Kept on the device under the member's id, once the throttled save has run.
    await expect.poll(async () => Object.entries(await keptOnDevice(page)).map(([key, value]) => [key, value.includes(company)])).toEqual([[expect.stringMatching(/^user:\d+$/), true]]);
    await expect.poll(async () => Object.values(await keptOnDevice(page)).join('')).toContain('"contacts"');
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

    // The project goes unused for more than 5 minutes while the app stays open; a later save
    // (the list refetched as it is shown again) must still hold it.
    await page.getByRole('link', { name: 'Back' }).click();
    await expect(page.getByRole('link', { name: company }).first()).toBeVisible();
    const beforeIdle = await page.evaluate(() => Date.now());
    await page.clock.fastForward('06:00');
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Projects' }).click();
    await expect.poll(() => lastSaved(page)).toBeGreaterThan(beforeIdle + 5 * 60 * 1000);
    const keptAfterIdle = Object.values(await keptOnDevice(page)).join('');
    expect(keptAfterIdle).toContain(`"queryKey":["projects","detail",${projectId}]`);
    expect(keptAfterIdle).toContain('"contacts"');
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();

    await goOffline(context, page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await expect(page.getByText('No contacts yet')).toBeVisible();
    await expectNoHorizontalOverflow(page);

    // Within the app: the list opened before, and a project never opened here.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Projects' }).click();
    await expect(page.getByRole('link', { name: company }).first()).toBeVisible();
    await page.goto('/projects/999999');
    await expect(page.getByText('This project has not been opened on this device yet, so it is not available offline.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();

    // A public page comes from the network or not at all: the plain offline page.
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Choose how you partner with SunIn' })).toHaveCount(0);
    await page.goto('/p/some-customer-link');
    await expect(page.getByRole('heading', { level: 1, name: "You're offline" })).toBeVisible();
    const caches = await page.evaluate(async () => {
      const names = await window.caches.keys();
      const urls = (await Promise.all(names.map(async (name) => (await (await window.caches.open(name)).keys()).map((request) => new URL(request.url).pathname)))).flat();
      return urls;
    });
    expect(caches.filter((path) => path.startsWith('/api') || path.startsWith('/pages') || path === '/pricing' || path === '/')).toEqual([]);
    expect(caches).toContain('/index.html');

    // Back in the app, still offline: the indicator; it goes when the connection returns.
    await page.goto('/home');
    const menu = page.getByRole('button', { name: `${person.firstName} ${person.lastName}` });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_TEXT })).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByText(OFFLINE_TEXT)).toHaveCount(0);

    // Signing out offline: at once, the cookies and what the device kept go, and the member is
    // told the server may still hold the session.
    await goOffline(context, page);
    await menu.click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Logout unsuccessful.', { exact: true })).toBeVisible();
    await expect(page.getByText(/^You are signed out on this device, but the server did not confirm it/)).toBeVisible();
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('authorization');
    expect(await keptOnDevice(page)).toEqual({});
    await context.setOffline(false);
    expect(errors).toEqual([]);
  });
});

test.describe('a poor signal (issue 41)', () => {
  // The browser says online, every /api request fails. Without a service worker, so that the
  // page's own routes see every request (Playwright cannot route what a worker handles).
  test.use({ viewport: PHONE, serviceWorkers: 'block' });

  test('a project screen keeps what it showed, with a note, instead of an error', async ({ page, request }) => {
    const person = await createMember(request);
    const token = await apiToken(request, person.email, person.password);
    const company = `Weak Signal Bakery ${Date.now()}`;
    const projectId = await createProject(request, token, company);
    await page.clock.install();
    await signIn(page, person);
    await page.goto(`/projects/${projectId}`);
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await expect.poll(async () => Object.values(await keptOnDevice(page)).join('')).toContain(company);

    await page.route('**/api/**', (route) => route.abort('failed'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    // The restored project is refreshed at once and fails after the query client's retries
    // (their waits run on the page's clock: moved on until the note shows).
    const note = page.getByText('Could not refresh: showing what you last saw.', { exact: true });
    await expect(async () => {
      await page.clock.fastForward(5_000);
      await expect(note).toBeVisible({ timeout: 500 });
    }).toPass();
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible();
    await expect(page.getByText('Please try again.')).toHaveCount(0);
    // The failed refresh did not erase the copy on the device.
    expect(Object.values(await keptOnDevice(page)).join('')).toContain(company);

    // Moving the clock on can also start a refresh of its own (the realtime socket looks stale
    // and reconnects, refetching what it may have missed), shown as "Retrying…". Wait until none
    // runs, then hold the page's timers so that none starts before the click: Retry alone brings
    // the project back.
    const retry = page.getByRole('button', { name: 'Retry', exact: true }).first();
    await expect(async () => {
      await page.clock.resume();
      await expect(retry).toBeEnabled();
      // Pausing moves the clock on a little (to a time still ahead once the call arrives).
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 500));
      await expect(retry).toBeEnabled({ timeout: 200 });
    }).toPass();
    await page.unroute('**/api/**');
    const refetch = page.waitForRequest((sent) => new URL(sent.url()).pathname.startsWith('/api/'));
    await retry.click();
    await refetch;
    await page.clock.resume();
    await expect(note).toHaveCount(0);
  });
});

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}
