import type { FastifyInstance } from 'fastify';
/** The signature routes (issue 36 item 4): registered inside the public share routes. */
export function registerSignatureRoutes(_app: FastifyInstance): void {}
