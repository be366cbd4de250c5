import { LOGO_MAX_BYTES, userSchema } from '@sunin/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../plugins/auth.js';
import { receiveUpload, uploadSource } from '../projects/upload-request.js';
import { deleteLogo, openOwnLogo, uploadLogo } from './logo.service.js';
import { toUserResponse } from './user-response.js';

const tags = ['Session and account'];

/**
 * The partner's logo (issue 36 item 2). The GET also takes the web app's cookie, as downloads
 * do: the logo is shown by an <img>, which sends no bearer header.
 */
export const userLogoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/logo',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Upload my logo (multipart/form-data, field "file"): PNG, JPEG or WebP by content, at most 2 MB; replaces the old one', consumes: ['multipart/form-data'], response: { 200: userSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return toUserResponse(await receiveUpload(app, request, () => uploadLogo(app.ctx, user, uploadSource(request, LOGO_MAX_BYTES)), user.id));
    },
  );
  app.get(
    '/user/logo',
    // `v` is the version the profile's logo_url carries, so a new logo is a new address.
    { onRequest: app.requireUserOrCookie, schema: { tags, summary: 'My logo', querystring: z.object({ v: z.string().max(20).optional() }) } },
    async (request, reply) => {
      const logo = await openOwnLogo(app.ctx, currentUser(request));
      return reply
        .header('Content-Type', logo.contentType)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Disposition', 'inline')
        .header('Cache-Control', 'private, no-cache')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(logo.stream);
    },
  );
  app.delete('/user/logo', { onRequest: app.requireUser, schema: { tags, summary: 'Remove my logo' } }, async (request, reply) => {
    await deleteLogo(app.ctx, currentUser(request));
    return reply.status(204).send();
  });
};
