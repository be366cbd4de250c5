#!/usr/bin/env node
/**
 * `npm run build [-- --outDir <dir>] [--emptyOutDir] [--mode <mode>]`: the client build, then
 * the public pages prerendered to static HTML (DESIGN.md "public pages").
 *
 * 1. `vite build` of the app into outDir (default dist).
 * 2. An SSR build of src/entry-server.tsx into a throw-away folder under node_modules, so that
 *    Node resolves its external imports (react, react-router, ...) from the workspace.
 * 3. Every path of PUBLIC_PAGE_PATHS rendered with react-dom/server into the built index.html
 *    (its script and link tags kept) and written to <outDir>/pages/<route>.html
 *    (pages/index.html for '/'), with the page's own <title> and meta description. The server
 *    answers those paths with these files and hands index.html to every other path.
 * 4. Every text file of outDir precompressed next to itself (.br and .gz).
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

process.env.NODE_ENV ??= 'production';
const { build, defaultServerConditions } = await import('vite');

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
await build({
  root: webRoot,
  mode,
  build: { outDir, ...(args.emptyOutDir === undefined ? {} : { emptyOutDir: args.emptyOutDir }) },
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
  const template = await readFile(path.join(outDir, 'index.html'), 'utf8');

  for (const route of PUBLIC_PAGE_PATHS) {
    const page = await renderPage(route);
    const file = path.join(outDir, 'pages', route === '/' ? 'index.html' : `${route.slice(1)}.html`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, fillTemplate(template, route, page));
  }
  const compressed = await precompress(outDir);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.info(`Prerendered ${PUBLIC_PAGE_PATHS.length} public pages into ${path.join(outDir, 'pages')}; ${compressed} files precompressed (${seconds} s in all).`);
} finally {
  await rm(ssrOutDir, { recursive: true, force: true });
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
  const files = entries.filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name)).map((entry) => path.join(entry.parentPath, entry.name));
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
