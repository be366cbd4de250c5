import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** workbox-window's Workbox, as far as registerServiceWorker uses it. */
class FakeWorkbox {
  static last: FakeWorkbox | null = null;
  listeners = new Map<string, Array<(event: { isExternal?: boolean; isUpdate?: boolean }) => void>>();
  skipWaitingAsked = 0;
  constructor(
    public url: string,
    public options: unknown,
  ) {
    FakeWorkbox.last = this;
  }
  addEventListener(type: string, listener: (event: { isExternal?: boolean; isUpdate?: boolean }) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, event: { isExternal?: boolean; isUpdate?: boolean } = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  messageSkipWaiting() {
    this.skipWaitingAsked++;
  }
  register = vi.fn(async () => registration);
}
const registration = { update: vi.fn(async () => undefined) } as unknown as ServiceWorkerRegistration;
vi.mock('workbox-window', () => ({ Workbox: FakeWorkbox }));

let reload: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.resetModules();
  FakeWorkbox.last = null;
  reload = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration) } });
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('registerServiceWorker', () => {
  it('registers nothing outside a production build', async () => {
    vi.stubEnv('PROD', false);
    const { registerServiceWorker, serviceWorkerRegistration } = await import('./service-worker');
    expect(await registerServiceWorker()).toBeNull();
    expect(FakeWorkbox.last).toBeNull();
    expect(await serviceWorkerRegistration()).toBeNull();
  });

  it('registers /sw.js in production and offers a waiting version instead of reloading by itself', async () => {
    vi.stubEnv('PROD', true);
    const { registerServiceWorker, serviceWorkerRegistration } = await import('./service-worker');
    const onUpdateReady = vi.fn();
    expect(await registerServiceWorker({ onUpdateReady })).toBe(registration);
    const workbox = FakeWorkbox.last!;
    expect(workbox.url).toBe('/sw.js');
    expect(await serviceWorkerRegistration()).toBe(registration);

    workbox.emit('waiting');
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
    expect(workbox.skipWaitingAsked).toBe(0);
    expect(reload).not.toHaveBeenCalled();

    // The member chose Reload: the new version takes over, then the page reloads.
    const [chooseReload] = onUpdateReady.mock.calls[0] as [() => void];
    chooseReload();
    expect(workbox.skipWaitingAsked).toBe(1);
    expect(reload).not.toHaveBeenCalled();
    workbox.emit('controlling', { isExternal: false });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('registers once however often it is asked', async () => {
    vi.stubEnv('PROD', true);
    const { registerServiceWorker } = await import('./service-worker');
    await registerServiceWorker();
    const first = FakeWorkbox.last;
    expect(await registerServiceWorker()).toBe(registration);
    expect(FakeWorkbox.last).toBe(first);
    expect(first!.register).toHaveBeenCalledTimes(1);
  });

  it('offers a reload in a tab whose worker another tab replaced', async () => {
    vi.stubEnv('PROD', true);
    const { registerServiceWorker } = await import('./service-worker');
    const onUpdateReady = vi.fn();
    await registerServiceWorker({ onUpdateReady });
    FakeWorkbox.last!.emit('controlling', { isExternal: true, isUpdate: true });
    expect(onUpdateReady).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers nothing when the first worker takes control of a page loaded while it installed (the first visit)', async () => {
    vi.stubEnv('PROD', true);
    const { registerServiceWorker } = await import('./service-worker');
    const onUpdateReady = vi.fn();
    await registerServiceWorker({ onUpdateReady });
    FakeWorkbox.last!.emit('controlling', { isExternal: true, isUpdate: false });
    expect(onUpdateReady).not.toHaveBeenCalled();
  });
});
