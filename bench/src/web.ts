/**
 * Web (npm run bench:web): for every prerendered public page and the SPA shell of member and
 * admin routes, the JavaScript and CSS a first visit loads, gzip-compressed (zlib, default
 * level), two ways: what the HTML names (module script, modulepreload and stylesheet links)
 * plus the chunks those import statically, and what Chromium actually fetched by network idle
 * (which adds the route's lazily loaded page chunk). Then Lighthouse (default mobile config)
 * on /, /pricing and /login of the real built server. Each figure that issue 19 item 6 sets a
 * target for is printed beside it, with whether it holds.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createBenchDatabase, withClient } from './lib/database.js';
import { repoRoot, webDist } from './lib/env.js';
import { resolveRedisUrl } from './lib/redis.js';
import { fixed, kib, note, printTable } from './lib/report.js';
import { insertAdmin, insertMembers } from './lib/seed.js';
import { startPortalServer } from './lib/server.js';
import { mintAccessToken } from './lib/tokens.js';

const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
/** Member and admin routes, served by the SPA shell index.html, visited signed in. */
const SHELL_ROUTES = [
  { route: '/projects', signedIn: 'member' },
  { route: '/admin', signedIn: 'admin' },
] as const;
type SignedIn = false | 'member' | 'admin';
const LIGHTHOUSE_ATTEMPTS = 2;
const LIGHTHOUSE_ROUTES = ['/', '/pricing', '/login'];

/** A target of issue 19 item 6: how it reads in the table and whether a figure meets it. */
interface Target {
  label: string;
  holds: (value: number) => boolean;
}
const atMost = (limit: number): Target => ({ label: `≤ ${limit}`, holds: (value) => value <= limit });
const atLeast = (limit: number): Target => ({ label: `≥ ${limit}`, holds: (value) => value >= limit });
const exactly = (limit: number): Target => ({ label: String(limit), holds: (value) => value === limit });

/**
 * JavaScript Chromium fetches until network idle, in the table's gzip KiB: at most 100 on every
 * public page, 200 on the member's /projects; the admin shell has no target.
 */
function jsTarget(signedIn: SignedIn, route: string): Target | null {
  if (!signedIn) return atMost(100);
  return route === '/projects' ? atMost(200) : null;
}
/** A public page's "meets" is "no (service worker)" when its scripts register the worker. */
function publicPageColumns([target, meets]: [string, string], signedIn: SignedIn, loadedAssets: string[]): [string, string] {
  return !signedIn && registersServiceWorker(loadedAssets) ? [target, 'no (service worker)'] : [target, meets];
}

/** Lighthouse mobile on /, /pricing and /login: performance at least 95, accessibility 100. */
const PERFORMANCE_TARGET = atLeast(95);
const ACCESSIBILITY_TARGET = exactly(100);

/** The target and "yes"/"no" columns beside a figure; "-" where it has no target. */
function targetColumns(value: number, target: Target | null): [string, string] {
  if (!target) return ['-', '-'];
  return [target.label, Number.isFinite(value) && target.holds(value) ? 'yes' : 'no'];
}

interface RouteAssets {
  route: string;
  signedIn: SignedIn;
  htmlFile: string;
}

const gzipCache = new Map<string, number>();
function gzipBytes(assetPath: string): number {
  const cached = gzipCache.get(assetPath);
  if (cached !== undefined) return cached;
  const size = gzipSync(readFileSync(path.join(webDist, assetPath))).length;
  gzipCache.set(assetPath, size);
  return size;
}

function listRoutes(): RouteAssets[] {
  const routes: RouteAssets[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name), `${prefix}/${entry.name}`);
      else if (entry.name.endsWith('.html')) {
        const route = `${prefix}/${entry.name.slice(0, -'.html'.length)}`;
        routes.push({ route: route === '/index' ? '/' : route, signedIn: false, htmlFile: path.join(dir, entry.name) });
      }
    }
  };
  walk(path.join(webDist, 'pages'), '');
  routes.sort((a, b) => a.route.localeCompare(b.route));
  return [...routes, ...SHELL_ROUTES.map((shell) => ({ ...shell, htmlFile: path.join(webDist, 'index.html') }))];
}

