import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PUSH_IOS_HINT } from '@sunin/contract';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_WORKER_READY_WAIT_MS } from '../../../lib/push-device';
import { saveSession } from '../../../lib/session';
import { buildUser } from '../../../lib/test-fixtures';
import { jsonResponse, renderRoutes, stubFetch, type FetchCall } from '../../../lib/test-utils';
import { DEVICE_PUSH_MESSAGES, DevicePushPanel } from './device-push-panel';

/**
 * The profile's "This device" panel (issue 41 item 3) in each state the browser can be in. jsdom
 * has no push: each test gives the page the parts it needs (a service worker registration with a
 * push manager, Notification, PushManager), as a browser would have them.
 */
const KEY = `B${'A'.repeat(86)}`;
const ENDPOINT = 'https://push.example/device-1';
const JSON_OF = { endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: `B${'b'.repeat(86)}`, auth: 'c'.repeat(22) } };

interface FakeBrowser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: { endpoint: string; toJSON: () => typeof JSON_OF; unsubscribe: ReturnType<typeof vi.fn> } | null;
  subscribe: ReturnType<typeof vi.fn>;
  /** The subscription the push manager makes when asked. */
  made?: NonNullable<FakeBrowser['subscription']>;
}

let browser: FakeBrowser;
const userAgent = navigator.userAgent;

function giveBrowserPush({ registered = true } = {}) {
  const made = {
    endpoint: ENDPOINT,
    toJSON: () => JSON_OF,
    unsubscribe: vi.fn(async () => {
      browser.subscription = null;
      return true;
    }),
  };
  browser.made = made;
  browser.subscribe = vi.fn(async () => {
    browser.subscription = made;
    return made;
  });
  const registration = { active: {}, pushManager: { getSubscription: async () => browser.subscription, subscribe: browser.subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => (registered ? registration : undefined), ready: Promise.resolve(registration) } });
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: vi.fn(async () => (browser.permission = browser.answer)),
  });
}

function server(overrides: (call: FetchCall) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const overridden = overrides(call);
    if (overridden) return overridden;
    if (call.url.pathname === '/api/push/vapid_public_key') return jsonResponse({ public_key: KEY });
    if (call.url.pathname === '/api/push/subscriptions' && call.method === 'POST') return jsonResponse({ push_subscription: { id: 1, device: 'Chrome on Android', created_at: '2026-12-01T00:00:00.000Z' } }, { status: 201 });
    if (call.url.pathname === '/api/push/subscriptions' && call.method === 'DELETE') return new Response(null, { status: 204 });
    if (call.url.pathname === '/api/push/test') return jsonResponse({ queued: 2 });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, { status: 404 });
  });
}

function renderPanel() {
  saveSession('jwt', buildUser());
  renderRoutes([{ path: '/profile', element: <DevicePushPanel /> }], { initialEntries: ['/profile'] });
  return screen.getByRole('region', { name: 'This device' });
}

beforeEach(() => {
  browser = { permission: 'default', answer: 'granted', subscription: null, subscribe: vi.fn() };
});
afterEach(() => {
  toast.remove();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Object.defineProperty(navigator, 'userAgent', { configurable: true, value: userAgent });
});

