import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { isApiRoute, type RouteTableEntry } from '../route-table.js';

/** Where the Swagger UI and the OpenAPI document (`/json`, `/yaml`) live. */
export const API_DOCS_PREFIX = '/api/docs';

const DOCS_INFO = { title: 'SunIn Partner Portal API', version: '1.0.0' };

/**
 * What a signed-out browser gets in production: the web app's login returns to pages of its own,
 * not to a server page like this one, so the page says where to sign in and to come back.
 */
const SIGN_IN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Sign in to read the API reference</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>Sign in to read the API reference</h1>
<p>The SunIn Partner Portal API reference is for signed-in partners.</p>
<p><a href="/login">Log in</a>, then open <a href="${API_DOCS_PREFIX}">${API_DOCS_PREFIX}</a> again in the same browser.</p>
</body></html>`;

/**
 * The API reference (issue 40 item 2), built on its first request (issue 19 item 7): @fastify/swagger, the
 * Swagger UI and the zod-to-JSON-Schema transform are loaded then, not at start-up. The
 * document is made by a second Fastify instance that never listens: it holds @fastify/swagger,
 * the Swagger UI, and every /api route of the app (method, URL and schema, from the route
 * table) with a handler that is never called; requests under /api/docs are answered by it.
 *
 * Public outside production; in production only for a signed-in user: the bearer header (a
 * session or any personal API token) or the web app's `authorization` cookie, which the browser
 * sends with the page and its assets. Register after the auth plugin.
 */
export function apiDocsRoutes(routeTable: readonly RouteTableEntry[]) {
  return async (app: FastifyInstance): Promise<void> => {
    let docs: Promise<FastifyInstance> | undefined;
    const docsApp = () => {
      docs ??= buildDocsApp(routeTable, app.ctx.config.appUrl).catch((error: unknown) => {
        docs = undefined; // a failed build is tried again by the next request
        throw error;
      });
      return docs;
    };
    const forward = async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await (await docsApp()).inject({ method: request.method as HTTPMethods, url: request.url, headers: { ...(request.headers['accept-encoding'] ? { 'accept-encoding': request.headers['accept-encoding'] } : {}) } });
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && name !== 'connection' && name !== 'keep-alive' && name !== 'date' && name !== 'transfer-encoding') reply.header(name, value);
      }
      // The document depends on who may read it: never kept by a shared cache in production.
      if (app.ctx.config.isProduction) reply.header('Cache-Control', 'private, no-cache');
      return reply.status(answer.statusCode).send(answer.rawPayload);
    };
    const signedIn = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        await app.requireUserOrCookie(request, reply);
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 401 || !request.headers.accept?.includes('text/html')) throw error;
        return reply.status(401).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(SIGN_IN_PAGE);
      }
    };
    const options = {
      schema: { hide: true },
      // Any personal API token may read the reference.
      config: { tokenScope: 'any' as const },
      ...(app.ctx.config.isProduction ? { onRequest: signedIn } : {}),
    };
    app.get(API_DOCS_PREFIX, options, forward);
    app.get(`${API_DOCS_PREFIX}/*`, options, forward);
  };
}

async function buildDocsApp(routeTable: readonly RouteTableEntry[], appUrl: string): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }, { completeDocument, SECURITY_SCHEMES }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
    import('./api-docs-document.js'),
  ]);
  const docs = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  // The routes are described, never called: nothing is validated or serialized here.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: { info: DOCS_INFO, components: { securitySchemes: SECURITY_SCHEMES } },
    transform: jsonSchemaTransform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) throw new Error('the reference is an OpenAPI 3 document');
      return completeDocument(document.openapiObject, routeTable, appUrl);
    },
  });
  await docs.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
  const described = () => {
    throw new Error('the documentation app answers only its own routes');
  };
  for (const route of routeTable) {
    if (!isApiRoute(route.url)) continue;
    docs.route({ method: route.method as HTTPMethods, url: route.url, exposeHeadRoute: false, ...(route.schema ? { schema: route.schema } : {}), handler: described });
  }
  await docs.ready();
  return docs;
}
