import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, serverEntry, webDist } from './env.js';

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/**
 * Runs the root `npm run build` when the server or web build is missing or older than the
 * sources of the contract, the server or the web app.
 */
export function ensureBuilt(): void {
  const built = [serverEntry, path.join(webDist, 'index.html')];
  const oldestBuild = Math.min(...built.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sources = ['packages/contract/src', 'apps/server/src', 'apps/server/drizzle', 'apps/web/src', 'apps/web/index.html', 'apps/web/public'].map((dir) => path.join(repoRoot, dir));
  const newestSource = Math.max(...sources.map(newestMtime));
  if (oldestBuild > 0 && oldestBuild >= newestSource) {
    console.info('Build is up to date (apps/server/dist, apps/web/dist).');
    return;
  }
  console.info('Building the portal (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}
