import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createPath, type Navigator, type To } from 'react-router';
import { publicPageLoader } from './app/public-pages';
import { normalizePathname, PRERENDERED_PATH_ATTRIBUTE, PublicPageRoot } from './entry-shared';
import { isLoggedIn } from './lib/access';
import { readSession } from './lib/session';

/*
 * The browser entry of the prerendered public pages (docs/decisions/024-public-first-load.md).
 * It hydrates the one page the HTML holds, inside the public shell, with none of the member
 * app: no data router, TanStack Query, toaster or Headless UI.
 */

/**
 * Every public page is a prerendered document, so a link is a document navigation: this
 * navigator turns React Router's navigations (Link, useNavigate, Navigate) into page loads, and
 * the server answers with the next prerendered page or with the app (index.html, main.tsx).
 */
export function documentNavigator(load: (href: string, replace: boolean) => void = loadDocument): Navigator {
  const href = (to: To) => (typeof to === 'string' ? to : createPath(to));
  return {
    createHref: href,
    go: (delta) => window.history.go(delta),
    push: (to) => load(href(to), false),
    replace: (to) => load(href(to), true),
  };
}

function loadDocument(href: string, replace: boolean): void {
  if (replace) window.location.replace(href);
  else window.location.assign(href);
}

/**
 * Prerendered pages whose first render depends on the session: /login sends a signed-in
 * visitor on (or warns them), so its logged-out HTML is replaced rather than hydrated.
 */
const SESSION_DEPENDENT_PAGES = new Set(['/login']);

/**
 * The location React Router's own history would report: the state of a navigation inside the
 * member app (a guard's `from`, which /login reads after a reload) lives in history.state.usr.
 */
function currentLocation() {
  const state = (window.history.state ?? {}) as { usr?: unknown; key?: unknown };
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state.usr ?? null, key: typeof state.key === 'string' ? state.key : 'default' };
}

/**
 * Mounts the page on #root: hydrates the prerendered HTML when it is this very page's (and the
 * session does not change it), renders from scratch otherwise.
 */
export async function startPublicPage({ navigator = documentNavigator() }: { navigator?: Navigator } = {}): Promise<Root | undefined> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from the page.');
  const pathname = normalizePathname(window.location.pathname);
  const load = publicPageLoader(pathname);
  if (!load) {
    // The server sends this entry with a prerendered page only, whose path is in the list.
    console.error(`No public page has the path ${pathname}; the prerendered HTML stays as it is.`);
    return undefined;
  }
  const Page = await load();
  const app = (
    <PublicPageRoot location={currentLocation()} navigator={navigator}>
      <Page />
    </PublicPageRoot>
  );
  const hydrate =
    container.getAttribute(PRERENDERED_PATH_ATTRIBUTE) === pathname && !(SESSION_DEPENDENT_PAGES.has(pathname) && isLoggedIn(readSession()));
  if (hydrate) return hydrateRoot(container, app);
  container.replaceChildren();
  container.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
  const root = createRoot(container);
  root.render(app);
  return root;
}