describe('This device (issue 41 item 3)', () => {
  it('says a browser without push cannot show notifications, and mentions the Home Screen for iPhone and iPad', async () => {
    server();
    const panel = renderPanel();
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.unsupported)).toBeInTheDocument();
    expect(within(panel).getByText(DEVICE_PUSH_MESSAGES.iosNote)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('tells Safari on an iPhone to add the portal to the Home Screen first', async () => {
    server();
    Object.defineProperty(navigator, 'userAgent', { configurable: true, value: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1' });
    const panel = renderPanel();
    expect(await within(panel).findByText(PUSH_IOS_HINT)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says how to allow notifications when the browser blocks them', async () => {
    server();
    giveBrowserPush();
    browser.permission = 'denied';
    const panel = renderPanel();
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.blocked)).toBeInTheDocument();
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  it('turns notifications on: asks the browser, subscribes with the server key, and stores the subscription', async () => {
    const calls = server();
    giveBrowserPush();
    const panel = renderPanel();
    const user = userEvent.setup();
    await user.click(await within(panel).findByRole('button', { name: DEVICE_PUSH_MESSAGES.turnOn }));
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.on)).toBeInTheDocument();
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]![0] as { userVisibleOnly: boolean; applicationServerKey: Uint8Array };
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(options.applicationServerKey[0]).toBe(4);
    const posted = calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/push/subscriptions');
    expect(posted.map((call) => call.body)).toEqual([JSON_OF]);
  });

  it('stays off and says why when the member does not allow notifications, or the server refuses the device', async () => {
    server((call) => (call.method === 'POST' && call.url.pathname === '/api/push/subscriptions' ? jsonResponse({ error: { code: 'service_unavailable', message: 'Notifications on devices are not set up on this server yet.' } }, { status: 503 }) : undefined));
    giveBrowserPush();
    browser.answer = 'default';
    const panel = renderPanel();
    const user = userEvent.setup();
    const turnOn = await within(panel).findByRole('button', { name: DEVICE_PUSH_MESSAGES.turnOn });
    await user.click(turnOn);
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.dismissed)).toBeInTheDocument();
    expect(browser.subscribe).not.toHaveBeenCalled();

    browser.answer = 'granted';
    await user.click(turnOn);
    expect(await screen.findByText('Notifications on devices are not set up on this server yet.')).toBeInTheDocument();
    // The browser's subscription is dropped again: the two never disagree.
    await waitFor(() => expect(browser.made?.unsubscribe).toHaveBeenCalled());
    expect(browser.subscription).toBeNull();
    expect(await within(panel).findByRole('button', { name: DEVICE_PUSH_MESSAGES.turnOn })).toBeInTheDocument();
  });

  it('when on, sends a test notification, and turns the device off (the server first, then the browser)', async () => {
    const calls = server();
    giveBrowserPush();
    browser.permission = 'granted';
    browser.subscription = { endpoint: ENDPOINT, toJSON: () => JSON_OF, unsubscribe: vi.fn(async () => true) };
    const panel = renderPanel();
    const user = userEvent.setup();
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.on)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: DEVICE_PUSH_MESSAGES.test }));
    expect(await screen.findByText(DEVICE_PUSH_MESSAGES.testSent(2))).toBeInTheDocument();

    const unsubscribe = browser.subscription.unsubscribe;
    await user.click(within(panel).getByRole('button', { name: DEVICE_PUSH_MESSAGES.turnOff }));
    expect(await within(panel).findByRole('button', { name: DEVICE_PUSH_MESSAGES.turnOn })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.body)).toEqual([{ endpoint: ENDPOINT }]);
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('sends a subscription the browser already holds again when it loads (tying it to this session), and shows on', async () => {
    const calls = server();
    giveBrowserPush();
    browser.permission = 'granted';
    browser.subscription = { endpoint: ENDPOINT, toJSON: () => JSON_OF, unsubscribe: vi.fn(async () => true) };
    const panel = renderPanel();
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.on)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST' && call.url.pathname === '/api/push/subscriptions').map((call) => call.body)).toEqual([JSON_OF]);
  });

  it('shows off and drops the browser subscription when the server refuses it on load (another member’s device)', async () => {
    server((call) => (call.method === 'POST' && call.url.pathname === '/api/push/subscriptions' ? jsonResponse({ error: { code: 'conflict', message: 'This push address belongs to another member’s device.' } }, { status: 409 }) : undefined));
    giveBrowserPush();
    browser.permission = 'granted';
    const unsubscribe = vi.fn(async () => {
      browser.subscription = null;
      return true;
    });
    browser.subscription = { endpoint: ENDPOINT, toJSON: () => JSON_OF, unsubscribe };
    const panel = renderPanel();
    expect(await within(panel).findByRole('button', { name: DEVICE_PUSH_MESSAGES.turnOn })).toBeInTheDocument();
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('stops waiting for a service worker that never becomes ready, and says the app files have not loaded', async () => {
    server();
    giveBrowserPush();
    const registration = { active: null, pushManager: { getSubscription: async () => null } };
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => registration, ready: new Promise(() => {}) } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const panel = renderPanel();
    try {
      expect(within(panel).getByLabelText(DEVICE_PUSH_MESSAGES.checking)).toBeInTheDocument();
      // The wait starts once the registration is read (a few promises in), then runs out.
      await vi.advanceTimersByTimeAsync(SERVICE_WORKER_READY_WAIT_MS);
    } finally {
      vi.useRealTimers();
    }
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.unavailable)).toBeInTheDocument();
  });

  it('says the app files have not loaded when no service worker is registered', async () => {
    server();
    giveBrowserPush({ registered: false });
    const panel = renderPanel();
    expect(await within(panel).findByText(DEVICE_PUSH_MESSAGES.unavailable)).toBeInTheDocument();
  });
});
