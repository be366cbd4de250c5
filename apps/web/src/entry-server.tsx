/**
 * The build's prerender entry (scripts/build.mjs): renders one public page to HTML with
 * react-dom/server, the same tree the public pages' browser entry (entry-public.tsx) hydrates
 * (DESIGN.md "public pages", docs/decisions/024-public-first-load.md).
 */
import { renderToString } from 'react-dom/server';
import { createPath, type Navigator } from 'react-router';
import { PUBLIC_PAGE_PATHS, SITE_URL_PLACEHOLDER } from '@sunin/contract';
import { publicPageLoader } from './app/public-pages';
import { DEFAULT_DESCRIPTION, fullPageTitle, type PageMetaRecord } from './components/ui/page-meta';
import { headTags } from './features/public-site/seo/head-tags';
import { PublicPageRoot } from './entry-shared';

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

/** Nothing navigates while rendering to a string. */
const staticNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  go: () => undefined,
  push: () => undefined,
  replace: () => undefined,
};

export interface PrerenderedPage {
  /** The markup that goes inside #root. */
  html: string;
  title: string;
  description: string;
  /** Canonical link, Open Graph and Twitter tags and JSON-LD, for <head> (issue 20 item 5). */
  head: string;
}

export async function renderPage(path: string): Promise<PrerenderedPage> {
  const load = publicPageLoader(path);
  if (!load) throw new Error(`Prerendering ${path}: no public page has this path (app/public-pages.ts).`);
  const Page = await load();
  const meta: PageMetaRecord = {};
  const html = renderToString(
    <PublicPageRoot location={path} navigator={staticNavigator} isStatic pageMeta={meta}>
      <Page />
    </PublicPageRoot>,
  );
  const fallback = FALLBACK_META[path];
  const title = meta.title ?? fallback?.title;
  if (!title) {
    // A page that forgot usePageMeta.
    throw new Error(`Prerendering ${path}: the page set no title.`);
  }
  const description = meta.description ?? fallback?.description ?? DEFAULT_DESCRIPTION;
  // The server puts its APP_URL in place of the placeholder (prerendered-pages.ts).
  return { html, title, description, head: headTags({ route: path, title, description }, SITE_URL_PLACEHOLDER) };
}
