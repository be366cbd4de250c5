/**
 * The build's prerender entry (scripts/build.mjs): renders one public page to HTML with
 * react-dom/server, the same way the browser will hydrate it (DESIGN.md "public pages").
 */
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PUBLIC_PAGE_PATHS } from '@sunin/contract';
import { createQueryClient } from './app/query-client';
import { routes } from './app/router';
import { DEFAULT_DESCRIPTION, fullPageTitle, type PageMetaRecord } from './components/ui/page-meta';
import { AppRoot } from './entry-shared';

export { PUBLIC_PAGE_PATHS };

/**
 * Pages of other features that set only their title in an effect (useDocumentTitle): their
 * prerendered <head> gets these values. Every public-site page reports its own (usePageMeta).
 */
const FALLBACK_META: Record<string, Required<PageMetaRecord>> = {
  '/login': { title: fullPageTitle('Log in'), description: 'Log in to the SunIn Partner Portal to manage your commercial solar projects and proposals.' },
  '/signup': {
    title: fullPageTitle('Sign up'),
    description: 'Become a SunIn partner: join free as a Referral Partner or run your own deals as a Sales Partner.',
  },
};

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) {
    throw new Error(`Prerendering ${path}: the route answered with a redirect (${context.status}).`);
  }
  if (context.statusCode !== 200) {
    throw new Error(`Prerendering ${path}: the route answered ${context.statusCode}.`);
  }
  const router = createStaticRouter(dataRoutes, context);
  const meta: PageMetaRecord = {};
  const html = renderToString(
    <AppRoot queryClient={createQueryClient()} pageMeta={meta}>
      {/* No hydration data script: no route has a loader, and the CSP allows no inline script. */}
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppRoot>,
  );
  const fallback = FALLBACK_META[path];
  const title = meta.title ?? fallback?.title;
  if (!title) {
    // A path that fell through to the not-found page, or a page that forgot usePageMeta.
    throw new Error(`Prerendering ${path}: the page set no title (is the route missing?).`);
  }
  return { html, title, description: meta.description ?? fallback?.description ?? DEFAULT_DESCRIPTION };
}