/** The module script, modulepreloads and stylesheets of the HTML, plus their static imports. */
function staticAssets(htmlFile: string): string[] {
  const html = readFileSync(htmlFile, 'utf8');
  const found = new Set<string>();
  for (const match of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) if (match[1]) found.add(match[1]);
  for (const match of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*\bhref="([^"]+)"/g)) if (match[1]) found.add(match[1]);
  const queue = [...found].filter((asset) => asset.endsWith('.js'));
  while (queue.length > 0) {
    const asset = queue.pop() as string;
    const code = readFileSync(path.join(webDist, asset), 'utf8');
    // Static imports only (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` is lazy.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["'](\.\/[^"']+\.js)["']/g)) {
      const target = path.posix.join(path.posix.dirname(asset), match[1] as string);
      if (!found.has(target)) {
        found.add(target);
        queue.push(target);
      }
    }
  }
  return [...found];
}

/** Whether any of the scripts registers the service worker (issue 41: only the member app may; a public page's first load must not carry it). */
function registersServiceWorker(assets: string[]): boolean {
  return assets.some((asset) => asset.endsWith('.js') && /serviceWorker|\/sw\.js/.test(readFileSync(path.join(webDist, asset), 'utf8')));
}

function sizes(assets: string[]): { jsFiles: number; js: number; css: number } {
  let js = 0;
  let css = 0;
  let jsFiles = 0;
  for (const asset of assets) {
    if (asset.endsWith('.js')) {
      js += gzipBytes(asset);
      jsFiles++;
    } else if (asset.endsWith('.css')) css += gzipBytes(asset);
  }
  return { jsFiles, js, css };
}

/**
 * One Lighthouse run in a fresh Chromium. A second attempt only when the trace itself failed
 * (NO_NAVSTART and the like happen on a loaded machine); a page error is never retried away.
 */
async function runLighthouse(url: string) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      if (!lhr.runtimeError) return lhr;
      if (attempt >= LIGHTHOUSE_ATTEMPTS) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
      console.warn(`Lighthouse on ${url}: ${lhr.runtimeError.code}; trying once more.`);
    } finally {
      chrome.kill();
    }
  }
}

/**
 * Debian's Chromium, as the end-to-end tests get it: scripts/ensure-chromium.mjs installs it with
 * apt-get when it is missing and we are root, and otherwise says what to do (a new machine has
 * none until something installs it). A CHROME_PATH of one's own is used as it is.
 */
function ensureChromium(): void {
  if (existsSync(CHROMIUM) || process.env.CHROME_PATH) return;
  const result = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/ensure-chromium.mjs')], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The web benchmark needs Chromium at ${CHROMIUM}; see the message above.`);
}

