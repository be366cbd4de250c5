import { expect, test } from '@playwright/test';
import { startPushService, type PushServiceStandIn } from '../../apps/server/src/test/push-service';
import { apiToken, auth, createProject } from '../support/api';
import { expectNoHorizontalOverflow } from '../support/layout';
import { createMember, DEMO, logIn } from '../support/people';

// Issue 41 item 3: a partner on a phone turns on notifications for the device on their profile;
// an administrator moves their project to another stage; the push reaches the device.
//
// Chromium's own push service (Google's) is out of reach here, so the browser's side stands in:
// PushManager.prototype.subscribe is replaced, before the page loads, by a function that asks a
// push service this spec runs on 127.0.0.1 for a subscription to the applicationServerKey the
// page passes (a real P-256 key pair and auth secret, kept by that service). Everything after
// it is real: the page stores the subscription through the API, and the server encrypts, signs
// (VAPID) and sends the push to that service, which checks the signature and decrypts it, as the
// device would. The page's service worker (the PWA work) must be registered for the panel to
// offer the button.

declare global {
  interface Window {
    __localPushSubscribe(applicationServerKey: string): Promise<{ endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }>;
  }
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let service: PushServiceStandIn;
test.beforeAll(async () => {
  service = await startPushService();
});
test.afterAll(async () => {
  await service?.close();
});

test('a partner turns on notifications on their phone and receives a stage change of their project', async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const partner = await createMember(page.request);
  const partnerToken = await apiToken(request, partner.email, partner.password);
  const projectId = await createProject(request, partnerToken, 'Harbor Cold Storage');

  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.exposeFunction('__localPushSubscribe', (key: string) => service.subscribe(key));
  await page.addInitScript(() => {
    const toBase64Url = (key: BufferSource | string | null | undefined) => {
      if (typeof key === 'string') return key;
      if (!key) return '';
      const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
      return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    };
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const made = await window.__localPushSubscribe(toBase64Url(options?.applicationServerKey));
      const subscription = {
        endpoint: made.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        toJSON: () => made,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      current = subscription;
      return subscription;
    };
    PushManager.prototype.getSubscription = async () => current;
  });

  await page.goto('/login');
  await logIn(page, partner.email, partner.password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile#notifications');
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByRole('switch', { name: 'Push: Stage changes', exact: true })).toBeChecked();
  const device = section.getByRole('region', { name: 'This device' });
  await device.getByRole('button', { name: 'Turn on notifications on this device', exact: true }).click();
  await expect(device.getByText('Notifications are on for this device.', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await page.screenshot({ path: 'test-results/push-device-on-390.png', fullPage: true });

  // An administrator moves the project on.
  const adminToken = await apiToken(request, DEMO.admin.email, DEMO.admin.password);
  const moved = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(adminToken), data: { project: { project_stage: 'Presentation Ready' } } });
  expect(moved.status(), await moved.text()).toBe(200);

  await expect.poll(() => service.received.length).toBe(1);
  expect(service.received[0]!.json).toEqual({
    title: 'Project stage updated',
    body: 'Harbor Cold Storage is now at Presentation Ready.',
    url: `/projects/${projectId}`,
    tag: expect.stringMatching(/^notification-\d+$/),
  });

  // Off again: the server forgets the device, and nothing more is sent to it.
  await device.getByRole('button', { name: 'Turn off on this device', exact: true }).click();
  await expect(device.getByRole('button', { name: 'Turn on notifications on this device', exact: true })).toBeVisible();
  const again = await request.put(`/api/admin/projects/${projectId}`, { headers: auth(adminToken), data: { project: { project_stage: 'Project Initiation' } } });
  expect(again.status(), await again.text()).toBe(200);
  const devices = await request.get('/api/push/subscriptions', { headers: auth(partnerToken) });
  expect(((await devices.json()) as { push_subscriptions: unknown[] }).push_subscriptions).toEqual([]);
  expect(service.requests).toHaveLength(1);
});
