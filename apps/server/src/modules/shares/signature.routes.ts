import { shareSignatureSchema, shareTokenParamsSchema, signatureBodySchema, signatureCodeBodySchema, signatureCodeResponseSchema } from '@sunin/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../projects/attachments.service.js';
import { openSignedDocument, requestSignatureCode, signProposal } from './signature.service.js';

const tags = ['Customer links'];

/**
 * The customer's signature (issue 36 item 4), public: the link's token is the only credential.
 * Registered inside the public customer-link plugin under /api; each route is limited per
 * address, and the codes also per link (plugins/rate-limits.ts SHARE_LIMITS).
 */
export function registerSignatureRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/public/shares/:token/signature/code',
    {
      schema: { tags, summary: 'Email a six-digit signing code to the signer (10 minutes, 5 tries; a new code ends the one before)', params: shareTokenParamsSchema, body: signatureCodeBodySchema, response: { 200: signatureCodeResponseSchema } },
      preHandler: [app.limits.shareWritesPerIp, app.limits.signatureCodesPerShare],
    },
    async (request) => requestSignatureCode(app.ctx, request.params.token, request.body.signature.email),
  );

  app.post(
    '/public/shares/:token/signature',
    {
      schema: { tags, summary: 'Sign the current proposal with the emailed code (once per link; 201 with the signed PDF’s hash)', params: shareTokenParamsSchema, body: signatureBodySchema, response: { 201: shareSignatureSchema } },
      preHandler: [app.limits.shareWritesPerIp],
    },
    async (request, reply) => {
      const { consent: _consent, ...signature } = request.body.signature;
      const signed = await signProposal(app.ctx, request.params.token, signature, { ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 500) });
      return reply.status(201).send(signed);
    },
  );

  app.get(
    '/public/shares/:token/signature/document',
    { schema: { tags, summary: 'The signed PDF (evidence copy) of a signed link', params: shareTokenParamsSchema }, preHandler: [app.limits.sharePagePerIp] },
    async (request, reply) => {
      const { name, stream } = await openSignedDocument(app.ctx, request.params.token);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('attachment', name))
        .header('Cache-Control', 'private, no-store')
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Robots-Tag', 'noindex, nofollow')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(stream);
    },
  );
}
