import { useCallback, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { PUSH_IOS_HINT } from '@sunin/contract';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { base64UrlToBytes, currentPushSubscription, deletePushSubscription, pushServiceWorker, pushSupport, refreshThisDevice } from '../../../lib/push-device';
import { getVapidPublicKey } from '../api/get-vapid-public-key';
import { useSendTestPush } from '../api/send-test-push';
import { subscribePushDevice } from '../api/subscribe-push-device';

export const DEVICE_PUSH_MESSAGES = {
  title: 'This device',
  checking: 'Checking this device…',
  unsupported: 'This browser cannot show notifications from the portal. Use a recent Chrome, Edge, Firefox or Safari to get them on this device.',
  needsHomeScreen: PUSH_IOS_HINT,
  unavailable: 'Notifications cannot be turned on in this window yet: the portal’s app files have not finished loading. Reload the page and try again.',
  blocked:
    'Notifications from the portal are blocked in this browser. To allow them, open the site settings (the icon beside the address bar), set Notifications to Allow, then reload this page.',
  off: 'Get a notification on this device when a proposal, stage or payment needs you, even when the portal is closed. The types you get are the ones switched on under Push above.',
  on: 'Notifications are on for this device.',
  turnOn: 'Turn on notifications on this device',
  turnOff: 'Turn off on this device',
  test: 'Send a test notification',
  dismissed: 'Your browser did not allow notifications. Choose Allow when it asks to turn them on.',
  turnOnFailed: 'We could not turn on notifications on this device. Please try again.',
  turnOffFailed: 'We could not turn off notifications on this device. Please try again.',
  testSent: (devices: number) => (devices === 1 ? 'Test notification sent to your device.' : `Test notification sent to your ${devices} devices.`),
  testFailed: 'We could not send a test notification. Please try again.',
  iosNote: 'On iPhone and iPad, add the portal to your Home Screen first, then turn notifications on from there.',
} as const;

type DeviceState = 'checking' | 'unsupported' | 'needs-home-screen' | 'unavailable' | 'blocked' | 'off' | 'on';

/**
 * Where this device stands: what the browser offers, whether it blocked the portal, and whether it
 * has a subscription, which is sent to the server again (refreshThisDevice): refused, the browser
 * drops it and the panel says off; unanswered (offline), it stays on.
 */
async function readDeviceState(): Promise<DeviceState> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (Notification.permission === 'denied') return 'blocked';
  if (!(await pushServiceWorker())) return 'unavailable';
  return (await refreshThisDevice()) === 'off' ? 'off' : 'on';
}

/**
 * Turns notifications on: the browser asks the member first (only on this click), then its push
 * service makes a subscription for the server's key, which the server stores. If the server
 * refuses it, the browser's subscription is dropped again, so the two never disagree.
 */
async function turnOn(): Promise<DeviceState | 'dismissed'> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'dismissed';
  const registration = await pushServiceWorker();
  if (!registration) return 'unavailable';
  const key = await getVapidPublicKey();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) });
  try {
    await subscribePushDevice(subscription.toJSON());
  } catch (error) {
    await subscription.unsubscribe().catch(() => undefined);
    throw error;
  }
  return 'on';
}

/** Turns them off: the server forgets the endpoint (already gone is fine), then the browser drops it. */
async function turnOff(): Promise<DeviceState> {
  const subscription = await currentPushSubscription();
  if (subscription) {
    try {
      await deletePushSubscription(subscription.endpoint);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * The profile's "This device" panel (issue 41 item 3): whether this browser takes the member's
 * notifications, and the one button that changes it. Each device is turned on by itself.
 */
export function DevicePushPanel() {
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState<'on' | 'off' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const test = useSendTestPush();

  const refresh = useCallback(() => {
    readDeviceState().then(setState, () => setState('unavailable'));
  }, []);
  useEffect(refresh, [refresh]);

  const run = async (which: 'on' | 'off') => {
    setBusy(which);
    setNotice(null);
    try {
      const next = which === 'on' ? await turnOn() : await turnOff();
      if (next === 'dismissed') setNotice(DEVICE_PUSH_MESSAGES.dismissed);
      else setState(next);
    } catch (error) {
      toast.error(errorMessage(error, which === 'on' ? DEVICE_PUSH_MESSAGES.turnOnFailed : DEVICE_PUSH_MESSAGES.turnOffFailed));
      refresh();
    } finally {
      setBusy(null);
    }
  };

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: (devices) => toast.success(DEVICE_PUSH_MESSAGES.testSent(devices)),
      onError: (error) => toast.error(errorMessage(error, DEVICE_PUSH_MESSAGES.testFailed)),
    });

  let body;
  switch (state) {
    case 'checking':
      body = <Spinner className="size-5 text-brand-700" label={DEVICE_PUSH_MESSAGES.checking} />;
      break;
    case 'unsupported':
    case 'needs-home-screen':
    case 'unavailable':
    case 'blocked':
      body = (
        <Alert tone="info">
          <p>{DEVICE_PUSH_MESSAGES[state === 'needs-home-screen' ? 'needsHomeScreen' : state]}</p>
        </Alert>
      );
      break;
    case 'off':
      body = (
        <>
          <p className="text-sm text-ink-600">{DEVICE_PUSH_MESSAGES.off}</p>
          {notice && (
            <Alert tone="info" className="mt-3">
              <p>{notice}</p>
            </Alert>
          )}
          <Button className="mt-3 w-full sm:w-auto" pending={busy === 'on'} onClick={() => void run('on')}>
            {DEVICE_PUSH_MESSAGES.turnOn}
          </Button>
        </>
      );
      break;
    case 'on':
      body = (
        <>
          <p className="text-sm font-medium text-brand-800">{DEVICE_PUSH_MESSAGES.on}</p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row">
            <Button variant="secondary" pending={test.isPending} onClick={sendTest}>
              {DEVICE_PUSH_MESSAGES.test}
            </Button>
            <Button variant="ghost-danger" pending={busy === 'off'} onClick={() => void run('off')}>
              {DEVICE_PUSH_MESSAGES.turnOff}
            </Button>
          </div>
        </>
      );
      break;
  }

  return (
    <section aria-labelledby="this-device" className="mt-6 rounded-lg border border-ink-200 p-4">
      <h3 id="this-device" className="text-sm font-semibold text-ink-900">
        {DEVICE_PUSH_MESSAGES.title}
      </h3>
      <div className="mt-2">{body}</div>
      {state !== 'needs-home-screen' && state !== 'checking' && <p className="mt-3 text-xs text-ink-500">{DEVICE_PUSH_MESSAGES.iosNote}</p>}
    </section>
  );
}
