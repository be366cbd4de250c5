import { PUBLIC_PAGE_PATHS, WEB_APP_ROUTES, isWebAppPath } from '@sunin/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every full path of the route tree; pathless layouts add nothing, an index route is its parent's path. */
function fullPaths(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.index || (route.path !== undefined && !route.children) ? [own || '/'] : route.path !== undefined ? [own] : [];
    return [...here, ...(route.children ? fullPaths(route.children, own) : [])];
  });
}

describe('the addresses the server answers with 200 (issue 20 item 4)', () => {
  it('are exactly the router’s: the public pages and WEB_APP_ROUTES', () => {
    // The public shell's catch-all is the not-found page itself: the server answers it with 404.
    // The admin area has a catch-all of its own (its coming-soon page): '/admin/*' covers it all.
    const paths = new Set(
      fullPaths(routes)
        .filter((path) => path !== '/*')
        .map((path) => (path.startsWith('/admin/') ? '/admin/*' : path)),
    );
    expect([...paths].sort()).toEqual([...new Set([...PUBLIC_PAGE_PATHS, ...WEB_APP_ROUTES])].sort());
  });

  it('matches a pattern segment by segment', () => {
    expect(['/projects/7', '/projects/7/contacts/2', '/admin/anything/below', '/pricing/'].every(isWebAppPath)).toBe(true);
    expect(['/projects/7/other', '/nope', '/admins', '/password-reset-form'].some(isWebAppPath)).toBe(false);
  });
});
