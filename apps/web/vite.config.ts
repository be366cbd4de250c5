import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { brandContent } from './vite-plugins/brand-content.ts';
import { preloadFont } from './vite-plugins/preload-font.ts';
import { usStatePaths } from './vite-plugins/us-state-paths.ts';

// '@sunin/contract' exports its TypeScript under the 'source' condition: put it in front of
// Vite's own client defaults (module, browser, development|production) so the app bundles the
// contract's source and never needs a prior `npm run build -w packages/contract`.
const conditions = ['source', ...defaultClientConditions];

const apiServer = 'http://localhost:3000';

const TEST_FILES = ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'];
const sourceDir = fileURLToPath(new URL('./src', import.meta.url));
const STUBS_LOCATION = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file) && /vi\.stubGlobal\(\s*'location'/.test(readFileSync(path.join(sourceDir, file), 'utf8')))
  .map((file) => `src/${file.split('\\').join('/')}`);
const IN_CONTEXT = [
  ...['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'react-router', 'react-hook-form', '@hookform/resolvers/zod', 'zod'],
  ...['@tanstack/react-query', '@headlessui/react', 'react-hot-toast', 'recharts', 'js-cookie', 'idb', 'idb-keyval', 'qrcode', 'pdf-lib'],
  ...['@testing-library/react', '@testing-library/user-event', '@testing-library/jest-dom/vitest'],
];

export default defineConfig({
  // usStatePaths: the landing page's map, drawn at build time (virtual:us-state-paths). Every
  // build of scripts/build.mjs (the two client builds, the prerender) and vitest read it here.
  // preloadFont: a <link rel="preload"> for Inter's file in every built page (issue 20 item 2).
  // brandContent: content/brand.json, checked, with its images made responsive
  // (virtual:brand-content/*, issue 20 item 3); a mistake in it fails every build and test run.
  plugins: [react(), tailwindcss(), usStatePaths(), preloadFont(), brandContent()],
  resolve: { conditions },
  server: {
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/cable': { target: apiServer, ws: true },
      '/dev': { target: apiServer },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiServer },
      '/cable': { target: apiServer, ws: true },
      '/dev': { target: apiServer },
    },
  },
  // scripts/build.mjs builds index.html twice: the app (main.tsx), and the template of the
  // prerendered public pages with their own entry (main-public.tsx, decision 024).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The stylesheet is named by its content alone: both builds write the same one, and a
    // visitor moving from a public page into the app keeps it from the cache.
    rolldownOptions: {
      output: { assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.css')) ? 'assets/index-[hash][extname]' : 'assets/[name]-[hash][extname]') },
    },
  },
  test: {
    environment: 'jsdom',
    // Vitest's default is one worker less than the cores: one on a two-core machine (docs/decisions/059).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    setupFiles: ['./src/test/setup.ts'],
    // The libraries the tests run, bundled once a run and evaluated inside each file's jsdom
    // context (see vmThreads below): React, the router and the rest then see that context's
    // Error, Promise and ArrayBuffer, as they see the page's in a browser.
    deps: { optimizer: { client: { enabled: true, include: IN_CONTEXT } } },
    projects: [
      // Each file in a context of its own inside a long-lived worker (docs/decisions/064): jsdom
      // and the libraries are not loaded again from the start for every file, which took most of
      // the suite's time with a process per file.
      { extends: true, test: { name: 'web', pool: 'vmThreads', include: TEST_FILES, exclude: STUBS_LOCATION } },
      // window.location cannot be replaced inside a context, as in a browser: the files that
      // stub it (to see an assign or a reload jsdom does not perform) run in a process each.
      ...(STUBS_LOCATION.length > 0 ? [{ extends: true as const, test: { name: 'web (own process)', pool: 'forks' as const, include: STUBS_LOCATION } }] : []),
    ],
  },
});
