import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Real processes on private services, run once by `npm test` (vitest.reliability.config.ts).
    exclude: ['src/reliability/**', 'node_modules/**'],
    // One migrated embedded database for the run, which every test app starts from.
    globalSetup: ['src/test/pglite-template.global.ts'],
    // Each file builds its own app on its own database (in-memory PGlite, or a private
    // schema on PostgreSQL), so files run in parallel without sharing state.
    // Vitest's default is one worker less than the cores: one worker on a two-core machine, with
    // the other core idle while a file waits on its database or a timer (docs/decisions/059).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
