import { leadRegistrationBodySchema, leadSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { registerLead } from './lead-registration.service.js';

/** POST /api/user/leads (issue 39 item 3): a partner registers a site by hand, by the site rules. */
export const leadRegistrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/leads',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['Referrals'],
        summary: 'Register a lead by hand (company and address): 409 site_taken with the reason when the site is held, 422 registration_limit at the most open registrations',
        body: leadRegistrationBodySchema,
        response: { 201: z.object({ lead: leadSchema }) },
      },
    },
    async (request, reply) => reply.status(201).send({ lead: await registerLead(app.ctx, currentUser(request), request.body.lead) }),
  );
};
