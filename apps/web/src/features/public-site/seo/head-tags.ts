import { APP_NAME } from '../../../lib/config';
import { SOCIAL_IMAGE, structuredData } from './structured-data';

/** Text for an HTML attribute. */
const attribute = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** JSON inside <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c').replaceAll('>', '\\u003e').replaceAll('&', '\\u0026');

/**
 * What the build adds to a prerendered public page's <head> (issue 20 item 5): its canonical
 * address, Open Graph and Twitter card tags with the social image, and its JSON-LD. `siteUrl`
 * is the site's absolute address without a trailing slash.
 */
export function headTags(page: { route: string; title: string; description: string }, siteUrl: string): string {
  const url = `${siteUrl}${page.route === '/' ? '/' : page.route}`;
  const image = `${siteUrl}${SOCIAL_IMAGE.path}`;
  const meta = (key: 'property' | 'name', name: string, content: string) => `<meta ${key}="${name}" content="${attribute(content)}" />`;
  return [
    `<link rel="canonical" href="${attribute(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
    meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
    meta('property', 'og:image:alt', SOCIAL_IMAGE.alt),
    meta('property', 'og:locale', 'en_US'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', SOCIAL_IMAGE.alt),
    ...structuredData(page.route, siteUrl).map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ].join('\n    ');
}
