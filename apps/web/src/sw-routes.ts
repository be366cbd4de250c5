import { isWebAppPath, WEB_APP_ROUTES } from '@sunin/contract';

/**
 * Which addresses the service worker (sw.ts) may answer with the app shell when the network
 * fails: the member and admin areas, nothing else. The routes of WEB_APP_ROUTES below are open
 * to anyone (a customer's proposal link, an unsubscribe link, the password pages): like the
 * prerendered public pages, they always come from the network (issue 41 item 1, decision 052).
 * Plain code without browser types: sw.ts (WebWorker) and the app's tests (DOM) both use it.
 */
export const PUBLIC_APP_ROUTES = [
  '/upgradesubscription',
  '/request-password-reset',
  '/password-reset-form/:reset_password_token',
  '/verify_email',
  '/unsubscribe',
  '/p/:token',
] as const satisfies ReadonlyArray<(typeof WEB_APP_ROUTES)[number]>;

const firstSegment = (path: string) => (path.split('/')[1] ?? '').toLowerCase();

/** home, projects, profile, admin, ...: the first segment of every signed-in route. */
export const APP_SHELL_SECTIONS: ReadonlySet<string> = new Set(
  WEB_APP_ROUTES.filter((route) => !(PUBLIC_APP_ROUTES as readonly string[]).includes(route)).map(firstSegment),
);

/** Whether `pathname` is a page of the member or admin area (what the precached index.html can show offline). */
export function isAppShellPath(pathname: string): boolean {
  return APP_SHELL_SECTIONS.has(firstSegment(pathname)) && isWebAppPath(pathname);
}
