import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { serverTestFiles } from './scripts/test-files.mjs';

const EXCLUDE = ['src/reliability/**', 'node_modules/**'];

/**
 * The files that replace a module (vi.mock), or that run the ActionCable client, whose
 * test/cable-client.ts adds browser globals (`document`, window event hooks) that would reach the
 * next file (prismjs, in the mail templates, then takes Node for a browser): they get a module
 * registry of their own. Every other file shares its worker's modules with the files that ran
 * there before (isolate: false): the app's code keeps its state in the app it builds, never in a
 * module, and importing the app anew for each file was a third of the suite's time
 * (docs/decisions/059).
 */
const replacesModules = serverTestFiles()
  .filter(({ text }) => /\bvi\.(?:mock|doMock)\(|\bloadActionCable\(/.test(text))
  .map(({ file }) => file);

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    // Real processes on private services, run once by `npm test` (vitest.reliability.config.ts).
    exclude: EXCLUDE,
    // One migrated embedded database for the run, which every test app starts from.
    globalSetup: ['src/test/pglite-template.global.ts'],
    // Each file builds its own app on its own database (in-memory PGlite, or a private
    // schema on PostgreSQL), so files run in parallel without sharing state.
    // Vitest's default is one worker less than the cores: one worker on a two-core machine, with
    // the other core idle while a file waits on its database or a timer (docs/decisions/059).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Each project names its own files: a project's `include` is added to the root's.
      { extends: true, test: { name: 'server', include: ['src/**/*.test.ts'], isolate: false, exclude: [...EXCLUDE, ...replacesModules] } },
      ...(replacesModules.length > 0 ? [{ extends: true as const, test: { name: 'server (own modules)', include: replacesModules } }] : []),
    ],
  },
});
