import { StrictMode, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { Providers } from './app/providers';
import { PageMetaCollector, type PageMetaRecord } from './components/ui/page-meta';

/**
 * What the browser (main.tsx) and the build's prerender (entry-server.tsx) both render around
 * the router. One definition keeps the two trees identical, which hydration requires (useId
 * values, for example, depend on the shape of the tree).
 */
export function AppRoot({ queryClient, pageMeta, children }: { queryClient: QueryClient; pageMeta?: PageMetaRecord; children: ReactNode }) {
  return (
    <StrictMode>
      <PageMetaCollector record={pageMeta}>
        <Providers queryClient={queryClient}>{children}</Providers>
      </PageMetaCollector>
    </StrictMode>
  );
}

/** The attribute the prerender puts on #root: the path whose HTML it holds ("/pricing"). */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered-path';

/** "/pricing/" and "/pricing" are one page (the server ignores trailing slashes too). */
export function normalizePathname(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/**
 * Resolves the `lazy()` of every route that matches `pathname` and puts the result on the route
 * object itself. A data router whose initial matches still have `lazy` starts uninitialised and
 * renders its HydrateFallback first, which would not match the prerendered HTML; with the
 * modules already in place it renders the page on its first render, as the server did.
 */
export async function loadMatchedRouteModules(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const properties = await route.lazy();
      Object.assign(route, properties);
      delete route.lazy;
    }),
  );
}
