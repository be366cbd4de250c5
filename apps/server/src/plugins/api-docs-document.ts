import { API_TOKEN_PREFIX, ERROR_CODES } from '@sunin/contract';
import { z } from 'zod';
import { isApiRoute, routeClass, type RouteTableEntry } from '../route-table.js';
import { ERROR_EXAMPLE, OPERATION_EXAMPLES } from './api-docs-examples.js';
import { apiGuide } from './api-docs-guide.js';

/*
 * What the reference adds to the document @fastify/swagger makes from the route schemas (issue
 * 40 item 2): the error shape as a component and the errors each operation can answer, who may
 * call it (the `bearer` security requirement, and the scope a personal API token needs), the
 * examples, and the Getting started guide as the document's description.
 */

/** Every error body (plugins/errors.ts): `code` is one of the contract's ERROR_STATUS keys. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string().describe('For people: shown as written.'),
    fields: z.record(z.string(), z.string()).optional().describe('With `validation_failed`: the message of each field that was refused, by its name in the body or query.'),
    duplicate: z
      .object({ id: z.number().int(), company_name: z.string(), address: z.string(), project_stage: z.string() })
      .optional()
      .describe('With `possible_duplicate`: your project already at this site.'),
  }),
});

/** The one security scheme: given to @fastify/swagger, since route schemas may name it. */
export const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description: `A session's JWT (what POST /api/login answers in \`Authorization\`) or a personal API token (\`${API_TOKEN_PREFIX}...\`), sent as \`Authorization: Bearer <token>\`.`,
  },
} as const;

const ERROR_REF = { $ref: '#/components/schemas/Error' };

interface Operation {
  description?: string;
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  [extension: `x-${string}`]: unknown;
}

interface OpenApiDocument {
  info: { description?: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
  components?: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}

/** The document's path of a route URL: `/api/projects/:id` is `/api/projects/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The errors a route can answer beyond its own, each with what it means there. */
export function errorResponsesOf(route: RouteTableEntry): Record<string, string> {
  const kind = routeClass(route.method, route.url);
  const errors: Record<string, string> = {};
  if (route.schema?.body) errors['400'] = 'The body is not a JSON object in the documented shape (`bad_request`).';
  if (kind !== 'public') {
    errors['401'] = 'No valid session or API token, or it was revoked or has expired (`unauthorized`).';
    errors['403'] =
      kind === 'admin'
        ? 'Not a full access administrator (`forbidden`; `mfa_enrollment_required` until two-factor is on), or an API token without the scope this route needs (`insufficient_scope`).'
        : route.tokenScope
          ? 'An API token without the scope this route needs (`insufficient_scope`), or an action your account may not take (`forbidden`).'
          : 'Called with an API token: this route takes a signed-in session only (`insufficient_scope`); or an action your account may not take (`forbidden`).';
  }
  if (route.url.includes('/:')) errors['404'] = 'No such record, or not one of yours (`not_found`): another member\'s records answer as if they did not exist.';
  if (route.schema?.body || route.schema?.querystring) errors['422'] = 'A field was refused (`validation_failed`, each named in `fields`), or a rule of the portal refused the change (`rule_broken` and others).';
  errors['429'] = 'Too many requests: wait the `Retry-After` seconds (`rate_limited`).';
  return errors;
}

/** Who may call the route, as a line of its description. */
function accessLine(route: RouteTableEntry): string {
  const kind = routeClass(route.method, route.url);
  if (kind === 'public') return 'No authentication.';
  const who = kind === 'admin' ? 'A full access administrator' : 'Any signed-in member';
  if (!route.tokenScope) return `${who}, with a session: personal API tokens cannot call this route.`;
  if (route.tokenScope === 'any') return `${who}, with a session or any personal API token.`;
  return `${who}, with a session or a personal API token that has the \`${route.tokenScope}\` scope.`;
}

/** Completes the document @fastify/swagger built from `routeTable` (its `transformObject`). */
export function completeDocument<T extends object>(document: T, routeTable: readonly RouteTableEntry[], appUrl: string): T {
  const doc = document as T & OpenApiDocument;
  doc.info.description = apiGuide(appUrl);
  doc.servers = [{ url: appUrl }];
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, Error: { ...z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' }), example: ERROR_EXAMPLE } },
  };
  for (const route of routeTable) {
    if (!isApiRoute(route.url)) continue;
    const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) continue;
    const authenticated = routeClass(route.method, route.url) !== 'public';
    operation.security = authenticated ? [{ bearer: [] }] : [];
    if (authenticated) operation['x-token-scope'] = route.tokenScope ?? null;
    operation.description = [operation.description, accessLine(route)].filter(Boolean).join('\n\n');
    const responses = (operation.responses ??= {});
    for (const [status, description] of Object.entries(errorResponsesOf(route))) {
      responses[status] ??= { description, content: { 'application/json': { schema: ERROR_REF } } };
    }
    const examples = OPERATION_EXAMPLES[`${route.method} ${route.url}`];
    if (!examples) continue;
    const body = operation.requestBody?.content?.['application/json'];
    if (examples.request && body) body.example = examples.request.value;
    const answer = (responses[String(examples.response.status)] ??= { description: 'Success' });
    answer.content = { ...answer.content, 'application/json': { ...answer.content?.['application/json'], example: examples.response.value } };
  }
  return document;
}
