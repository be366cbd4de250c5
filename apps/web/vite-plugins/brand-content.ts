import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { processImage, type ProcessedImage } from './brand-content/images.ts';
import { parseBrandContent, SOCIAL_NETWORKS, type BrandContent, type SocialNetwork } from './brand-content/schema.ts';
import { SOCIAL_ICONS } from './brand-content/social-icons.ts';

/**
 * The brand as content (issue 20 item 3): `content/brand.json` at the repository root, checked
 * against its schema (brand-content/schema.ts), with its images made responsive
 * (brand-content/images.ts), served as virtual modules. One module per part of the site, so a
 * page's chunk carries only what it shows (the landing page's 100 KiB budget, decision 024):
 *
 * - `virtual:brand-content/team`, `/partners`, `/gallery`, `/case-studies`: the lists;
 * - `virtual:brand-content/contact`: the addresses and the office;
 * - `virtual:brand-content/social`: the configured social links, in a fixed order, each with
 *   its icon's path;
 * - `virtual:brand-content`: all of them as named exports (Node-side code and tests).
 *
 * Images: in a build each variant is emitted as `assets/<name>-<hash>-<width>.<ext>` (not in
 * the SSR build, whose output is thrown away; the URLs are the same). The dev server and Vitest
 * use the same cached files under `/@brand-content/`, served by a middleware.
 */
const MODULE_PREFIX = 'virtual:brand-content';
const SECTIONS = ['team', 'partners', 'gallery', 'case-studies', 'contact', 'social'] as const;
type Section = (typeof SECTIONS)[number];
const DEV_URL_PREFIX = '/@brand-content/';

const webRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BrandContentOptions {
  /** The content folder; the repository's `content/` by default. */
  contentDir?: string;
  /** Where processed images are cached. */
  cacheDir?: string;
}

/** An image as components receive it: `<source>` sets for a `<picture>` and the `<img>` fallback. */
export interface BrandImage {
  src: string;
  width: number;
  height: number;
  /** AVIF first, then WebP; empty for an SVG. */
  sources: Array<{ type: 'image/avif' | 'image/webp'; srcset: string }>;
}

