import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { keyInitialHistoryEntry } from './app/history-entry-key';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { showUpdateReadyToast } from './app/update-ready-toast';
import { MFA_ENROLMENT_PATH, setMfaEnrollmentHandler, setUnauthorizedHandler } from './lib/api-client';
import { currentUserQueryKey } from './lib/current-user';
import { deletePersistedQueriesDatabase } from './lib/persisted-queries';
import { locationToPath } from './lib/redirect';
import { registerServiceWorker } from './lib/service-worker';
import { getSessionUserId, setSessionStartHandler } from './lib/session';
import { isAppShellPath } from './sw-routes';

/**
 * Mounts the app (index.html: the member and admin areas, and every path that is not a
 * prerendered public page) on #root. Its HTML holds no page, so it renders from scratch; the
 * prerendered public pages start from their own entry (entry-public.tsx).
 */
export function startApp(): Root {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html.');

  const queryClient = createQueryClient();
  keyInitialHistoryEntry();
  const router = createAppRouter();
  // The last-seen projects of the signed-in member, for offline reading (issue 41), loaded
  // beside the first page rather than in it (the /projects first-load budget), and only once
  // a member is in the member or admin area: a business owner opening a customer's link, an
  // unsubscribe or password page downloads none of it and gets no database. Without a session,
  // what an ended one left goes (without creating anything). The service worker keeps the app
  // shell (production builds only).
  const loadPersistence = () => import('./lib/query-persistence');
  let persistenceModule: ReturnType<typeof loadPersistence> | null = null;
  // One module promise, so that its starts and clears are asked for in the order they were made.
  const persistence = () => (persistenceModule ??= loadPersistence());
  const keepProjectsFor = (pathname: string) => {
    const userId = getSessionUserId();
    if (userId && isAppShellPath(pathname)) void persistence().then(({ startQueryPersistence }) => startQueryPersistence(queryClient, userId));
  };
  if (getSessionUserId()) keepProjectsFor(router.state.location.pathname);
  else void deletePersistedQueriesDatabase();
  router.subscribe((state) => keepProjectsFor(state.location.pathname));
  // Only for a member: a customer's link or an unsubscribe page (this entry too) installs nothing.
  // Then this device's push subscription, if it has one, goes to the server again: it follows
  // the member from one sign-in to the next (lib/push-device.ts, loaded only then).
  const installApp = () =>
    void registerServiceWorker({ onUpdateReady: showUpdateReadyToast })
      .then((registration) => registration && import('./lib/push-device').then(({ refreshThisDevice }) => refreshThisDevice()))
      .catch(() => undefined);
  if (getSessionUserId()) installApp();

  // A 401 on a call made with a token: the session cookies are already cleared; drop cached
  // data of the old session and go to /login, remembering the page for after the next login.
  setUnauthorizedHandler(() => {
    void persistence().then(({ clearPersistedQueries }) => clearPersistedQueries());
    queryClient.clear();
    const from = locationToPath(router.state.location);
    void router.navigate('/login', { replace: true, state: from.startsWith('/login') ? undefined : { from } });
  });

  // A login or signup: forget anything cached for a previous session (on the device too); the
  // new user is current.
  setSessionStartHandler((user) => {
    // (Persistence starts again for the new user on the way into the app: keepProjectsFor.)
    void persistence().then(({ clearPersistedQueries }) => clearPersistedQueries());
    queryClient.clear();
    queryClient.setQueryData(currentUserQueryKey, user);
    installApp();
    keepProjectsFor(router.state.location.pathname);
  });

  // ADMIN_MFA_REQUIRED: an administrator without two-factor is sent to enrol instead of an error page.
  setMfaEnrollmentHandler(() => {
    void router.navigate(MFA_ENROLMENT_PATH, { replace: true });
  });

  const root = createRoot(container);
  root.render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return root;
}
