import type { ApiTokenScope } from '@sunin/contract';
import type { FastifySchema } from 'fastify';

/*
 * The app's route table: every route as buildApp registered it. The security suite is generated
 * from it and the API reference (plugins/api-docs.ts) describes it. It lives apart from app.ts so
 * that both can import it without importing each other (issue 42 item 6).
 */

export interface RouteTableEntry {
  method: string;
  url: string;
  /** The route's zod schemas (body, querystring, params, response), as registered. */
  schema?: FastifySchema;
  /** The token scope the route accepts (its `config.tokenScope`), when API tokens may call it. */
  tokenScope?: ApiTokenScope | 'any';
}

/**
 * The routes anyone may call; every other /api route needs a token. A new route is protected
 * unless listed here (the authorization matrix fails for a protected route that answers without one).
 */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'POST /api/signup',
  'POST /api/login',
  'POST /api/password',
  'PATCH /api/password',
  'POST /api/verify_email',
  'GET /api/username-is-valid',
  'GET /api/email-is-valid',
  'GET /api/billing/config',
  'POST /api/webhooks/stripe',
  // Stripe Connect's events (issue 38 item 2): the signature is their credential.
  'POST /api/webhooks/stripe/connect',
  'GET /api/unsubscribe',
  'POST /api/unsubscribe',
  // A customer link's token is its only credential (issue 36).
  'GET /api/public/shares/:token',
  'GET /api/public/shares/:token/logo',
  'POST /api/public/shares/:token/change-requests',
  'POST /api/public/shares/:token/signature/code',
  'POST /api/public/shares/:token/signature',
  'GET /api/public/shares/:token/signature/document',
  // The business owner's estimate form and its usage file (issue 39): signed form token, honeypot and limits.
  'GET /api/public/lead_form',
  'POST /api/public/leads',
  // The upload token of a lead form's answer is its only credential (issue 39).
  'POST /api/public/leads/usage_file',
]);

/** Who may call a route: anyone, a full access administrator (every /api/admin route), or any signed-in member. */
export type RouteClass = 'public' | 'admin' | 'member';

/** The class of a route; the authorization matrix (security/authorization.test.ts) proves it for every route. */
export function routeClass(method: string, url: string): RouteClass {
  if (PUBLIC_ROUTES.has(`${method} ${url}`)) return 'public';
  return url.startsWith('/api/admin/') ? 'admin' : 'member';
}

/** Whether the route is part of the API (the reference under /api/docs is not). */
export function isApiRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs');
}

/**
 * The admin writes an `admin` token may make (issue 40 item 1): the operational ones an
 * integration runs, on projects and their records, stages (one or in bulk), proposal tickets and
 * referral leads. Every other /api/admin write (money: deals, earnings, payouts, pay settings;
 * accounts and their security: users, sessions, two-factor; settings; deleting a project, which
 * voids its earnings; customer signing links) needs a person signed in to the portal.
 */
export const ADMIN_TOKEN_WRITES: ReadonlySet<string> = new Set([
  'POST /api/admin/projects',
  'PUT /api/admin/projects/:id',
  'POST /api/admin/projects/stage_changes',
  'POST /api/admin/projects/:id/contacts',
  'PUT /api/admin/projects/:id/contacts/:recordId',
  'DELETE /api/admin/projects/:id/contacts/:recordId',
  'POST /api/admin/projects/:id/project_links',
  'PUT /api/admin/projects/:id/project_links/:recordId',
  'DELETE /api/admin/projects/:id/project_links/:recordId',
  'POST /api/admin/projects/:id/images',
  'PUT /api/admin/projects/:id/images/:recordId',
  'DELETE /api/admin/projects/:id/images/:recordId',
  'POST /api/admin/projects/:id/files',
  'PUT /api/admin/projects/:id/files/:recordId',
  'DELETE /api/admin/projects/:id/files/:recordId',
  'POST /api/admin/projects/:id/notes',
  'DELETE /api/admin/projects/:id/notes/:noteId',
  'POST /api/admin/projects/:id/usage-imports',
  'PUT /api/admin/proposal_tickets/:id',
  'PATCH /api/admin/proposal_tickets/:id',
  'PATCH /api/admin/leads/:id',
  'POST /api/admin/leads/:id/reject',
  'POST /api/admin/leads/:id/convert',
]);

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * The token scope a route accepts when it declares none (issue 40 item 1): the member's projects
 * and everything under /api/projects by method (reads need projects:read, writes
 * projects:write); under /api/admin, `admin` for every read and for the writes of
 * ADMIN_TOKEN_WRITES only. Any other route refuses tokens unless it says `config.tokenScope`
 * itself. The API reference shows what this answers.
 */
export function defaultTokenScope(url: string, methods: readonly string[]): ApiTokenScope | undefined {
  if (url === '/api/projects' || url.startsWith('/api/projects/')) return methods.every(isRead) ? 'projects:read' : 'projects:write';
  if (url.startsWith('/api/admin/')) return methods.every((method) => isRead(method) || ADMIN_TOKEN_WRITES.has(`${method} ${url}`)) ? 'admin' : undefined;
  return undefined;
}