export function brandContent(options: BrandContentOptions = {}): Plugin {
  const contentDir = path.resolve(options.contentDir ?? path.join(webRoot, '..', '..', 'content'));
  const cacheDir = path.resolve(options.cacheDir ?? path.join(webRoot, 'node_modules', '.cache', 'brand-images'));
  let isBuild = false;
  let emitFiles = false;
  const emitted = new Set<string>();
  let modules: Promise<Record<Section, string>> | undefined;

  return {
    name: 'sunin-brand-content',
    configResolved(config) {
      isBuild = config.command === 'build';
      emitFiles = isBuild && !config.build.ssr;
    },
    buildStart() {
      modules = undefined;
      emitted.clear();
    },
    resolveId(id) {
      if (id.startsWith(`${MODULE_PREFIX}/`) && SECTIONS.includes(id.slice(MODULE_PREFIX.length + 1) as Section)) return `\0${id}`;
      return undefined;
    },
    async load(id) {
      if (!id.startsWith(`\0${MODULE_PREFIX}`)) return undefined;
      const brandFile = path.join(contentDir, 'brand.json');
      this.addWatchFile(brandFile);
      modules ??= loadModules(contentDir, cacheDir, isBuild, (image) => {
        this.addWatchFile(image.sourceFile);
        if (!emitFiles) return;
        for (const variant of image.variants) {
          if (emitted.has(variant.fileName)) continue;
          emitted.add(variant.fileName);
          this.emitFile({ type: 'asset', fileName: `assets/${variant.fileName}`, source: image.files.get(variant.fileName)! });
        }
      });
      const code = await modules;
      const name = id.slice(`\0${MODULE_PREFIX}`.length + 1);
      // Plain data: a build that imports a module and uses none of it leaves it out.
      return { code: code[name as Section], moduleSideEffects: false };
    },
    configureServer(server) {
      server.watcher.add(contentDir);
      server.watcher.on('change', (file) => {
        if (file === contentDir || file.startsWith(`${contentDir}${path.sep}`)) modules = undefined;
      });
      server.middlewares.use(DEV_URL_PREFIX, (request, response, next) => {
        const name = decodeURIComponent((request.url ?? '').split('?')[0]!.replace(/^\//, ''));
        const file = path.join(cacheDir, name);
        // A file name of the cache only: no folders, no '..', nothing that is not a file.
        if (name.includes('/') || name.includes('\\') || name.startsWith('.') || !existsSync(file) || !statSync(file).isFile()) return next();
        response.setHeader('Content-Type', CONTENT_TYPES[path.extname(name).slice(1)] ?? 'application/octet-stream');
        createReadStream(file).pipe(response);
      });
    },
  };
}

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png', svg: 'image/svg+xml' };

interface ReadyImage extends ProcessedImage {
  sourceFile: string;
  files: Map<string, Buffer>;
}

/** The URL of a variant: the same in a build (emitted under assets/) and the dev server (the middleware). */
function variantUrl(fileName: string, emitted: boolean): string {
  return emitted ? `/assets/${fileName}` : `${DEV_URL_PREFIX}${fileName}`;
}

/** Every image of the content, processed once per load, then the source of each module. */
async function loadModules(contentDir: string, cacheDir: string, isBuild: boolean, onImage: (image: ReadyImage) => void): Promise<Record<Section, string>> {
  const brandFile = path.join(contentDir, 'brand.json');
  const text = await readFile(brandFile, 'utf8').catch((error: unknown) => {
    throw new Error(`${brandFile} is missing: the public site reads its team, partners, gallery, case studies and contact details from it (README.md "Replacing the brand content").`, { cause: error });
  });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${brandFile} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  const brand = parseBrandContent(json, contentDir, brandFile);
  return buildModules(brand, async (relative) => {
    const sourceFile = path.join(contentDir, relative);
    const processed = await processImage(sourceFile, cacheDir);
    const files = new Map(await Promise.all(processed.variants.map(async (variant) => [variant.fileName, await readFile(path.join(processed.cacheDir, variant.fileName))] as const)));
    onImage({ ...processed, sourceFile, files });
    return toBrandImage(processed, isBuild);
  });
}

/** The variants as `<source>` sets and a fallback, largest last. */
export function toBrandImage(image: ProcessedImage, emitted: boolean): BrandImage {
  const url = (fileName: string) => variantUrl(fileName, emitted);
  if (image.kind === 'svg') return { src: url(image.variants[0]!.fileName), width: image.width, height: image.height, sources: [] };
  const srcset = (format: 'avif' | 'webp') =>
    image.variants
      .filter((variant) => variant.format === format)
      .map((variant) => `${url(variant.fileName)} ${variant.width}w`)
      .join(', ');
  const fallback = image.variants.find((variant) => variant.format === 'jpeg' || variant.format === 'png')!;
  return {
    src: url(fallback.fileName),
    width: image.width,
    height: image.height,
    sources: [
      { type: 'image/avif', srcset: srcset('avif') },
      { type: 'image/webp', srcset: srcset('webp') },
    ],
  };
}

/** The data each module exports, as JavaScript source. */
export async function buildModules(brand: BrandContent, image: (relative: string) => Promise<BrandImage>): Promise<Record<Section, string>> {
  const team = await Promise.all(brand.team.map(async ({ photo, ...member }) => ({ ...member, photo: photo ? await image(photo) : null })));
  const partners = await Promise.all(brand.partners.map(async ({ logo, url, ...partner }) => ({ ...partner, url: url ?? null, logo: await image(logo) })));
  const gallery = await Promise.all(brand.gallery.map(async ({ photo, alt, ...project }) => ({ ...project, photo: photo ? { ...(await image(photo)), alt: alt ?? '' } : null })));
  const { office } = brand;
  const contact = {
    email: brand.contact,
    office: { ...office, streetAddress: office.streetAddress ?? null, line: `${office.city}, ${office.state} ${office.zip}` },
  };
  const social = (Object.keys(SOCIAL_NETWORKS) as SocialNetwork[]).flatMap((network) => {
    const url = brand.social[network];
    return url ? [{ network, label: SOCIAL_NETWORKS[network].label, url, icon: SOCIAL_ICONS[network] }] : [];
  });
  const data: Record<Section, unknown> = { team, partners, gallery, 'case-studies': brand.caseStudies, contact, social };
  return Object.fromEntries(SECTIONS.map((section) => [section, `export default ${JSON.stringify(data[section])};\n`])) as Record<Section, string>;
}

