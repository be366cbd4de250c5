import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearSession } from '../lib/session';
import { fakeMediaQueryList } from '../lib/test-utils';

// Routes are lazy modules: on a cold start (a fresh clone, CI) the first import of a route
// can take longer than Testing Library's 1 s default, so findBy* queries wait up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; react-hot-toast asks it for prefers-reduced-motion.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQueryList(query, false);

// Nor ResizeObserver (Headless UI's anchored menus) or scrollTo (React Router's ScrollRestoration).
if (typeof window.ResizeObserver === 'undefined') {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
}
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  clearSession();
  // Unsaved form drafts (lib/form-drafts.ts) live in sessionStorage: none carries over.
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
