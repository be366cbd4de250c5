import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { RouteTableEntry } from '../app.js';

/** Where the Swagger UI and the OpenAPI document (`/json`, `/yaml`) live. */
export const API_DOCS_PREFIX = '/api/docs';

const DOCS_INFO = {
  title: 'SunIn Partner Portal API',
  version: '0.1.0',
  description: 'All routes are under /api. Send the JWT from the login response as `Authorization: Bearer <token>`.',
};

/**
 * The API documentation, built on its first request (issue 19 item 7): @fastify/swagger, the
 * Swagger UI and the zod-to-JSON-Schema transform are loaded then, not at start-up. The
 * document is made by a second Fastify instance that never listens: it holds @fastify/swagger,
 * the Swagger UI, and every /api route of the app (method, URL and schema, from the route
 * table) with a handler that is never called; requests under /api/docs are answered by it.
 */
export function apiDocsRoutes(routeTable: readonly RouteTableEntry[]) {
  return async (app: FastifyInstance): Promise<void> => {
    let docs: Promise<FastifyInstance> | undefined;
    const docsApp = () => {
      docs ??= buildDocsApp(routeTable).catch((error: unknown) => {
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
      return reply.status(answer.statusCode).send(answer.rawPayload);
    };
    const options = { schema: { hide: true } } as const;
    app.get(API_DOCS_PREFIX, options, forward);
    app.get(`${API_DOCS_PREFIX}/*`, options, forward);
  };
}

async function buildDocsApp(routeTable: readonly RouteTableEntry[]): Promise<FastifyInstance> {
  const [{ default: Fastify }, { default: swagger }, { default: swaggerUi }, { jsonSchemaTransform }] = await Promise.all([
    import('fastify'),
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  const docs = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true } });
  // The routes are described, never called: nothing is validated or serialized here.
  docs.setValidatorCompiler(() => () => true);
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: { info: DOCS_INFO, components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } } },
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: API_DOCS_PREFIX, staticCSP: true });
  const described = () => {
    throw new Error('the documentation app answers only its own routes');
  };
  for (const route of routeTable) {
    if (!route.url.startsWith('/api/') || route.url.startsWith(API_DOCS_PREFIX)) continue;
    docs.route({ method: route.method as HTTPMethods, url: route.url, exposeHeadRoute: false, ...(route.schema ? { schema: route.schema } : {}), handler: described });
  }
  await docs.ready();
  return docs;
}
