#!/usr/bin/env node
/*
 * No import cycles (STYLE.md 13, docs/decisions/057), run by `npm run lint`. Every import
 * counts: static, dynamic, re-exports and type-only ones, since two files that need each
 * other's names, types included, want a third file that both import. (import-x/no-cycle skips
 * type-only imports, and most of the cycles issue 42 named were type-only.)
 *
 *   node scripts/check-import-cycles.mjs            the server, the web app and the contract
 *   node scripts/check-import-cycles.mjs DIR [...]  the .ts/.tsx files under each DIR
 *
 * Prints each cycle and exits 1 when there is one.
 */
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, prettyCircular, uniqueCirculars } from 'dpdm';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The workspaces' sources; the contract is reached through the server's and the web app's imports of it. */
const SOURCE_DIRS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

/** The tsconfig.json beside a workspace's src/ (it says how imports resolve), if any. */
function tsconfigOf(dir) {
  const candidate = path.join(dir, '..', 'tsconfig.json');
  return existsSync(candidate) ? candidate : undefined;
}

/** The import cycles among the .ts and .tsx files under `dirs`, each as a list of paths relative to `context`. */
export async function findImportCycles(dirs, context = repoRoot) {
  const trees = [];
  for (const dir of dirs) {
    const absolute = path.resolve(context, dir);
    const pattern = `${path.relative(context, absolute).split(path.sep).join('/')}/**/*.{ts,tsx}`;
    trees.push(await parseDependencyTree([pattern], { cwd: context, context, tsconfig: tsconfigOf(absolute), transform: false, skipDynamicImports: false }));
  }
  return uniqueCirculars(parseCircular(Object.assign({}, ...trees), false));
}

/**
 * Whether node runs this file (rather than a test importing findImportCycles). Both sides are
 * symlink-resolved: node resolves the module's own path (import.meta.url) but not argv[1], so
 * run through a symlink the check would otherwise fail and the script exit 0 having checked nothing.
 */
function runDirectly() {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (runDirectly()) {
  const dirs = process.argv.slice(2);
  const cycles = await findImportCycles(dirs.length > 0 ? dirs.map((dir) => path.resolve(dir)) : SOURCE_DIRS);
  if (cycles.length > 0) {
    console.error(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'} (docs/decisions/057: move what both files need to a third file):`);
    console.error(prettyCircular(cycles, '  '));
    process.exit(1);
  }
  console.info('No import cycles.');
}
