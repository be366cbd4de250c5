#!/usr/bin/env node
/**
 * `npm run build [-- --outDir <dir>] [--emptyOutDir] [--mode <mode>]`: the client build, then
 * the public pages prerendered to static HTML (DESIGN.md "public pages").
 *
 * 1. `vite build` of the app into outDir (default dist): index.html (main.tsx); then a second
 *    `vite build` of index.html with the public pages' own lean entry (main-public.tsx,
 *    docs/decisions/024-public-first-load.md), written as public-page.html.
 * 2. An SSR build of src/entry-server.tsx into a throw-away folder under node_modules, so that
 *    Node resolves its external imports (react, react-router, ...) from the workspace.
 * 3. Every path of PUBLIC_PAGE_PATHS rendered with react-dom/server into the built
 *    public-page.html (its script and link tags kept) and written to <outDir>/pages/<route>.html
 *    (pages/index.html for '/'), with the page's own <title> and meta description, and its
 *    canonical link, Open Graph and Twitter tags and JSON-LD (issue 20 item 5), the site's
 *    address written as SITE_URL_PLACEHOLDER for the server to fill in. The server answers
 *    those paths with these pages and hands index.html to every other path; the template
 *    itself is removed (no address serves it). Then social-card.png and logo.png
 *    (social-images.mjs), the installable app's icons (app-icons.mjs), and the service worker
 *    sw.js with its precache list and offline.html (service-worker.mjs, decision 052).
 * 4. Every text file of outDir but the pages precompressed next to itself (.br and .gz).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { APP_ICON_FILES, writeAppIcons } from './app-icons.mjs';
import { writeServiceWorker } from './service-worker.mjs';
import { writeSocialImages } from './social-images.mjs';

process.env.NODE_ENV ??= 'production';
const { build, defaultClientConditions, defaultServerConditions } = await import('vite');

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    outDir: { type: 'string' },
    emptyOutDir: { type: 'boolean' },
    mode: { type: 'string' },
  },
  strict: true,
});
const outDir = path.resolve(process.cwd(), args.outDir ?? path.join(webRoot, 'dist'));
const mode = args.mode ?? 'production';

const started = performance.now();
const page = (file) => path.join(webRoot, file);
const appBuild = await build({
  root: webRoot,
  mode,
  build: {
    outDir,
    ...(args.emptyOutDir === undefined ? {} : { emptyOutDir: args.emptyOutDir }),
    rolldownOptions: { input: { app: page('index.html') } },
  },
});
// A build of its own, not a second input of the first: tree-shaking works per module, so a
// chunk shared with the app would carry everything the app uses of a package (all of React
// Router, for one); alone, the public pages get only what they use. The two builds write
// content-hashed files into one folder; a file they share by content has one name. Its page
// is index.html with the public entry for the app's: written as public-page.html, the
// template of step 3.
await build({
  root: webRoot,
  mode,
  logLevel: 'warn',
  plugins: [publicPageTemplate()],
  build: { outDir, emptyOutDir: false, copyPublicDir: false, rolldownOptions: { input: { public: page('index.html') } } },
});

const ssrOutDir = path.join(webRoot, 'node_modules', `.prerender-${process.pid}-${Date.now()}`);
try {
  await build({
    root: webRoot,
    mode,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrOutDir, emptyOutDir: true, copyPublicDir: false, minify: false },
    // Bundle the contract from its TypeScript source (as the client build does); every npm
    // dependency stays external and Node loads it from node_modules. Only here: vitest runs
    // with the ssr settings too, and some dependencies publish a 'source' condition of their own.
    ssr: { noExternal: ['@sunin/contract'], resolve: { conditions: ['source', ...defaultServerConditions] } },
  });
  const { renderPage, PUBLIC_PAGE_PATHS } = await import(pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href);
  const templateFile = path.join(outDir, 'public-page.html');
  const template = await readFile(templateFile, 'utf8');

  for (const route of PUBLIC_PAGE_PATHS) {
    const page = await renderPage(route);
    const file = path.join(outDir, 'pages', route === '/' ? 'index.html' : `${route.slice(1)}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fillTemplate(template, route, page));
  }
  await rm(templateFile);
  await writeSocialImages(outDir, path.join(webRoot, 'public'));
  await writeAppIcons(outDir, path.join(webRoot, 'public'));
  const appFiles = [appBuild].flat().flatMap((result) => ('output' in result ? result.output.map((file) => file.fileName) : []));
  const precached = await writeServiceWorker({ build, webRoot, outDir, mode, conditions: ['source', ...defaultClientConditions], appFiles, extraFiles: APP_ICON_FILES });
  const compressed = await precompress(outDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(
    `Prerendered ${PUBLIC_PAGE_PATHS.length} public pages into ${path.join(outDir, 'pages')}; sw.js precaches ${precached.count} files (${(precached.size / 1024).toFixed(0)} KiB); ${compressed} files precompressed (${seconds} s in all).`,
  );
} finally {
  await rm(ssrOutDir, { recursive: true, force: true });
}

/** index.html with main-public.tsx for main.tsx, written as public-page.html (not over the app's index.html). */
function publicPageTemplate() {
  return {
    name: 'sunin-public-page-template',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => replaceOnce(html, /\/src\/main\.tsx/, '/src/main-public.tsx', 'main.tsx script'),
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html) throw new Error('The public build wrote no index.html.');
        delete bundle['index.html'];
        this.emitFile({ type: 'asset', fileName: 'public-page.html', source: html.source });
      },
    },
  };
}

/** Text for an HTML attribute or element. */
function escapeHtml(text) {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** One replacement that must happen exactly once, or the template is not what we expect. */
function replaceOnce(html, pattern, replacement, what) {
  const matches = html.match(new RegExp(pattern.source, 'g')) ?? [];
  if (matches.length !== 1) throw new Error(`index.html: expected one ${what}, found ${matches.length}.`);
  return html.replace(pattern, () => replacement);
}

function fillTemplate(template, route, page) {
  let html = replaceOnce(template, /<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    'meta description',
  );
  html = replaceOnce(html, /<\/head>/, `  ${page.head}\n  </head>`, '</head>');
  return replaceOnce(html, /<div id="root"><\/div>/, `<div id="root" data-prerendered-path="${escapeHtml(route)}">${page.html}</div>`, '#root');
}

/**
 * 4. Every text file of the build written again as `<file>.br` (brotli, best) and `<file>.gz`
 *    (gzip, best) next to it, where that saves bytes. The server hands them to browsers that
 *    accept them (@fastify/static preCompressed), so no request pays for compression.
 */
async function precompress(dir) {
  const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|xml|txt|webmanifest)$/;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  // Not the prerendered pages: the server fills in the site's address and compresses them itself.
  const pagesDir = path.join(dir, 'pages');
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name) && entry.parentPath !== pagesDir && !entry.parentPath.startsWith(`${pagesDir}${path.sep}`))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  let written = 0;
  for (const file of files) {
    const body = await readFile(file);
    if (body.length < 1024) continue;
    const variants = [
      ['.br', await brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } })],
      ['.gz', await gz(body, { level: 9 })],
    ];
    for (const [extension, packed] of variants) {
      if (packed.length >= body.length) continue;
      await writeFile(`${file}${extension}`, packed);
      written++;
    }
  }
  return written;
}
