import { execFile } from 'node:child_process';
import { rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { useTempDirs } from './test/temp-dirs.js';

/*
 * The checks `npm run lint` runs to keep the imports one way (docs/decisions/057): the cycle
 * script on fixture folders, and the boundaries rule on files placed in plugins/, lib/, modules/
 * and the root of apps/server/src.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const fixtures = 'scripts/fixtures/import-cycles';

async function checkCycles(dir: string, script = 'scripts/check-import-cycles.mjs'): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, `${fixtures}/${dir}`], { cwd: repoRoot });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('scripts/check-import-cycles.mjs', () => {
  it('fails on two files that import each other, and names them', async () => {
    const { code, output } = await checkCycles('value-cycle');
    expect(code).toBe(1);
    expect(output).toContain('1 import cycle');
    expect(output).toMatch(/invoice\.ts -> .*customer\.ts/);
  });

  it('counts type-only imports', async () => {
    const { code, output } = await checkCycles('type-cycle');
    expect(code).toBe(1);
    expect(output).toMatch(/order\.ts -> .*line\.ts/);
  });

  const tempDir = useTempDirs('import-cycles-');
  it('checks when run through a symlink too', async () => {
    const link = path.join(tempDir(), 'check-import-cycles.mjs');
    await symlink(path.join(repoRoot, 'scripts/check-import-cycles.mjs'), link);
    const { code, output } = await checkCycles('value-cycle', link);
    expect(code).toBe(1);
    expect(output).toContain('1 import cycle');
  });

  it('passes imports that run one way', async () => {
    const { code, output } = await checkCycles('no-cycle');
    expect(code).toBe(0);
    expect(output).toContain('No import cycles.');
  });
});

describe('the server layers (eslint.config.js, boundaries/dependencies)', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  /** The boundaries messages for `code` linted as if it were the file at `file`. */
  const boundaryErrors = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, file) });
    return (result?.messages ?? []).filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
  };

  it('refuses a plugin that imports a module, a type included', async () => {
    expect(await boundaryErrors('apps/server/src/plugins/probe.ts', "import { authenticate } from '../modules/auth/sessions.service.js';\nexport const probe = authenticate;\n")).toEqual([
      expect.stringContaining('"server-plugins" to elements of type "server-services"'),
    ]);
    expect(await boundaryErrors('apps/server/src/plugins/probe.ts', "import type { ProjectScope } from '../modules/projects/project-access.js';\nexport type Probe = ProjectScope;\n")).toHaveLength(1);
  });

  it('refuses lib/ importing a plugin or a module', async () => {
    const code = "import { currentUser } from '../plugins/auth.js';\nimport { recordAudit } from '../modules/audit/audit.service.js';\nexport const probe = [currentUser, recordAudit];\n";
    expect(await boundaryErrors('apps/server/src/lib/probe.ts', code)).toHaveLength(2);
  });

  it('refuses a plugin, lib/ or a module reaching past the layers through a root wiring file', async () => {
    // The review's bypass: a new root file that re-exports a module's service. Root files are
    // wiring unless listed as context, and nothing below the wiring may import one.
    const bridge = `apps/server/src/session-bridge-probe-${process.pid}.ts`;
    await writeFile(path.join(repoRoot, bridge), "export { authenticate } from './modules/auth/sessions.service.js';\n");
    try {
      const viaBridge = `import { authenticate } from '../${path.basename(bridge, '.ts')}.js';\nexport const probe = authenticate;\n`;
      expect(await boundaryErrors('apps/server/src/plugins/probe.ts', viaBridge)).toEqual([expect.stringContaining('"server-plugins" to file of category "server-wiring"')]);
      expect(await boundaryErrors('apps/server/src/lib/probe.ts', viaBridge)).toHaveLength(1);
    } finally {
      await rm(path.join(repoRoot, bridge), { force: true });
    }
    expect(await boundaryErrors('apps/server/src/plugins/probe.ts', "import { buildApp } from '../app.js';\nexport const probe = buildApp;\n")).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/lib/probe.ts', "import { runCluster } from '../cluster.js';\nexport const probe = runCluster;\n")).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/modules/projects/probe.ts', "import { buildApp } from '../../app.js';\nexport const probe = buildApp;\n")).toHaveLength(1);
  });

  it('keeps the context files (app-context.ts, config.ts, route-table.ts, ...) off modules, plugins and wiring', async () => {
    expect(await boundaryErrors('apps/server/src/app-context.ts', "import type { ProjectScope } from './modules/projects/project-access.js';\nexport type Probe = ProjectScope;\n")).toEqual([
      expect.stringContaining('category "server-context" belonging to elements of type "server" to elements of type "server-services"'),
    ]);
    expect(await boundaryErrors('apps/server/src/config.ts', "import { currentUser } from './plugins/auth.js';\nexport const probe = currentUser;\n")).toHaveLength(1);
    expect(await boundaryErrors('apps/server/src/route-table.ts', "import { buildApp } from './app.js';\nexport const probe = buildApp;\n")).toHaveLength(1);
  });

  it('lets plugins, lib/ and modules read the context files, and the wiring import every layer', async () => {
    expect(await boundaryErrors('apps/server/src/plugins/probe.ts', "import type { AppContext } from '../app-context.js';\nimport { isApiRoute } from '../route-table.js';\nexport type Probe = AppContext;\nexport const probe = isApiRoute;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/lib/probe.ts', "import type { Config } from '../config.js';\nexport type Probe = Config;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/projects/probe.ts', "import { loadConfig } from '../../config.js';\nexport const probe = loadConfig;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/server.ts', "import { authenticate } from './modules/auth/sessions.service.js';\nimport { currentUser } from './plugins/auth.js';\nexport const probe = [authenticate, currentUser];\n")).toEqual([]);
  });

  it('lets plugins use lib/, modules use plugins, and tests reach any layer', async () => {
    expect(await boundaryErrors('apps/server/src/plugins/probe.ts', "import { adminStanding } from '../lib/admin-standing.js';\nexport const probe = adminStanding;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/modules/projects/probe.ts', "import { currentUser } from '../../plugins/auth.js';\nexport const probe = currentUser;\n")).toEqual([]);
    expect(await boundaryErrors('apps/server/src/plugins/probe.test.ts', "import { startSession } from '../modules/auth/sessions.service.js';\nexport const probe = startSession;\n")).toEqual([]);
  });
});
