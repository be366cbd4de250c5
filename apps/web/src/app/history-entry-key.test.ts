import { createBrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { keyInitialHistoryEntry } from './history-entry-key';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('keyInitialHistoryEntry (issue 14: one scroll position per full load)', () => {
  it('gives a keyless entry (a typed address) a key of its own, which the router then uses', () => {
    window.history.replaceState(null, '', '/pricing');
    keyInitialHistoryEntry();
    const key = (window.history.state as { key: string }).key;
    expect(key).toMatch(/^[a-z0-9]+$/);
    const router = createBrowserRouter([{ path: '*', element: null }]);
    expect(router.state.location.key).toBe(key);
    expect(router.state.location.key).not.toBe('default');
    router.dispose();
  });

  it('gives two full loads different keys', () => {
    window.history.replaceState(null, '', '/');
    keyInitialHistoryEntry();
    const landing = (window.history.state as { key: string }).key;
    window.history.replaceState(null, '', '/pricing');
    keyInitialHistoryEntry();
    expect((window.history.state as { key: string }).key).not.toBe(landing);
  });

  it('keeps the key of an entry that has one (a reload, or coming back through history), and its other state', () => {
    window.history.replaceState({ key: 'abc123', idx: 2, usr: { from: '/home' } }, '', '/login');
    keyInitialHistoryEntry();
    expect(window.history.state).toEqual({ key: 'abc123', idx: 2, usr: { from: '/home' } });
    window.history.replaceState({ idx: 0 }, '', '/');
    keyInitialHistoryEntry();
    expect(window.history.state).toMatchObject({ idx: 0, key: expect.any(String) });
  });
});
