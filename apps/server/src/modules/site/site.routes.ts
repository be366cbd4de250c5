import { PUBLIC_PAGE_PATHS, TRAINING_VIDEO_CATALOG, type TrainingVideo } from '@sunin/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PrerenderedPages } from './prerendered-pages.js';

export function trainingVideos(baseUrl: string | undefined): TrainingVideo[] {
  if (!baseUrl) return [];
  return TRAINING_VIDEO_CATALOG.map(({ id, title, category, file }) => ({ id, title, category, src: `${baseUrl}/${file}` }));
}

/** Signed-in members' training videos; none when the deployment has not said where they are hosted. */
export const trainingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/training/videos',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['Training'],
        summary: 'The training videos of /sunin-school (TRAINING_VIDEO_BASE_URL)',
        response: { 200: z.array(z.object({ id: z.string(), title: z.string(), category: z.enum(['getting-started', 'platform']), src: z.string() })) },
      },
    },
    async () => trainingVideos(app.ctx.config.trainingVideoBaseUrl),
  );
};

const escapeXml = (value: string) => value.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/**
 * A real sitemap of the public pages, with absolute URLs from APP_URL and, for each page of the
 * web build, its lastmod: when the build wrote it (issue 20 item 5).
 */
export const sitemapRoutes: FastifyPluginAsync<{ pages: PrerenderedPages }> = async (app, { pages }) => {
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const entries = await Promise.all(
      PUBLIC_PAGE_PATHS.map(async (path) => {
        const modified = pages.routeOf(path) ? await pages.lastModified(path) : undefined;
        const lastmod = modified ? `<lastmod>${modified.toISOString().replace(/\.\d{3}Z$/, 'Z')}</lastmod>` : '';
        return `  <url><loc>${escapeXml(`${app.ctx.config.appUrl}${path}`)}</loc>${lastmod}</url>`;
      }),
    );
    const urls = entries.join('\n');
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(xml);
  });
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nDisallow: /api/\nDisallow: /dev/\nSitemap: ${app.ctx.config.appUrl}/sitemap.xml\n`),
  );
};
