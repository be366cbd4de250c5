import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { keyInitialHistoryEntry } from './app/history-entry-key';
import { createQueryClient } from './app/query-client';
import { createAppRouter, routes } from './app/router';
import { AppRoot, loadMatchedRouteModules, normalizePathname, PRERENDERED_PATH_ATTRIBUTE } from './entry-shared';
import { isLoggedIn } from './lib/access';
import { MFA_ENROLMENT_PATH, setMfaEnrollmentHandler, setUnauthorizedHandler } from './lib/api-client';
import { locationToPath } from './lib/redirect';
import { readSession } from './lib/session';

/**
 * Prerendered pages whose first render depends on the session: /login sends a signed-in
 * visitor on (or warns them), so its logged-out HTML is replaced rather than hydrated.
 */
const SESSION_DEPENDENT_PAGES = new Set(['/login']);

/**
 * Hydrate when #root holds the prerendered HTML of this very path (DESIGN.md "public pages");
 * otherwise (the SPA's index.html, or a page the session changes) render from scratch.
 */
function shouldHydrate(container: HTMLElement): boolean {
  const prerenderedPath = container.getAttribute(PRERENDERED_PATH_ATTRIBUTE);
  const pathname = normalizePathname(window.location.pathname);
  if (prerenderedPath === null || prerenderedPath !== pathname) return false;
  return !(SESSION_DEPENDENT_PAGES.has(pathname) && isLoggedIn(readSession()));
}

/** Mounts the app on #root: hydrates prerendered HTML, renders from scratch otherwise. */
export async function startApp(): Promise<Root> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html.');
  let hydrate = shouldHydrate(container);
  if (hydrate) {
    // The page's own chunk must be in place before the first render, or the router would
    // render its loading fallback instead of the prerendered page. If it cannot load, render
    // from scratch and let the router show its error page.
    try {
      await loadMatchedRouteModules(routes, window.location.pathname);
    } catch (error) {
      console.error(error);
      hydrate = false;
    }
  }

  const queryClient = createQueryClient();
  keyInitialHistoryEntry();
  const router = createAppRouter();

  // A 401 on a call made with a token: the session cookies are already cleared; drop cached
  // data of the old session and go to /login, remembering the page for after the next login.
  setUnauthorizedHandler(() => {
    queryClient.clear();
    const from = locationToPath(router.state.location);
    void router.navigate('/login', { replace: true, state: from.startsWith('/login') ? undefined : { from } });
  });

  // ADMIN_MFA_REQUIRED: an administrator without two-factor is sent to enrol instead of an error page.
  setMfaEnrollmentHandler(() => {
    void router.navigate(MFA_ENROLMENT_PATH, { replace: true });
  });

  const app = (
    <AppRoot queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  if (hydrate) return hydrateRoot(container, app);
  container.replaceChildren();
  container.removeAttribute(PRERENDERED_PATH_ATTRIBUTE);
  const root = createRoot(container);
  root.render(app);
  return root;
}
