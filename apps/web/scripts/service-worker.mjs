/**
 * The service worker of the build (issue 41, docs/decisions/052-installable-app.md), made after
 * the two client builds and the prerender (build.mjs step 3):
 *
 * 1. `offline.html`: the plain page the worker shows for a public address when the network
 *    fails (it never shows a stale copy of one), with the brand's sun and a Try again link.
 * 2. src/sw.ts bundled on its own (one classic script, no imports left: every browser that
 *    installs web apps runs it) into a folder under node_modules.
 * 3. workbox-build's injectManifest writes it to `<outDir>/sw.js` with its precache list: the app
 *    build's own files (index.html, scripts, stylesheet, font; not the public pages' entry nor
 *    their images), the manifest, the icons, the favicon and offline.html, each with a revision.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { injectManifest } from 'workbox-build';

/** Files of the app build the shell needs offline: the page, its code and styles, the font. */
const SHELL_FILE = /^(?:index\.html|assets\/.+\.(?:js|css|woff2))$/;

async function writeOfflinePage(outDir, publicDir) {
  const favicon = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
  const sun = favicon.replace('<svg ', '<svg width="48" height="48" aria-hidden="true" ');
  const html = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="robots" content="noindex" />
    <meta name="theme-color" content="#15803d" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>You're offline · SunIn</title>
    <style>
      body { margin: 0; min-height: 100dvh; display: grid; place-items: center; background: #f8fafc; color: #0f172a; font: 16px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
      main { max-width: 28rem; margin: 1.5rem; padding: 2rem 1.5rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 1rem; text-align: center; }
      h1 { font-size: 1.375rem; margin: 1rem 0 0.5rem; }
      p { margin: 0 0 1rem; color: #334155; }
      a { color: #15803d; font-weight: 600; }
    </style>
  </head>
  <body>
    <main>
      ${sun}
      <h1>You're offline</h1>
      <p>This page needs a connection. The pages of your account that you opened before still open without one.</p>
      <p><a href="">Try again</a> · <a href="/projects">Your projects</a></p>
    </main>
  </body>
</html>
`;
  await writeFile(path.join(outDir, 'offline.html'), html);
}

/**
 * Writes offline.html and sw.js into `outDir`. `build` is Vite's; `appFiles` the file names of
 * the app build's output; `extraFiles` the icons and other root files to precache.
 */
export async function writeServiceWorker({ build, webRoot, outDir, mode, conditions, appFiles, extraFiles }) {
  await writeOfflinePage(outDir, path.join(webRoot, 'public'));
  const swOutDir = path.join(webRoot, 'node_modules', `.sw-${process.pid}-${Date.now()}`);
  try {
    await build({
      configFile: false,
      root: webRoot,
      mode,
      logLevel: 'warn',
      publicDir: false,
      resolve: { conditions },
      // Workbox logs its routing in development builds only.
      define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') },
      build: {
        outDir: swOutDir,
        emptyOutDir: true,
        copyPublicDir: false,
        lib: { entry: path.join(webRoot, 'src/sw.ts'), formats: ['iife'], name: 'suninServiceWorker', fileName: () => 'sw.js' },
      },
    });
    const shellFiles = appFiles.filter((file) => SHELL_FILE.test(file));
    const { count, size, warnings } = await injectManifest({
      swSrc: path.join(swOutDir, 'sw.js'),
      swDest: path.join(outDir, 'sw.js'),
      globDirectory: outDir,
      globPatterns: [...shellFiles, ...extraFiles, 'offline.html', 'manifest.webmanifest', 'favicon.svg'],
      // Hashed names need no revision of their own.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    });
    if (warnings.length > 0) throw new Error(`workbox-build: ${warnings.join('; ')}`);
    return { count, size };
  } finally {
    await rm(swOutDir, { recursive: true, force: true });
  }
}
