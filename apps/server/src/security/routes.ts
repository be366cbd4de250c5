import type { ApiTokenScope } from '@sunin/contract';
import { isApiRoute, PUBLIC_ROUTES, routeClass, type RouteClass, type RouteTableEntry } from '../route-table.js';

export { PUBLIC_ROUTES, type RouteClass };

export interface ClassifiedRoute extends RouteTableEntry {
  key: string;
  kind: RouteClass;
  /** The `:name` parameters in order, each with the path segment before it (`contacts:recordId`). */
  params: string[];
}

/** Every /api route of the app (not the reference under /api/docs, which plugins/api-docs.ts guards). */
export function apiRoutes(routeTable: RouteTableEntry[]): ClassifiedRoute[] {
  return routeTable
    .filter((route) => isApiRoute(route.url))
    .map((route) => {
      const key = `${route.method} ${route.url}`;
      const kind = routeClass(route.method, route.url);
      const segments = route.url.split('/');
      const params = segments.flatMap((segment, index) => (segment.startsWith(':') ? [`${segments[index - 1]}${segment}`] : []));
      return { ...route, key, kind, params };
    });
}

/** Fills `:name` parameters from a map keyed like ClassifiedRoute.params; throws for an unknown one. */
export function fillUrl(route: ClassifiedRoute, ids: Record<string, number | string>): string {
  const segments = route.url.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith(':')) return segment;
      const name = `${segments[index - 1]}${segment}`;
      const value = ids[name];
      if (value === undefined) throw new Error(`${route.key}: no id for the parameter ${name}; add it to the map`);
      return String(value);
    })
    .join('/');
}

/** The object shape of a route schema under optional/nullable/default/pipe wrappers, or null. */
export function shapeOf(schema: unknown): Record<string, unknown> | null {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown; in?: unknown; type?: string } } } | undefined;
  for (let depth = 0; depth < 6 && current; depth++) {
    if (current.shape && typeof current.shape === 'object') return current.shape;
    const def = current._zod?.def;
    current = (def?.innerType ?? def?.in) as typeof current;
  }
  return null;
}

/** How many arrays deep a schema's value is under the same wrappers (kilowatt_amounts: 2), or 0. */
export function arrayDepthOf(schema: unknown): number {
  let current = schema as { _zod?: { def?: { innerType?: unknown; in?: unknown; type?: string; element?: unknown } } } | undefined;
  for (let depth = 0; depth < 6 && current; depth++) {
    const def = current._zod?.def;
    if (def?.type === 'array') return 1 + arrayDepthOf(def.element);
    current = (def?.innerType ?? def?.in) as typeof current;
  }
  return 0;
}

/**
 * The object shape of an array's elements under the same wrappers (a project's `meters`: each
 * meter's name, tariff_id, load_profile, months, interval_import_id), or null.
 */
export function elementShapeOf(schema: unknown): Record<string, unknown> | null {
  let current = schema as { _zod?: { def?: { innerType?: unknown; in?: unknown; type?: string; element?: unknown } } } | undefined;
  for (let depth = 0; depth < 6 && current; depth++) {
    const def = current._zod?.def;
    if (def?.type === 'array') return shapeOf(def.element);
    current = (def?.innerType ?? def?.in) as typeof current;
  }
  return null;
}

/**
 * The routes an API token may call, and with which scope (issue 40 item 1): the inventory the
 * token suite checks every route against, so that no route opens to tokens unnoticed. Every
 * other protected route refuses a token, whatever its scopes.
 */
const TOKEN_ROUTES: Record<string, ApiTokenScope | 'any'> = {
  'GET /api/user/profile': 'any',
  'GET /api/user/earnings': 'earnings:read',
  'GET /api/user/earnings/statement.pdf': 'earnings:read',
};

export function expectedTokenScope(route: ClassifiedRoute): ApiTokenScope | 'any' | undefined {
  const listed = TOKEN_ROUTES[route.key];
  if (listed) return listed;
  if (route.url === '/api/projects' || route.url.startsWith('/api/projects/')) return route.method === 'GET' ? 'projects:read' : 'projects:write';
  if (route.url.startsWith('/api/admin/')) return 'admin';
  // The webhook endpoints take any token and check the events' scopes themselves (issue 40 item 3).
  if (route.url === '/api/webhook_endpoints' || route.url.startsWith('/api/webhook_endpoints/')) return 'any';
  return undefined;
}
