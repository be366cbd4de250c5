import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump } from '../db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite database every test app starts from (a file of `dumpDataDir`), or '' on PostgreSQL. */
    pgliteTemplatePath: string;
  }
}

/**
 * Vitest's global setup: migrates one embedded database for the whole run and gives its dump's
 * path to the test files. Starting PGlite and applying every migration took 2-4 s of CPU per
 * test app; loading the dump takes about a third of that (docs/decisions/059). On PostgreSQL
 * (DATABASE_URL) each file has a schema of its own and nothing is made here.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return () => {};
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'sunin-pglite-template-'));
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => rmSync(folder, { recursive: true, force: true });
}