export async function runWebBench(): Promise<void> {
  note('\n## Web');
  ensureChromium();
  const routes = listRoutes();
  const database = await createBenchDatabase();
  const server = await startPortalServer({ databaseUrl: database.url, redisUrl: await resolveRedisUrl() });
  const { memberId, adminId } = await withClient(database.url, async (client) => ({ memberId: (await insertMembers(client, 1, 'web-member-'))[0] ?? 0, adminId: await insertAdmin(client) }));

  // What Chromium fetches for each route, until the network is idle.
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  const loaded = new Map<string, string[]>();
  try {
    for (const { route, signedIn } of routes) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (signedIn) {
        // The cookies the web app's login writes (apps/web/src/lib/session.ts).
        const userId = signedIn === 'admin' ? adminId : memberId;
        const userName = signedIn === 'admin' ? 'bench-admin' : 'web-member-1';
        const cookie = { domain: '127.0.0.1', path: '/', sameSite: 'Strict' as const };
        await context.setCookie(
          { ...cookie, name: 'authorization', value: mintAccessToken(server.jwtSecret, userId) },
          { ...cookie, name: 'account_type', value: 'referral_partner' },
          ...(signedIn === 'admin' ? [{ ...cookie, name: 'company_role', value: 'full_access_admin' }] : []),
          { ...cookie, name: 'username', value: userName },
          { ...cookie, name: 'email', value: `${userName}@bench.example` },
          { ...cookie, name: 'id', value: String(userId) },
        );
      }
      const assets: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        const type = response.request().resourceType();
        if (url.origin === server.baseUrl && (type === 'script' || type === 'stylesheet') && url.pathname.startsWith('/assets/')) assets.push(url.pathname);
      });
      await page.goto(`${server.baseUrl}${route}`, { waitUntil: 'networkidle0', timeout: 30_000 });
      if (signedIn && new URL(page.url()).pathname !== route) throw new Error(`${route} redirected to ${page.url()}: the signed-in cookies were not accepted.`);
      loaded.set(route, [...new Set(assets)]);
      await context.close();
    }
  } finally {
    await browser.close();
  }

  printTable(
    'Web: JavaScript and CSS loaded first (gzip KiB)',
    ['route', 'HTML: JS files', 'HTML: JS', 'HTML: CSS', 'HTML: total', 'Chromium: JS files', 'Chromium: JS', 'target', 'meets', 'Chromium: CSS', 'Chromium: total'],
    routes.map(({ route, signedIn, htmlFile }) => {
      const fromHtml = sizes(staticAssets(htmlFile));
      const fromBrowser = sizes(loaded.get(route) ?? []);
      return [
        signedIn ? `${route} (SPA shell, ${signedIn})` : route,
        String(fromHtml.jsFiles),
        kib(fromHtml.js),
        kib(fromHtml.css),
        kib(fromHtml.js + fromHtml.css),
        String(fromBrowser.jsFiles),
        kib(fromBrowser.js),
        // The target is read in the table's unit, KiB, compared to the figure as printed; a
        // public page that loads service worker code misses it whatever its size.
        ...publicPageColumns(targetColumns(Number(kib(fromBrowser.js)), jsTarget(signedIn, route)), signedIn, loaded.get(route) ?? []),
        kib(fromBrowser.css),
        kib(fromBrowser.js + fromBrowser.css),
      ];
    }),
  );
  note('HTML: the module script, modulepreload and stylesheet links of the served HTML plus their static imports. Chromium: every /assets/ script and stylesheet fetched until network idle (adds the lazily loaded route chunk).');
  note('target: issue 19 item 6 for Chromium: JS, in the same KiB: every public page ≤ 100, the member\'s /projects ≤ 200; meets: whether the figure holds it (and, on a public page, that none of its scripts registers the service worker, issue 41).');

  const rows: string[][] = [];
  for (const route of LIGHTHOUSE_ROUTES) {
    const lhr = await runLighthouse(`${server.baseUrl}${route}`);
    for (const warning of lhr.runWarnings) console.warn(`Lighthouse ${route}: ${warning}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const [performance, accessibility] = [score('performance'), score('accessibility')];
    rows.push([
      route,
      fixed(performance, 0),
      ...targetColumns(performance, PERFORMANCE_TARGET),
      fixed(accessibility, 0),
      ...targetColumns(accessibility, ACCESSIBILITY_TARGET),
      fixed(score('best-practices'), 0),
      fixed(score('seo'), 0),
      fixed(audit('first-contentful-paint'), 0),
      fixed(audit('largest-contentful-paint'), 0),
      fixed(audit('total-blocking-time'), 0),
      fixed(audit('cumulative-layout-shift'), 3),
    ]);
  }
  printTable(
    'Web: Lighthouse (mobile, simulated throttling)',
    ['route', 'performance', 'target', 'meets', 'accessibility', 'target', 'meets', 'best practices', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
    rows,
  );
  note('target: issue 19 item 6, performance ≥ 95 and accessibility 100 on /, /pricing and /login; meets: whether the score holds it.');
  note(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version} with ${CHROMIUM}, against the built server (NODE_ENV=production) on 127.0.0.1.`);

  await server.stop();
  await database.drop();
}
