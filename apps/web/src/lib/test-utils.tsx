/**
 * Test helpers (never imported by app code). Tests stub the network with `stubFetch` and
 * render real routes, providers and components; nothing of ours is mocked.
 */
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { AppServices } from './app-services';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export function jsonResponse(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

export interface FetchCall {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}

/** Replaces global fetch with `handler`; returns the list of calls made so far. */
export function stubFetch(handler: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: FetchCall = {
        url: new URL(String(input), window.location.origin),
        method: (init.method ?? 'GET').toUpperCase(),
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
      };
      calls.push(call);
      return handler(call);
    }),
  );
  return calls;
}

/**
 * Renders `routes` in a memory router with the app's providers (query client, toaster);
 * `strictMode` as in development, where effects run twice (a page that must call once).
 */
export function renderRoutes(
  routes: RouteObject[],
  {
    initialEntries = ['/'],
    queryClient = createTestQueryClient(),
    strictMode = false,
  }: { initialEntries?: NonNullable<Parameters<typeof createMemoryRouter>[1]>['initialEntries']; queryClient?: QueryClient; strictMode?: boolean } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup();
  const tree = (
    <AppServices queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppServices>
  );
  const utils = render(strictMode ? <StrictMode>{tree}</StrictMode> : tree);
  return { router, user, queryClient, ...utils };
}

/** A MediaQueryList that answers `matches` and never changes (jsdom has no matchMedia). */
export function fakeMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  } as MediaQueryList;
}

/**
 * Makes every CSS media query match (a wide screen) or none match (a phone). jsdom lays out
 * nothing, so components that render differently by width read this; undone after each test.
 */
export function stubScreenWidth(wide: boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => fakeMediaQueryList(query, wide));
}
