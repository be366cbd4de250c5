import { StrictMode, type ReactNode } from 'react';
import { Router, type Navigator } from 'react-router';
import { PublicShell } from './app/shells/public-shell';
import { PageMetaCollector, type PageMetaRecord } from './components/ui/page-meta';

/**
 * What the build's prerender (entry-server.tsx) renders and the public pages' browser entry
 * (entry-public.tsx) hydrates: one definition keeps the two trees identical, which hydration
 * requires (useId values, for example, depend on the shape of the tree). A plain <Router> and
 * no routes: the page is given, and links leave the page (see entry-public.tsx).
 */
export function PublicPageRoot({
  location,
  navigator,
  isStatic = false,
  pageMeta,
  children,
}: {
  location: string | { pathname: string; search: string; hash: string; state: unknown; key: string };
  navigator: Navigator;
  isStatic?: boolean;
  pageMeta?: PageMetaRecord;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <PageMetaCollector record={pageMeta}>
        <Router location={location} navigator={navigator} static={isStatic}>
          <PublicShell>{children}</PublicShell>
        </Router>
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
