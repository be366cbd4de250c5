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
 * The routes an API token may call, and with which scope (issue 40 item 1): a literal list, so
 * that no route opens to tokens unnoticed. The token suite compares it with the route table both
 * ways: a route that takes tokens and is not listed here, or listed with another scope, fails it
 * until someone decides and lists it. Every other protected route refuses a token, whatever its
 * scopes.
 */
export const TOKEN_ROUTES: Readonly<Record<string, ApiTokenScope | 'any'>> = {
  // The member's own: who am I, and their earnings.
  'GET /api/user/profile': 'any',
  'GET /api/user/earnings': 'earnings:read',
  'GET /api/user/earnings/statement.pdf': 'earnings:read',
  // The member's projects and their records, by method. Two writes stay open on purpose:
  // DELETE /api/projects/:id only withdraws a project made by mistake (within 24 hours, no
  // proposal, files or deal), and POST /api/projects/:id/shares makes a customer link to the
  // member's own project, which a CRM sending proposals wants.
  'POST /api/projects': 'projects:write',
  'GET /api/projects': 'projects:read',
  'GET /api/projects/statistics': 'projects:read',
  'GET /api/projects/:id': 'projects:read',
  'PATCH /api/projects/:id': 'projects:write',
  'DELETE /api/projects/:id': 'projects:write',
  'POST /api/projects/:id/contacts': 'projects:write',
  'GET /api/projects/:id/contacts': 'projects:read',
  'GET /api/projects/:id/contacts/:recordId': 'projects:read',
  'PATCH /api/projects/:id/contacts/:recordId': 'projects:write',
  'DELETE /api/projects/:id/contacts/:recordId': 'projects:write',
  'POST /api/projects/:id/project_links': 'projects:write',
  'GET /api/projects/:id/project_links': 'projects:read',
  'GET /api/projects/:id/project_links/:recordId': 'projects:read',
  'PATCH /api/projects/:id/project_links/:recordId': 'projects:write',
  'DELETE /api/projects/:id/project_links/:recordId': 'projects:write',
  'POST /api/projects/:id/tickets': 'projects:write',
  'GET /api/projects/:id/tickets': 'projects:read',
  'GET /api/projects/:id/tickets/:recordId': 'projects:read',
  'PATCH /api/projects/:id/tickets/:recordId': 'projects:write',
  'DELETE /api/projects/:id/tickets/:recordId': 'projects:write',
  'GET /api/projects/:id/images': 'projects:read',
  'GET /api/projects/:id/images/:recordId': 'projects:read',
  'POST /api/projects/:id/images': 'projects:write',
  'GET /api/projects/:id/images/:recordId/download': 'projects:read',
  'DELETE /api/projects/:id/images/:recordId': 'projects:write',
  'GET /api/projects/:id/files': 'projects:read',
  'GET /api/projects/:id/files/:recordId': 'projects:read',
  'POST /api/projects/:id/files': 'projects:write',
  'GET /api/projects/:id/files/:recordId/download': 'projects:read',
  'DELETE /api/projects/:id/files/:recordId': 'projects:write',
  'GET /api/projects/:id/notes': 'projects:read',
  'POST /api/projects/:id/notes': 'projects:write',
  'DELETE /api/projects/:id/notes/:noteId': 'projects:write',
  'GET /api/projects/:id/estimate': 'projects:read',
  'GET /api/projects/:id/estimate-inputs': 'projects:read',
  'POST /api/projects/:id/usage-imports': 'projects:write',
  'GET /api/projects/:id/activity': 'projects:read',
  'POST /api/projects/:projectId/proposal_tickets': 'projects:write',
  'GET /api/projects/:projectId/proposal_tickets': 'projects:read',
  'GET /api/projects/:projectId/proposal_tickets/:ticketId': 'projects:read',
  'PATCH /api/projects/:projectId/proposal_tickets/:ticketId': 'projects:write',
  'GET /api/projects/:projectId/proposal_tickets/:ticketId/proposal_ticket_histories': 'projects:read',
  'POST /api/projects/:id/shares': 'projects:write',
  'GET /api/projects/:id/shares': 'projects:read',
  'DELETE /api/projects/:id/shares/:shareId': 'projects:write',
  // The admin API: every read.
  'GET /api/admin/proposal_tickets': 'admin',
  'GET /api/admin/audit': 'admin',
  'GET /api/admin/estimate-assumptions': 'admin',
  'GET /api/admin/tariffs': 'admin',
  'GET /api/admin/tariffs/:id': 'admin',
  'GET /api/admin/projects/:id/deal': 'admin',
  'GET /api/admin/users/:id/earnings': 'admin',
  'GET /api/admin/payables': 'admin',
  'GET /api/admin/payouts': 'admin',
  'GET /api/admin/earnings-settings': 'admin',
  'GET /api/admin/payout-settings': 'admin',
  'GET /api/admin/users/:id/tax_form': 'admin',
  'GET /api/admin/payouts/1099.csv': 'admin',
  'GET /api/admin/users/:id/earnings/statement.pdf': 'admin',
  'GET /api/admin/stall-settings': 'admin',
  'GET /api/admin/board': 'admin',
  'GET /api/admin/board/columns/:stage': 'admin',
  'GET /api/admin/analytics': 'admin',
  'GET /api/admin/users.csv': 'admin',
  'GET /api/admin/projects.csv': 'admin',
  'GET /api/admin/earnings.csv': 'admin',
  'GET /api/admin/payouts.csv': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'GET /api/admin/users/:id/accounts': 'admin',
  'GET /api/admin/users/:id/referrals': 'admin',
  'GET /api/admin/users/:id/projects': 'admin',
  'GET /api/admin/accounts': 'admin',
  'GET /api/admin/accounts/:id': 'admin',
  'GET /api/admin/referrals': 'admin',
  'GET /api/admin/referrals/:id': 'admin',
  'GET /api/admin/projects': 'admin',
  'GET /api/admin/projects/:id': 'admin',
  'GET /api/admin/projects/:id/duplicates': 'admin',
  'GET /api/admin/projects/:id/contacts': 'admin',
  'GET /api/admin/projects/:id/contacts/:recordId': 'admin',
  'GET /api/admin/projects/:id/project_links': 'admin',
  'GET /api/admin/projects/:id/project_links/:recordId': 'admin',
  'GET /api/admin/projects/:id/images': 'admin',
  'GET /api/admin/projects/:id/images/:recordId': 'admin',
  'GET /api/admin/projects/:id/images/:recordId/download': 'admin',
  'GET /api/admin/projects/:id/files': 'admin',
  'GET /api/admin/projects/:id/files/:recordId': 'admin',
  'GET /api/admin/projects/:id/files/:recordId/download': 'admin',
  'GET /api/admin/projects/:id/notes': 'admin',
  'GET /api/admin/projects/:id/estimate': 'admin',
  'GET /api/admin/projects/:id/estimate-inputs': 'admin',
  'GET /api/admin/projects/:id/activity': 'admin',
  'GET /api/admin/projects/:id/shares': 'admin',
  'GET /api/admin/referral-settings': 'admin',
  'GET /api/admin/leads': 'admin',
  'GET /api/admin/analytics/referral-funnel': 'admin',
  // The admin API: the operational writes only (route-table.ts ADMIN_TOKEN_WRITES); money,
  // accounts, sessions, two-factor, settings and customer links need a person signed in.
  'PUT /api/admin/proposal_tickets/:id': 'admin',
  'PATCH /api/admin/proposal_tickets/:id': 'admin',
  'POST /api/admin/projects': 'admin',
  'POST /api/admin/projects/stage_changes': 'admin',
  'PUT /api/admin/projects/:id': 'admin',
  'POST /api/admin/projects/:id/contacts': 'admin',
  'PUT /api/admin/projects/:id/contacts/:recordId': 'admin',
  'DELETE /api/admin/projects/:id/contacts/:recordId': 'admin',
  'POST /api/admin/projects/:id/project_links': 'admin',
  'PUT /api/admin/projects/:id/project_links/:recordId': 'admin',
  'DELETE /api/admin/projects/:id/project_links/:recordId': 'admin',
  'POST /api/admin/projects/:id/images': 'admin',
  'PUT /api/admin/projects/:id/images/:recordId': 'admin',
  'DELETE /api/admin/projects/:id/images/:recordId': 'admin',
  'POST /api/admin/projects/:id/files': 'admin',
  'PUT /api/admin/projects/:id/files/:recordId': 'admin',
  'DELETE /api/admin/projects/:id/files/:recordId': 'admin',
  'POST /api/admin/projects/:id/notes': 'admin',
  'DELETE /api/admin/projects/:id/notes/:noteId': 'admin',
  'POST /api/admin/projects/:id/usage-imports': 'admin',
  'PATCH /api/admin/leads/:id': 'admin',
  'POST /api/admin/leads/:id/reject': 'admin',
  'POST /api/admin/leads/:id/convert': 'admin',
  // Webhook endpoints take any token and check the events' scopes themselves (issue 40 item 3).
  'POST /api/webhook_endpoints': 'any',
  'GET /api/webhook_endpoints': 'any',
  'GET /api/webhook_endpoints/:id': 'any',
  'PATCH /api/webhook_endpoints/:id': 'any',
  'DELETE /api/webhook_endpoints/:id': 'any',
  'GET /api/webhook_endpoints/:id/deliveries': 'any',
  'POST /api/webhook_endpoints/:id/deliveries/:delivery_id/replay': 'any',
  'POST /api/webhook_endpoints/:id/test': 'any',
};

/** The scope a route takes from a token by the inventory, or undefined for a route closed to tokens. */
export function expectedTokenScope(route: ClassifiedRoute): ApiTokenScope | 'any' | undefined {
  return TOKEN_ROUTES[route.key];
}
