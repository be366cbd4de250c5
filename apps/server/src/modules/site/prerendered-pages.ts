import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import { SITE_URL_PLACEHOLDER } from '@sunin/contract';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** One prerendered page as it is answered: the site's address filled in, compressed once. */
export interface PageAnswer {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  lastModified: Date;
}

/**
 * The public pages prerendered at build time (DESIGN.md "public pages"), at
 * `pages/<route>.html` in the web build (`pages/index.html` is `/`).
 *
 * Their canonical links, Open Graph and Twitter tags and JSON-LD need the site's absolute address,
 * which the build cannot know: it writes SITE_URL_PLACEHOLDER, and the server puts APP_URL in its
 * place when a page is first asked for (issue 20 item 5). Each page is then compressed once
 * (brotli and gzip) and kept in memory: sixteen pages of a few dozen KiB.
 */
export class PrerenderedPages {
  private readonly files = new Map<string, string>();
  private readonly answers = new Map<string, Promise<PageAnswer>>();

  constructor(
    private readonly webDistDir: string,
    buildFiles: Set<string>,
    private readonly siteUrl: string,
  ) {
    for (const file of buildFiles) {
      if (!file.startsWith('/pages/') || !file.endsWith('.html')) continue;
      const route = file.slice('/pages'.length, -'.html'.length);
      this.files.set(route === '/index' ? '/' : route, file.slice(1));
    }
  }

  /** The page's route for a request path (a trailing slash ignored), if it has one. */
  routeOf(url: string): string | undefined {
    const route = url.length > 1 ? url.replace(/\/+$/, '') : url;
    return this.files.has(route) ? route : undefined;
  }

  answer(route: string): Promise<PageAnswer> {
    let answer = this.answers.get(route);
    if (!answer) {
      answer = this.prepare(route);
      // A failed read is tried again by the next request.
      answer.catch(() => this.answers.delete(route));
      this.answers.set(route, answer);
    }
    return answer;
  }

  /** When the build wrote the page: the sitemap's lastmod. */
  async lastModified(route: string): Promise<Date | undefined> {
    const file = this.files.get(route);
    if (!file) return undefined;
    return (await stat(path.join(this.webDistDir, file))).mtime;
  }

  private async prepare(route: string): Promise<PageAnswer> {
    const file = path.join(this.webDistDir, this.files.get(route)!);
    const [html, info] = await Promise.all([readFile(file, 'utf8'), stat(file)]);
    const identity = Buffer.from(html.replaceAll(SITE_URL_PLACEHOLDER, this.siteUrl));
    const [br, gzipped] = await Promise.all([
      brotli(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
      gz(identity, { level: 9 }),
    ]);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    return { identity, br, gzip: gzipped, etag, lastModified: info.mtime };
  }
}

/** brotli, then gzip, when the request accepts it (q=0 refuses); otherwise none. */
const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return (acceptEncoding && encodings.negotiate(acceptEncoding)) || undefined;
}
