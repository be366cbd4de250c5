import { describe, expect, it, vi } from 'vitest';
import { clickTarget, FALLBACK_MESSAGE, notificationOptions, openClickTarget, readPushMessage, type AppWindow, type AppWindows } from './sw-push';

const ORIGIN = 'https://portal.example';
const data = (payload: unknown) => ({ json: () => (typeof payload === 'string' ? JSON.parse(payload) : payload) });

describe('readPushMessage', () => {
  it('reads the server payload', () => {
    expect(readPushMessage(data({ title: 'Stage changed', body: 'Acme is now Proposal Ready.', url: '/projects/7', tag: 'project-7' }))).toEqual({
      title: 'Stage changed',
      body: 'Acme is now Proposal Ready.',
      url: '/projects/7',
      tag: 'project-7',
    });
    expect(readPushMessage(data({ title: 'Hello', body: 'x', url: null, tag: 't' })).url).toBeNull();
  });

  it('still has something to show for a push without a readable payload (userVisibleOnly)', () => {
    expect(readPushMessage(null)).toEqual(FALLBACK_MESSAGE);
    expect(readPushMessage(data('not json'))).toEqual(FALLBACK_MESSAGE);
    expect(readPushMessage(data([1, 2]))).toEqual(FALLBACK_MESSAGE);
    expect(readPushMessage(data({ body: 'no title' }))).toEqual(FALLBACK_MESSAGE);
    expect(readPushMessage(data({ title: 'Only a title', url: 42 }))).toEqual({ title: 'Only a title', body: '', url: null, tag: FALLBACK_MESSAGE.tag });
  });

  it('makes the notification options with the link in data', () => {
    expect(notificationOptions({ title: 'T', body: 'B', url: '/projects/7', tag: 'project-7' })).toEqual({
      body: 'B',
      tag: 'project-7',
      icon: '/icon-192.png',
      badge: '/badge-96.png',
      data: { url: '/projects/7' },
    });
  });
});

describe('clickTarget', () => {
  it('keeps a path or an address of this origin', () => {
    expect(clickTarget('/projects/7?tab=photos', ORIGIN)).toBe(`${ORIGIN}/projects/7?tab=photos`);
    expect(clickTarget(`${ORIGIN}/admin/projects/3`, ORIGIN)).toBe(`${ORIGIN}/admin/projects/3`);
  });

  it('sends anything else to the notifications page', () => {
    for (const url of [null, undefined, '', 42, 'https://evil.example/projects/7', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', `${ORIGIN}.evil.example/x`, 'projects/7']) {
      expect(clickTarget(url, ORIGIN), String(url)).toBe(`${ORIGIN}/notifications`);
    }
  });
});

function fakeWindow(url: string, focused = false, navigable = true): AppWindow & { navigated: string[] } {
  const client: AppWindow & { navigated: string[] } = {
    url,
    focused,
    navigated: [],
    focus: vi.fn(async () => client),
    navigate: vi.fn(async (target: string) => {
      if (!navigable) throw new TypeError('This service worker is not the client’s active service worker.');
      client.navigated.push(target);
      return client;
    }),
  };
  return client;
}

function fakeWindows(open: AppWindow[]): AppWindows & { opened: string[] } {
  const opened: string[] = [];
  return { opened, matchAll: vi.fn(async () => open), openWindow: vi.fn(async (url: string) => opened.push(url)) };
}

describe('openClickTarget', () => {
  it('focuses the focused window of the portal and navigates it', async () => {
    const other = fakeWindow(`${ORIGIN}/home`);
    const current = fakeWindow(`${ORIGIN}/profile`, true);
    const windows = fakeWindows([other, current]);
    await openClickTarget(windows, '/projects/7', ORIGIN);
    expect(current.focus).toHaveBeenCalled();
    expect(current.navigated).toEqual([`${ORIGIN}/projects/7`]);
    expect(other.navigated).toEqual([]);
    expect(windows.opened).toEqual([]);
  });

  it('opens a new window when none of the portal is open', async () => {
    const windows = fakeWindows([fakeWindow('https://elsewhere.example/')]);
    await openClickTarget(windows, '/projects/7', ORIGIN);
    expect(windows.opened).toEqual([`${ORIGIN}/projects/7`]);
  });

  it('opens a new window when the open one cannot be navigated', async () => {
    const windows = fakeWindows([fakeWindow(`${ORIGIN}/home`, false, false)]);
    await openClickTarget(windows, '/projects/7', ORIGIN);
    expect(windows.opened).toEqual([`${ORIGIN}/projects/7`]);
  });

  it('never follows a link to another site', async () => {
    const current = fakeWindow(`${ORIGIN}/home`, true);
    await openClickTarget(fakeWindows([current]), 'https://evil.example/', ORIGIN);
    expect(current.navigated).toEqual([`${ORIGIN}/notifications`]);
  });
});
